/**
 * App state (discovery spec section 3): UI state only, namely the login dialog, the last
 * favourite change (isFavorite, itemId) and the mobile tab. The search and its category live in
 * /home's URL (shared/url); the spec's hitSearch counter went with them (nothing read it).
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
import { DEFAULT_MOBILE_NAV_OPTION, type MobileNavOption } from 'shared/rules';

export interface AppState {
  showLogin: boolean;
  /** Whether the last favourite change added the listing. */
  isFavorite: boolean;
  /** The listing the last favourite change was about. */
  itemId: number | null;
  mobileNavOption: MobileNavOption;
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
  isFavorite: false,
  itemId: null,
  mobileNavOption: DEFAULT_MOBILE_NAV_OPTION,
  refusedLogin: null,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setShowLogin(state, action: PayloadAction<boolean>) {
      state.showLogin = action.payload;
    },
    setIsFavorite(state, action: PayloadAction<boolean>) {
      state.isFavorite = action.payload;
    },
    setItemId(state, action: PayloadAction<number | null>) {
      state.itemId = action.payload;
    },
    setMobileNavOption(state, action: PayloadAction<MobileNavOption>) {
      state.mobileNavOption = action.payload;
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
    selectIsFavorite: (state) => state.isFavorite,
    selectItemId: (state) => state.itemId,
    selectMobileNavOption: (state) => state.mobileNavOption,
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
  setIsFavorite,
  setItemId,
  setMobileNavOption,
  loginRefused,
  tabStateReceived,
} = appSlice.actions;

export const {
  selectShowLogin,
  selectIsFavorite,
  selectItemId,
  selectMobileNavOption,
  selectRefusedLogin,
} = appSlice.selectors;
