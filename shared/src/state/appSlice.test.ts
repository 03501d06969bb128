import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppUser } from 'shared/api';
import { appSlice, initialAppState, setSelectedCategory, setShowLogin, tabStateReceived, type AppState } from './appSlice';
import { search } from './formSlice';

const USER: AppUser = { id: 'b7d3c1f0-7a0e-4c51-8f65-1c2d3e4f5a6b', email: 'ana@example.com', name: 'Ana' };
const reduce = (actions: UnknownAction[], from: AppState = initialAppState): AppState =>
  actions.reduce(appSlice.reducer, from);

describe('app defaults (discovery spec section 3)', () => {
  it('Explore, no login dialog, no favourite change, no search', () => {
    expect(appSlice.reducer(undefined, { type: 'init' })).toEqual({
      showLogin: false,
      isFavorite: false,
      itemId: null,
      mobileNavOption: 'Explore',
      hitSearch: 0,
      selectedCategory: '',
    });
  });
});

describe('a search', () => {
  it('counts, and clears the category', () => {
    const app = reduce([setSelectedCategory('Beach'), search(), search()]);
    expect(app).toMatchObject({ hitSearch: 2, selectedCategory: '' });
  });
});

describe('state from another tab', () => {
  it('takes over the flag and the item id, and nothing else (its user and favourites go to the cache)', () => {
    const app = reduce([
      setShowLogin(true),
      tabStateReceived({ userData: USER, userFavListing: [1, 2, 2], isFavorite: true, itemId: 2 }),
    ]);
    expect(app).toEqual({ ...initialAppState, isFavorite: true, itemId: 2, showLogin: true });
  });
});
