/**
 * The heart toggle every screen uses (discovery spec section 4, accounts spec section 4).
 *
 * Signed out, the app slice's toggleFavorite opens the login dialog. Signed in, it flips the
 * listing in userFavListing, sets isFavorite and records the itemId; then the change is
 * persisted here: an add when the flag is now true, a remove otherwise. Persisting in the tab
 * that toggled (rather than on every state change) keeps the mirrored tabs from writing the
 * same change again. A failed write puts the list back and shows the error.
 */
import { useCallback } from 'react';
import { favoritesApi } from 'shared/api';
import {
  removeUserFavListing,
  selectIsListingFavourite,
  setIsFavorite,
  setUserFavListing,
  toggleFavorite,
  showToast,
} from 'shared/state';
import { useAppDispatch, useAppSelector, type AppDispatch, type RootState } from 'shared/store';

/** Toggles one listing and writes the change to the server; resolves when it is written. */
export function toggleAndPersistFavorite(itemId: number) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    dispatch(toggleFavorite(itemId));
    const { userData, isFavorite, itemId: current } = getState().app;
    if (userData === null || current === null) return;
    const { endpoints } = favoritesApi;
    const result = await dispatch(
      (isFavorite ? endpoints.addFavorite : endpoints.removeFavorite).initiate(itemId, { track: false }),
    );
    const { error } = result;
    if (!error) return;
    dispatch(isFavorite ? removeUserFavListing(itemId) : setUserFavListing([itemId]));
    dispatch(setIsFavorite(!isFavorite));
    dispatch(showToast({ kind: 'error', message: error.message ?? 'Your favourites could not be saved.' }));
  };
}

export interface FavoriteToggle {
  /** Whether the listing is among the favourites (its heart is filled). */
  isFavorite: boolean;
  toggle: () => Promise<void>;
}

export function useFavoriteToggle(itemId: number): FavoriteToggle {
  const dispatch = useAppDispatch();
  const isFavorite = useAppSelector((state) => selectIsListingFavourite(state, itemId));
  const toggle = useCallback(() => dispatch(toggleAndPersistFavorite(itemId)), [dispatch, itemId]);
  return { isFavorite, toggle };
}
