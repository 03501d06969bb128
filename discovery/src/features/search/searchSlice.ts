/**
 * The last search the visitor ran, as the server is asked it. The grid and the category strip
 * read results from the backend's search_rooms function with these arguments until the next
 * search; the form may be edited meanwhile without changing what the grid shows. (The app
 * slice keeps the spec's hitSearch counter.) `searching` is the overlay's
 * flag: on from its Search until that search's matches arrive or fail.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from 'shared/store';
import type { SearchQuery } from 'shared/url';

export interface LastSearchState {
  query: SearchQuery | null;
  searching: boolean;
}

const initialState: LastSearchState = { query: null, searching: false };

export const lastSearchSlice = createSlice({
  name: 'lastSearch',
  initialState,
  reducers: {
    setLastSearch(state, action: PayloadAction<SearchQuery | null>) {
      state.query = action.payload;
    },
    setSearching(state, action: PayloadAction<boolean>) {
      state.searching = action.payload;
    },
  },
  selectors: {
    selectLastSearch: (state) => state.query,
    selectSearching: (state) => state.searching,
  },
});

export const { setLastSearch, setSearching } = lastSearchSlice.actions;

/** Injected once, when the discovery remote's first module loads. */
export const injectedLastSearch = lastSearchSlice.injectInto(rootReducer);

export function selectLastSearch(state: RootState): SearchQuery | null {
  return injectedLastSearch.selectors.selectLastSearch(state as RootState & { lastSearch?: LastSearchState });
}

export function selectSearching(state: RootState): boolean {
  return injectedLastSearch.selectors.selectSearching(state as RootState & { lastSearch?: LastSearchState });
}

/** True when a search with something to match (letters, dates or guests) is active. */
export function isRestrictingSearch(query: SearchQuery | null): query is SearchQuery {
  return query !== null && (query.searchText !== '' || query.checkIn !== null || query.checkOut !== null || query.guests > 0);
}
