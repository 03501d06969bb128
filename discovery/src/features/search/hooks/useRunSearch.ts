/**
 * The Search click (spec section 4): the form builds its summaries and fills a lone date, the
 * app counts the search and clears the category (both in the `search` action); then the search
 * goes into /home's URL (pushed, so Back returns to the previous one), which runs it
 * (useSearchFromUrl). The overlay's Search also asks for the searching flag until its matches
 * arrive.
 */
import { useCallback } from 'react';
import { useNavigate } from 'shared/router';
import { useAppDispatch, useAppStore } from 'shared/store';
import { search } from 'shared/state';
import { serializeSearchParams } from 'shared/url';
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
  return useCallback(
    ({ flagSearching = false }: RunSearchOptions = {}) => {
      dispatch(search());
      const criteria = form.selectors.selectDraftCriteria(store.getState());
      const state: SearchNavigationState = { searchRun: Date.now(), flagSearching };
      void navigate(homePath(serializeSearchParams(criteria)), { state });
      window.scrollTo({ top: 0 });
    },
    [dispatch, store, navigate],
  );
}
