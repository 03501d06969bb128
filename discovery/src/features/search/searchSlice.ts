/**
 * The last search the visitor ran, as the server is asked it. The grid and the category strip
 * read results from the backend's search_rooms function with these arguments until the next
 * search; the form may be edited meanwhile without changing what the grid shows. (The app
 * slice keeps the spec's hitSearch counter and the matched ids.)
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from 'shared/store';
import type { SearchQuery } from 'shared/state/formSlice';

export interface LastSearchState {
  query: SearchQuery | null;
}

const initialState: LastSearchState = { query: null };

export const lastSearchSlice = createSlice({
  name: 'lastSearch',
  initialState,
  reducers: {
    setLastSearch(state, action: PayloadAction<SearchQuery | null>) {
      state.query = action.payload;
    },
  },
  selectors: {
    selectLastSearch: (state) => state.query,
  },
});

export const { setLastSearch } = lastSearchSlice.actions;

/** Injected once, when the discovery remote's first module loads. */
export const injectedLastSearch = lastSearchSlice.injectInto(rootReducer);

export function selectLastSearch(state: RootState): SearchQuery | null {
  return injectedLastSearch.selectors.selectLastSearch(state as RootState & { lastSearch?: LastSearchState });
}

/** True when a search with something to match (letters, dates or guests) is active. */
export function isRestrictingSearch(query: SearchQuery | null): query is SearchQuery {
  return query !== null && (query.searchText !== '' || query.checkIn !== null || query.checkOut !== null || query.guests > 0);
}

/** search_rooms' named arguments for a query. */
export function searchRoomsArgs(query: SearchQuery) {
  return {
    search_text: query.searchText,
    check_in: query.checkIn,
    check_out: query.checkOut,
    guests: query.guests > 0 ? query.guests : null,
  };
}
