/**
 * App state (discovery spec section 3): the signed-in user, favourites, the login dialog, the
 * grid's category (the URL's, or the first one when browsing) and the search counter. The
 * search itself lives in /home's URL (shared/url).
 *
 * setItemId, setIsFavorite, removeUserFavListing, setUserFavListing and setUserData are
 * mirrored to other open tabs (../sync/tabSync), so every change other tabs must see goes
 * through them: `toggleFavorite` is a thunk that dispatches them rather than a reducer of its
 * own.
 */
import { createSelector, createSlice, type Dispatch, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import {
  DEFAULT_MOBILE_NAV_OPTION,
  type MobileNavOption,
  mergeFavourites,
  removeFavourite,
  toggleFavourite,
} from 'shared/rules';
import { search } from './formSlice';

/** The signed-in user as the app keeps it: serializable, only what screens read. */
export interface AppUser {
  id: string;
  email: string | null;
  /** user_metadata.name */
  name: string | null;
}

export interface AppState {
  userData: AppUser | null;
  showLogin: boolean;
  /** Favourite listing ids, each once. */
  userFavListing: number[];
  isFavorite: boolean;
  /** The listing the last favourite change was about. */
  itemId: number | null;
  mobileNavOption: MobileNavOption;
  /** Counts Search clicks, so screens can react to each search. */
  hitSearch: number;
  /** The category strip's selected category ('' for none). */
  selectedCategory: string;
}

/** The part of the app state a new tab takes over from an open one. */
export interface MirroredAppState {
  userData: AppUser | null;
  userFavListing: number[];
  isFavorite: boolean;
  itemId: number | null;
}

export const initialAppState: AppState = {
  userData: null,
  showLogin: false,
  userFavListing: [],
  isFavorite: false,
  itemId: null,
  mobileNavOption: DEFAULT_MOBILE_NAV_OPTION,
  hitSearch: 0,
  selectedCategory: '',
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setUserData(state, action: PayloadAction<AppUser | null>) {
      state.userData = action.payload;
    },
    setShowLogin(state, action: PayloadAction<boolean>) {
      state.showLogin = action.payload;
    },
    /** Adds favourite ids (one, or a user's whole list on load), never holding one twice. */
    setUserFavListing(state, action: PayloadAction<number[]>) {
      state.userFavListing = mergeFavourites(state.userFavListing, action.payload);
    },
    removeUserFavListing(state, action: PayloadAction<number>) {
      state.userFavListing = removeFavourite(state.userFavListing, action.payload);
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
    setSelectedCategory(state, action: PayloadAction<string>) {
      state.selectedCategory = action.payload;
    },
    /** Another tab's answer to this tab's start-up state request. */
    tabStateReceived(state, action: PayloadAction<MirroredAppState>) {
      const { userData, userFavListing, isFavorite, itemId } = action.payload;
      state.userData = userData;
      state.userFavListing = mergeFavourites([], userFavListing);
      state.isFavorite = isFavorite;
      state.itemId = itemId;
    },
  },
  extraReducers: (builder) => {
    // A search counts, and clears the category it replaces.
    builder.addCase(search, (state) => {
      state.hitSearch += 1;
      state.selectedCategory = '';
    });
  },
  selectors: {
    selectUserData: (state) => state.userData,
    selectIsLoggedIn: (state) => state.userData !== null,
    selectShowLogin: (state) => state.showLogin,
    selectUserFavListing: (state) => state.userFavListing,
    selectIsFavorite: (state) => state.isFavorite,
    selectItemId: (state) => state.itemId,
    /** Whether one listing is among the favourites (its heart is filled). */
    selectIsListingFavourite: (state, itemId: number) => state.userFavListing.includes(itemId),
    selectMobileNavOption: (state) => state.mobileNavOption,
    selectHitSearch: (state) => state.hitSearch,
    selectSelectedCategory: (state) => state.selectedCategory,
    selectMirroredAppState: createSelector(
      [
        (state: AppState) => state.userData,
        (state: AppState) => state.userFavListing,
        (state: AppState) => state.isFavorite,
        (state: AppState) => state.itemId,
      ],
      (userData, userFavListing, isFavorite, itemId): MirroredAppState => ({ userData, userFavListing, isFavorite, itemId }),
    ),
  },
});

export const {
  setUserData,
  setShowLogin,
  setUserFavListing,
  removeUserFavListing,
  setIsFavorite,
  setItemId,
  setMobileNavOption,
  setSelectedCategory,
  tabStateReceived,
} = appSlice.actions;

export const {
  selectUserData,
  selectIsLoggedIn,
  selectShowLogin,
  selectUserFavListing,
  selectIsFavorite,
  selectItemId,
  selectIsListingFavourite,
  selectMobileNavOption,
  selectHitSearch,
  selectSelectedCategory,
  selectMirroredAppState,
} = appSlice.selectors;

/**
 * The heart toggle. Signed out: opens the login dialog. Signed in: a favourite is removed
 * (isFavorite false), any other listing added (true). The item id is recorded FIRST, so that
 * whatever persists favourites on the list or flag change already sees which listing it is.
 */
export function toggleFavorite(itemId: number) {
  return (dispatch: Dispatch<UnknownAction>, getState: () => { app: AppState }): void => {
    const { userData, userFavListing } = getState().app;
    if (userData === null) {
      dispatch(setShowLogin(true));
      return;
    }
    const { isFavorite } = toggleFavourite(userFavListing, itemId);
    dispatch(setItemId(itemId));
    dispatch(isFavorite ? setUserFavListing([itemId]) : removeUserFavListing(itemId));
    dispatch(setIsFavorite(isFavorite));
  };
}
