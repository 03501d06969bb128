/**
 * The server data behind the spec's userData and userFavListing: RTK Query's cache is their one
 * owner. The session user is sessionApi's getSessionUser entry; the user's favourites are
 * favoritesApi's getFavorites entry for that user's id.
 *
 * The spec's actions still change them, so they keep being mirrored between tabs
 * (../sync/tabSync): `serverCacheMiddleware` applies setUserData, setUserFavListing,
 * removeUserFavListing and a new tab's tabStateReceived to the cache with RTK Query's own
 * utilities (upsertQueryEntries, updateQueryData), in the tab that dispatched them and in every
 * tab they are mirrored to. A favourite toggle is therefore an optimistic cache update: the
 * heart changes at once, the write follows, and a failed write is undone with the opposite
 * action (shared/favourites).
 */
import { createSelector, type Middleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { favoritesApi, sessionApi, type api, type AppUser } from 'shared/api';
import { mergeFavourites, removeFavourite, toggleFavourite } from 'shared/rules';
import {
  removeUserFavListing,
  selectIsFavorite,
  selectItemId,
  setIsFavorite,
  setItemId,
  setShowLogin,
  setUserData,
  setUserFavListing,
  tabStateReceived,
  type AppState,
  type MirroredAppState,
} from './appSlice';

/** The part of the store these selectors read: the app slice and the api's cache. */
export interface ServerCacheState {
  app: AppState;
  api: ReturnType<typeof api.reducer>;
}

const selectSessionUser = sessionApi.endpoints.getSessionUser.select();
const NO_FAVOURITES: readonly number[] = [];

/** The signed-in user, or null (signed out, or not known yet). */
export function selectUserData(state: ServerCacheState): AppUser | null {
  return selectSessionUser(state).data ?? null;
}

export function selectIsLoggedIn(state: ServerCacheState): boolean {
  return selectUserData(state) !== null;
}

/** getFavorites' selector for one user, made once: every heart reads it on every store change. */
const favouritesSelectors = new Map<string, ReturnType<typeof favoritesApi.endpoints.getFavorites.select>>();
function selectFavouritesEntry(userId: string) {
  let selector = favouritesSelectors.get(userId);
  if (!selector) {
    selector = favoritesApi.endpoints.getFavorites.select(userId);
    favouritesSelectors.set(userId, selector);
  }
  return selector;
}

/** The signed-in user's favourite listing ids, each once (empty while signed out or loading). */
export function selectUserFavListing(state: ServerCacheState): readonly number[] {
  const user = selectUserData(state);
  if (user === null) return NO_FAVOURITES;
  return selectFavouritesEntry(user.id)(state).data ?? NO_FAVOURITES;
}

/** Whether one listing is among the favourites (its heart is filled). */
export function selectIsListingFavourite(state: ServerCacheState, itemId: number): boolean {
  return selectUserFavListing(state).includes(itemId);
}

/** What a new tab takes over from this one. */
export const selectMirroredAppState = createSelector(
  [selectUserData, selectUserFavListing, selectIsFavorite, selectItemId],
  (userData, userFavListing, isFavorite, itemId): MirroredAppState => ({
    userData,
    userFavListing: [...userFavListing],
    isFavorite,
    itemId,
  }),
);

type CacheDispatch = ThunkDispatch<ServerCacheState, unknown, UnknownAction>;

function upsertUser(dispatch: CacheDispatch, user: AppUser | null): void {
  dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getSessionUser', arg: undefined, value: user }]));
}

/**
 * Applies the spec's user and favourite actions to RTK Query's cache (see the module comment),
 * before passing them on: the cache's own actions are batched (subscribers hear of them later),
 * the spec's action is not, so screens see the change as soon as it is dispatched.
 */
export const serverCacheMiddleware: Middleware<object, ServerCacheState> = (store) => (next) => (action) => {
  const dispatch = store.dispatch as CacheDispatch;
  if (setUserData.match(action)) {
    upsertUser(dispatch, action.payload);
  } else if (setUserFavListing.match(action) || removeUserFavListing.match(action)) {
    const user = selectUserData(store.getState());
    // Favourites not loaded in this tab yet: the load brings the server's list, change included.
    if (user !== null) {
      dispatch(
        favoritesApi.util.updateQueryData('getFavorites', user.id, (ids) =>
          setUserFavListing.match(action) ? mergeFavourites(ids, action.payload) : removeFavourite(ids, action.payload),
        ),
      );
    }
  } else if (tabStateReceived.match(action)) {
    const { userData, userFavListing } = action.payload;
    upsertUser(dispatch, userData);
    if (userData !== null) {
      dispatch(
        favoritesApi.util.upsertQueryEntries([
          { endpointName: 'getFavorites', arg: userData.id, value: mergeFavourites([], userFavListing) },
        ]),
      );
    }
  }
  return next(action);
};

/**
 * The heart toggle. Signed out: opens the login dialog. Signed in: a favourite is removed
 * (isFavorite false), any other listing added (true). The item id is recorded FIRST, so that
 * whatever persists favourites on the list or flag change already sees which listing it is.
 */
export function toggleFavorite(itemId: number) {
  return (dispatch: CacheDispatch, getState: () => ServerCacheState): void => {
    if (selectUserData(getState()) === null) {
      dispatch(setShowLogin(true));
      return;
    }
    const { isFavorite } = toggleFavourite(selectUserFavListing(getState()), itemId);
    dispatch(setItemId(itemId));
    dispatch(isFavorite ? setUserFavListing([itemId]) : removeUserFavListing(itemId));
    dispatch(setIsFavorite(isFavorite));
  };
}
