import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppUser } from 'shared/api';
import { appSlice, initialAppState, setShowLogin, showLoginReturningTo, tabStateReceived, type AppState } from './appSlice';

const USER: AppUser = { id: 'b7d3c1f0-7a0e-4c51-8f65-1c2d3e4f5a6b', email: 'ana@example.com', name: 'Ana', isAnonymous: false };
const reduce = (actions: UnknownAction[], from: AppState = initialAppState): AppState =>
  actions.reduce(appSlice.reducer, from);

describe('app defaults (discovery spec section 3)', () => {
  it('no login dialog, no favourite change', () => {
    expect(appSlice.reducer(undefined, { type: 'init' })).toEqual({
      showLogin: false,
      loginReturnPath: null,
      isFavorite: false,
      itemId: null,
      refusedLogin: null,
    });
  });
});

describe('the login dialog opened with a way on (ARCHITECTURE section 6: nothing is lost across sign-in)', () => {
  it('keeps a page of this site for after the login, and forgets it when the dialog closes or opens plainly', () => {
    const opened = reduce([showLoginReturningTo('/52/book?checkin=2026-12-12&checkout=2026-12-15&adults=2')]);
    expect(opened).toMatchObject({ showLogin: true, loginReturnPath: '/52/book?checkin=2026-12-12&checkout=2026-12-15&adults=2' });
    expect(reduce([setShowLogin(false)], opened)).toMatchObject({ showLogin: false, loginReturnPath: null });
    expect(reduce([setShowLogin(true)], opened)).toMatchObject({ showLogin: true, loginReturnPath: null });
  });

  it('never keeps another origin', () => {
    expect(reduce([showLoginReturningTo('//evil.example/x')])).toMatchObject({ showLogin: true, loginReturnPath: null });
    expect(reduce([showLoginReturningTo('https://evil.example/')])).toMatchObject({ showLogin: true, loginReturnPath: null });
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
