/**
 * App state (discovery spec section 3): UI state only, namely the login dialog, the last
 * favourite change (isFavorite, itemId). The search and its category live in /home's URL
 * (shared/url); the spec's hitSearch counter went with them, and its mobileNavOption too (the
 * tab bar reads the route).
 *
 * The spec's userData and userFavListing are server data: they live in RTK Query's cache (the
 * session user and the user's favourites, see ./serverCache). Their spec actions stay the way
 * to change them: setUserData, setUserFavListing and removeUserFavListing write that cache, and
 * with setItemId and setIsFavorite they are mirrored to other open tabs (../sync/tabSync), so
 * every change other tabs must see goes through them: `toggleFavorite` is a thunk that
 * dispatches them rather than a reducer of its own.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppUser } from 'shared/api';
import { safeReturnPath } from 'shared/url';

export interface AppState {
  showLogin: boolean;
  /** Where a login made in the open dialog goes (a page of this site), or null: it stays on the page. */
  loginReturnPath: string | null;
  /** Whether the last favourite change added the listing. */
  isFavorite: boolean;
  /** The listing the last favourite change was about. */
  itemId: number | null;
  /** A sign-in the /login form posted without JavaScript that the server refused: the email kept and why. */
  refusedLogin: RefusedLogin | null;
}

export interface RefusedLogin {
  email: string;
  message: string;
}

/** The part of the app state a new tab takes over from an open one. */
export interface MirroredAppState {
  userData: AppUser | null;
  userFavListing: number[];
  isFavorite: boolean;
  itemId: number | null;
}

export const initialAppState: AppState = {
  showLogin: false,
  loginReturnPath: null,
  isFavorite: false,
  itemId: null,
  refusedLogin: null,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setShowLogin(state, action: PayloadAction<boolean>) {
      state.showLogin = action.payload;
      state.loginReturnPath = null;
    },
    /** Opens the login dialog; a login made in it then goes to `path` (Reserve: the booking page with the stay). */
    showLoginReturningTo(state, action: PayloadAction<string>) {
      state.showLogin = true;
      state.loginReturnPath = safeReturnPath(action.payload);
    },
    setIsFavorite(state, action: PayloadAction<boolean>) {
      state.isFavorite = action.payload;
    },
    setItemId(state, action: PayloadAction<number | null>) {
      state.itemId = action.payload;
    },
    loginRefused(state, action: PayloadAction<RefusedLogin>) {
      state.refusedLogin = action.payload;
    },
    /** Another tab's answer to this tab's start-up state request (its user and favourites go to the cache). */
    tabStateReceived(state, action: PayloadAction<MirroredAppState>) {
      state.isFavorite = action.payload.isFavorite;
      state.itemId = action.payload.itemId;
    },
  },
  selectors: {
    selectShowLogin: (state) => state.showLogin,
    selectLoginReturnPath: (state) => state.loginReturnPath,
    selectIsFavorite: (state) => state.isFavorite,
    selectItemId: (state) => state.itemId,
    selectRefusedLogin: (state) => state.refusedLogin,
  },
});

/** The signed-in user changed (signed in, renamed, signed out). Written to RTK Query's cache. */
export const setUserData = createAction<AppUser | null>('app/setUserData');
/** Adds favourite ids (one, or a user's whole list), never holding one twice. Written to the cache. */
export const setUserFavListing = createAction<number[]>('app/setUserFavListing');
/** Removes one favourite id. Written to the cache. */
export const removeUserFavListing = createAction<number>('app/removeUserFavListing');

export const {
  setShowLogin,
  showLoginReturningTo,
  setIsFavorite,
  setItemId,
  loginRefused,
  tabStateReceived,
} = appSlice.actions;

export const {
  selectShowLogin,
  selectLoginReturnPath,
  selectIsFavorite,
  selectItemId,
  selectRefusedLogin,
} = appSlice.selectors;
