/**
 * The Search click (spec section 4): the form builds its summaries and fills a lone date, the
 * app counts the search and clears the category (both in the `search` action); then the search
 * goes into /home's URL (pushed, so Back returns to the previous one), which runs it
 * (useSearchFromUrl). A search run on /home keeps the filters its URL has (issue 43, as Airbnb's).
 * The overlay's Search also asks for the searching flag until its matches arrive.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { toIsoDay } from 'shared/rules';
import { useAppDispatch, useAppStore } from 'shared/store';
import { search } from 'shared/state';
import { parseSearchParams, serializeSearchParams } from 'shared/url';
import { form } from '../form';
import { homePath, type SearchNavigationState } from './useSearchFromUrl';

export interface RunSearchOptions {
  /** Set the searching flag until this search's matches arrive or fail (the overlay). */
  flagSearching?: boolean;
}

export function useRunSearch(): (options?: RunSearchOptions) => void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname, search: query } = useLocation();
  return useCallback(
    ({ flagSearching = false }: RunSearchOptions = {}) => {
      dispatch(search());
      const draft = form.selectors.selectDraftCriteria(store.getState());
      const { filters } = parseSearchParams(pathname === '/home' ? query : '', toIsoDay(new Date()));
      const criteria = { ...draft, filters };
      const state: SearchNavigationState = { searchRun: Date.now(), flagSearching };
      void navigate(homePath(serializeSearchParams(criteria)), { state });
      window.scrollTo({ top: 0 });
    },
    [dispatch, store, navigate, pathname, query],
  );
}
