/**
 * The overlay's searching flag: on from its Search until that search's matches arrive or fail
 * (the grid shows its skeletons meanwhile). The search itself is /home's URL (useHomeSearch).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from 'shared/store';

export interface SearchProgressState {
  searching: boolean;
}

const initialState: SearchProgressState = { searching: false };

export const searchProgressSlice = createSlice({
  name: 'searchProgress',
  initialState,
  reducers: {
    setSearching(state, action: PayloadAction<boolean>) {
      state.searching = action.payload;
    },
  },
  selectors: {
    selectSearching: (state) => state.searching,
  },
});

export const { setSearching } = searchProgressSlice.actions;

/** Injected once, when the discovery remote's first module loads. */
export const injectedSearchProgress = searchProgressSlice.injectInto(rootReducer);

export function selectSearching(state: RootState): boolean {
  return injectedSearchProgress.selectors.selectSearching(state as RootState & { searchProgress?: SearchProgressState });
}
