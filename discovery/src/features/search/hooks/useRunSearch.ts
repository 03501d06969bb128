/**
 * The Search click (spec section 4): the form builds its summaries and fills a lone date, the
 * app counts the search and clears country, city and category (both in the `search` action);
 * then the query is kept as the last search, the matched ids are read from the backend's
 * search function (the destination lookup) and stored (inputSearchIds), and the home grid shows
 * the results. The overlay's Search also sets the searching flag until the lookup settles.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppStore } from 'shared/store';
import { toIsoDay } from 'shared/rules';
import { search, selectHitSearch, setInputSearchIds } from 'shared/state';
import { categoriesApi } from '../../categories';
import { isRestrictingSearch, setLastSearch, setSearching } from '../searchSlice';
import { selectSearchQuery } from '../form';

export interface RunSearchOptions {
  /** Set the searching flag until this search's matches arrive or fail (the overlay). */
  flagSearching?: boolean;
}

export function useRunSearch(): (options?: RunSearchOptions) => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async ({ flagSearching = false }: RunSearchOptions = {}) => {
      dispatch(search());
      const searchNumber = selectHitSearch(store.getState());
      const query = selectSearchQuery(store.getState(), toIsoDay(new Date()));
      const restricting = isRestrictingSearch(query);
      dispatch(setLastSearch(restricting ? query : null));
      if (flagSearching) dispatch(setSearching(true));
      if (pathname !== '/home' && pathname !== '/') void navigate('/home');
      window.scrollTo({ top: 0 });
      try {
        if (!restricting) {
          dispatch(setInputSearchIds(null));
          return;
        }
        const request = dispatch(categoriesApi.endpoints.getCategoryFilter.initiate(query));
        const { data } = await request;
        request.unsubscribe();
        // A later search owns the ids and the flag.
        if (selectHitSearch(store.getState()) !== searchNumber) return;
        dispatch(setInputSearchIds(data?.ids ?? []));
      } finally {
        if (flagSearching && selectHitSearch(store.getState()) === searchNumber) dispatch(setSearching(false));
      }
    },
    [dispatch, store, navigate, pathname],
  );
}
