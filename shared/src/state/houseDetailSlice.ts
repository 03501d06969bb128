/**
 * The listing detail page's state (discovery spec section 3): the listing being shown, merged
 * from what is known as it loads, whether it is loading, whether the sticky section bar is
 * visible, and the header's start-scroll state.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Room } from 'shared/api';

/** The listing as far as it is known: a full Rooms row once loaded, fields merged in. */
export type HouseInfo = Partial<Room>;

export interface HouseDetailState {
  houseInfo: HouseInfo;
  isLoading: boolean;
  /** The sticky section bar (Photos, Amenities, Reviews, Location). */
  isVisible: boolean;
  /** On while the page is scrolled to the top. */
  startScroll: boolean;
}

export const initialHouseDetailState: HouseDetailState = {
  houseInfo: {},
  isLoading: false,
  isVisible: false,
  startScroll: true,
};

export const houseDetailSlice = createSlice({
  name: 'houseDetail',
  initialState: initialHouseDetailState,
  reducers: {
    /** Merges fields into the listing shown (a card's data first, the full row later). */
    mergeHouseInfo(state, action: PayloadAction<HouseInfo>) {
      state.houseInfo = { ...state.houseInfo, ...action.payload };
    },
    /** Starts over with another listing. */
    resetHouseInfo(state, action: PayloadAction<HouseInfo | undefined>) {
      state.houseInfo = action.payload ?? {};
    },
    setIsLoading(state, action: PayloadAction<boolean>) {
      state.isLoading = action.payload;
    },
    setIsVisible(state, action: PayloadAction<boolean>) {
      state.isVisible = action.payload;
    },
    setStartScroll(state, action: PayloadAction<boolean>) {
      state.startScroll = action.payload;
    },
  },
  selectors: {
    selectHouseInfo: (state) => state.houseInfo,
    selectHouseIsLoading: (state) => state.isLoading,
    selectSectionBarVisible: (state) => state.isVisible,
    selectStartScroll: (state) => state.startScroll,
  },
});

export const { mergeHouseInfo, resetHouseInfo, setIsLoading, setIsVisible, setStartScroll } =
  houseDetailSlice.actions;
export const { selectHouseInfo, selectHouseIsLoading, selectSectionBarVisible, selectStartScroll } =
  houseDetailSlice.selectors;
