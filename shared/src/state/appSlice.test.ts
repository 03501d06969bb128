import { describe, expect, it } from 'vitest';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import {
  appSlice,
  initialAppState,
  removeUserFavListing,
  selectIsListingFavourite,
  selectIsLoggedIn,
  selectMirroredAppState,
  setSelectedCategory,
  setShowLogin,
  setUserFavListing,
  tabStateReceived,
  toggleFavorite,
  type AppState,
  type AppUser,
} from './appSlice';
import { search } from './formSlice';

const USER: AppUser = { id: 'b7d3c1f0-7a0e-4c51-8f65-1c2d3e4f5a6b', email: 'ana@example.com', name: 'Ana' };
const reduce = (actions: UnknownAction[], from: AppState = initialAppState): AppState =>
  actions.reduce(appSlice.reducer, from);

describe('app defaults (discovery spec section 3)', () => {
  it('Explore, nobody signed in, no favourites, no search', () => {
    expect(appSlice.reducer(undefined, { type: 'init' })).toEqual({
      userData: null,
      showLogin: false,
      userFavListing: [],
      isFavorite: false,
      itemId: null,
      mobileNavOption: 'Explore',
      hitSearch: 0,
      selectedCategory: '',
    });
  });
});

describe('favourite list', () => {
  it.each<[UnknownAction[], number[]]>([
    [[setUserFavListing([1, 2])], [1, 2]],
    [[setUserFavListing([1, 2]), setUserFavListing([2, 3])], [1, 2, 3]],
    [[setUserFavListing([5, 5])], [5]],
    [[setUserFavListing([1, 2, 3]), removeUserFavListing(2)], [1, 3]],
    [[setUserFavListing([1]), removeUserFavListing(9)], [1]],
  ])('%# gives %o, each id once', (actions, list) => {
    expect(reduce(actions).userFavListing).toEqual(list);
  });

  it('tells whether one listing is a favourite', () => {
    const app = reduce([setUserFavListing([3])]);
    expect(selectIsListingFavourite({ app }, 3)).toBe(true);
    expect(selectIsListingFavourite({ app }, 4)).toBe(false);
  });
});

describe('a search', () => {
  it('counts, and clears the category', () => {
    const app = reduce([setSelectedCategory('Beach'), search(), search()]);
    expect(app).toMatchObject({ hitSearch: 2, selectedCategory: '' });
  });
});

describe('state from another tab', () => {
  it('takes over user, favourites, flag and item id, and nothing else', () => {
    const app = reduce([
      setShowLogin(true),
      setUserFavListing([9]),
      tabStateReceived({ userData: USER, userFavListing: [1, 2, 2], isFavorite: true, itemId: 2 }),
    ]);
    expect(app).toMatchObject({ userData: USER, userFavListing: [1, 2], isFavorite: true, itemId: 2, showLogin: true });
    expect(selectIsLoggedIn({ app })).toBe(true);
    expect(selectMirroredAppState({ app })).toEqual({ userData: USER, userFavListing: [1, 2], isFavorite: true, itemId: 2 });
  });
});

describe('toggleFavorite', () => {
  function storeWith(preloaded: Partial<AppState>) {
    const types: string[] = [];
    const recorder: Middleware = () => (next) => (action) => {
      if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string') types.push(action.type);
      return next(action);
    };
    const store = configureStore({
      reducer: { app: appSlice.reducer },
      preloadedState: { app: { ...initialAppState, ...preloaded } },
      middleware: (getDefault) => getDefault().concat(recorder),
    });
    return { store, types, app: () => store.getState().app };
  }

  it('signed out, it opens the login dialog and changes nothing else', () => {
    const { store, app } = storeWith({});
    store.dispatch(toggleFavorite(5));
    expect(app()).toEqual({ ...initialAppState, showLogin: true });
  });

  it('adds a listing that is not a favourite and sets the flag', () => {
    const { store, app } = storeWith({ userData: USER, userFavListing: [1] });
    store.dispatch(toggleFavorite(5));
    expect(app()).toMatchObject({ userFavListing: [1, 5], isFavorite: true, itemId: 5 });
  });

  it('removes a favourite and clears the flag', () => {
    const { store, app } = storeWith({ userData: USER, userFavListing: [1, 5], isFavorite: true });
    store.dispatch(toggleFavorite(5));
    expect(app()).toMatchObject({ userFavListing: [1], isFavorite: false, itemId: 5 });
  });

  it('goes through the mirrored actions, recording the item id first', () => {
    const { store, types } = storeWith({ userData: USER });
    store.dispatch(toggleFavorite(5));
    expect(types).toEqual(['app/setItemId', 'app/setUserFavListing', 'app/setIsFavorite']);
  });
});
