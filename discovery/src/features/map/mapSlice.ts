/**
 * The home the traveller points at in the grid (hover or keyboard focus on its card): the
 * results map highlights its pin. UI state of the page, shared by two features that never
 * render each other, so it lives in the store rather than in either.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from 'shared/store';

export interface ResultsMapState {
  highlightedRoomId: number | null;
}

const initialState: ResultsMapState = { highlightedRoomId: null };

const resultsMapSlice = createSlice({
  name: 'resultsMap',
  initialState,
  reducers: {
    highlightRoom(state, action: PayloadAction<number | null>) {
      state.highlightedRoomId = action.payload;
    },
  },
  selectors: {
    selectHighlightedRoomId: (state) => state.highlightedRoomId,
  },
});

export const { highlightRoom } = resultsMapSlice.actions;

/** Injected once, when the discovery remote's first module loads. */
const injectedResultsMap = resultsMapSlice.injectInto(rootReducer);

export function selectHighlightedRoomId(state: RootState): number | null {
  return injectedResultsMap.selectors.selectHighlightedRoomId(state as RootState & { resultsMap?: ResultsMapState });
}
