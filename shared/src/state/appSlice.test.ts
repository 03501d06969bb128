import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppUser } from 'shared/api';
import { appSlice, initialAppState, setShowLogin, tabStateReceived, type AppState } from './appSlice';

const USER: AppUser = { id: 'b7d3c1f0-7a0e-4c51-8f65-1c2d3e4f5a6b', email: 'ana@example.com', name: 'Ana' };
const reduce = (actions: UnknownAction[], from: AppState = initialAppState): AppState =>
  actions.reduce(appSlice.reducer, from);

describe('app defaults (discovery spec section 3)', () => {
  it('Explore, no login dialog, no favourite change', () => {
    expect(appSlice.reducer(undefined, { type: 'init' })).toEqual({
      showLogin: false,
      isFavorite: false,
      itemId: null,
      mobileNavOption: 'Explore',
      refusedLogin: null,
    });
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
