/**
 * The heart toggle every screen uses (discovery spec section 4, accounts spec section 4).
 *
 * Signed out, toggleFavorite opens the login dialog. Signed in (the list loaded first if it is
 * not yet), it records the itemId, adds or removes the listing in the favourites' cache entry (an optimistic update: the heart changes at
 * once) and sets isFavorite; then the change is persisted here: an add when the flag is now
 * true, a remove otherwise. Persisting in the tab that toggled (rather than on every change)
 * keeps the mirrored tabs from writing the same change again. A failed write undoes the change
 * with the opposite spec action (so other tabs undo it too) and shows the error.
 */
import { useCallback } from 'react';
import { favoritesApi } from 'shared/api';
import {
  removeUserFavListing,
  selectIsFavorite,
  selectIsListingFavourite,
  selectItemId,
  selectUserData,
  setIsFavorite,
  setUserFavListing,
  toggleFavorite,
  showToast,
} from 'shared/state';
import { useAppDispatch, useAppSelector, type AppDispatch, type RootState } from 'shared/store';

/** Toggles one listing and writes the change to the server; resolves when it is written. */
export function toggleAndPersistFavorite(itemId: number) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    // Add or remove depends on the list: load it first when it is not here yet (no request
    // when it is). Unknown, the heart does not change.
    const user = selectUserData(getState());
    if (user !== null) {
      const list = await dispatch(favoritesApi.endpoints.getFavorites.initiate(user.id, { subscribe: false }));
      if (list.error) {
        dispatch(showToast({ kind: 'error', message: list.error.message ?? 'Your favourites could not be loaded.' }));
        return;
      }
    }
    dispatch(toggleFavorite(itemId));
    const state = getState();
    if (selectUserData(state) === null || selectItemId(state) === null) return;
    const isFavorite = selectIsFavorite(state);
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
