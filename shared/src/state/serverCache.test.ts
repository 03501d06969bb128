import { describe, expect, it } from 'vitest';
import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { api, favoritesApi, sessionApi, type AppUser } from 'shared/api';
import { appSlice, initialAppState, removeUserFavListing, setUserData, setUserFavListing, tabStateReceived } from './appSlice';
import {
  selectIsListingFavourite,
  selectIsLoggedIn,
  selectMirroredAppState,
  selectUserData,
  selectUserFavListing,
  serverCacheMiddleware,
  toggleFavorite,
  type ServerCacheState,
} from './serverCache';

const USER: AppUser = { id: 'b7d3c1f0-7a0e-4c51-8f65-1c2d3e4f5a6b', email: 'ana@example.com', name: 'Ana', isAnonymous: false };
const OTHER: AppUser = { id: '0c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', email: 'bo@example.com', name: 'Bo', isAnonymous: false };

const reducer = combineSlices(appSlice, api);

/** The app slice and the api's cache with the middleware under test; no request is made. */
function newStore() {
  const types: string[] = [];
  const recorder: Middleware<object, ServerCacheState> = () => (next) => (action) => {
    if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string') types.push(action.type);
    return next(action);
  };
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(api.middleware, serverCacheMiddleware, recorder),
  });
  return { store, types };
}

/** A signed-in tab whose favourites are loaded (as another tab hands them over). */
function signedIn(favourites: number[], user = USER) {
  const made = newStore();
  made.store.dispatch(tabStateReceived({ userData: user, userFavListing: favourites, isFavorite: false, itemId: null }));
  made.types.length = 0;
  return made;
}

describe('the user (setUserData) lives in the session entry of the cache', () => {
  it('nobody is signed in until the session says so', () => {
    const { store } = newStore();
    expect(selectUserData(store.getState())).toBeNull();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('setUserData writes the entry, a later one replaces it, null signs out', () => {
    const { store } = newStore();
    store.dispatch(setUserData(USER));
    expect(sessionApi.endpoints.getSessionUser.select()(store.getState()).data).toEqual(USER);
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(setUserData({ ...USER, name: 'Ana B' }));
    expect(selectUserData(store.getState())?.name).toBe('Ana B');
    store.dispatch(setUserData(null));
    expect(selectUserData(store.getState())).toBeNull();
  });

  it('the app slice holds no copy', () => {
    const { store } = newStore();
    store.dispatch(setUserData(USER));
    expect(store.getState().app).toEqual(initialAppState);
  });
});

describe("the favourites (setUserFavListing, removeUserFavListing) live in the user's getFavorites entry", () => {
  it.each<[UnknownAction[], number[]]>([
    [[setUserFavListing([1, 2])], [1, 2]],
    [[setUserFavListing([1, 2]), setUserFavListing([2, 3])], [1, 2, 3]],
    [[setUserFavListing([5, 5])], [5]],
    [[setUserFavListing([1, 2, 3]), removeUserFavListing(2)], [1, 3]],
    [[setUserFavListing([1]), removeUserFavListing(9)], [1]],
  ])('%# gives %o, each id once', (actions, list) => {
    const { store } = signedIn([]);
    for (const action of actions) store.dispatch(action);
    expect(favoritesApi.endpoints.getFavorites.select(USER.id)(store.getState()).data).toEqual(list);
    expect(selectUserFavListing(store.getState())).toEqual(list);
  });

  it('tells whether one listing is a favourite', () => {
    const { store } = signedIn([3]);
    expect(selectIsListingFavourite(store.getState(), 3)).toBe(true);
    expect(selectIsListingFavourite(store.getState(), 4)).toBe(false);
  });

  it('are empty while signed out, and are the signed-in user\'s only', () => {
    const { store } = signedIn([3]);
    store.dispatch(setUserData(OTHER));
    expect(selectUserFavListing(store.getState())).toEqual([]);
    store.dispatch(setUserData(USER));
    expect(selectUserFavListing(store.getState())).toEqual([3]);
    store.dispatch(setUserData(null));
    expect(selectUserFavListing(store.getState())).toEqual([]);
  });

  it('a change before the list is loaded is left to the load (no entry is made up)', () => {
    const { store } = newStore();
    store.dispatch(setUserData(USER));
    store.dispatch(setUserFavListing([4]));
    expect(favoritesApi.endpoints.getFavorites.select(USER.id)(store.getState()).isUninitialized).toBe(true);
  });
});

describe('state from another tab', () => {
  it('takes over user, favourites (each once), flag and item id', () => {
    const { store } = newStore();
    store.dispatch(tabStateReceived({ userData: USER, userFavListing: [1, 2, 2], isFavorite: true, itemId: 2 }));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(selectMirroredAppState(store.getState())).toEqual({ userData: USER, userFavListing: [1, 2], isFavorite: true, itemId: 2 });
  });
});

describe('toggleFavorite', () => {
  it('signed out, it opens the login dialog and changes nothing else', () => {
    const { store } = newStore();
    store.dispatch(toggleFavorite(5));
    expect(store.getState().app).toEqual({ ...initialAppState, showLogin: true });
  });

  it('adds a listing that is not a favourite and sets the flag, in the cache at once', () => {
    const { store } = signedIn([1]);
    store.dispatch(toggleFavorite(5));
    expect(selectUserFavListing(store.getState())).toEqual([1, 5]);
    expect(store.getState().app).toMatchObject({ isFavorite: true, itemId: 5 });
  });

  it('removes a favourite and clears the flag', () => {
    const { store } = signedIn([1, 5]);
    store.dispatch(toggleFavorite(5));
    expect(selectUserFavListing(store.getState())).toEqual([1]);
    expect(store.getState().app).toMatchObject({ isFavorite: false, itemId: 5 });
  });

  it('goes through the mirrored actions, recording the item id first, and the cache utilities', () => {
    const { store, types } = signedIn([]);
    store.dispatch(toggleFavorite(5));
    expect(types.filter((type) => type.startsWith('app/'))).toEqual(['app/setItemId', 'app/setUserFavListing', 'app/setIsFavorite']);
    // The list change is applied as RTK Query's own patch of the entry, as its action passes.
    expect(types.slice(types.indexOf('app/setItemId') + 1, types.indexOf('app/setUserFavListing'))).toContain(
      'api/queries/queryResultPatched',
    );
  });
});
