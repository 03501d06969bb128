/**
 * The listing detail page's UI state (discovery spec section 3): whether the sticky section bar
 * is visible, and the header's start-scroll state. The spec's houseInfo and isLoading (a copy
 * of the listing and of its loading flag) are not kept here: the listing is RTK Query's
 * getRoomById entry, read where it is shown.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface HouseDetailState {
  /** The sticky section bar (Photos, Amenities, Reviews, Location). */
  isVisible: boolean;
  /** On while the page is scrolled to the top. */
  startScroll: boolean;
}

export const initialHouseDetailState: HouseDetailState = {
  isVisible: false,
  startScroll: true,
};

export const houseDetailSlice = createSlice({
  name: 'houseDetail',
  initialState: initialHouseDetailState,
  reducers: {
    setIsVisible(state, action: PayloadAction<boolean>) {
      state.isVisible = action.payload;
    },
    setStartScroll(state, action: PayloadAction<boolean>) {
      state.startScroll = action.payload;
    },
  },
  selectors: {
    selectSectionBarVisible: (state) => state.isVisible,
    selectStartScroll: (state) => state.startScroll,
  },
});

export const { setIsVisible, setStartScroll } = houseDetailSlice.actions;
export const { selectSectionBarVisible, selectStartScroll } = houseDetailSlice.selectors;
