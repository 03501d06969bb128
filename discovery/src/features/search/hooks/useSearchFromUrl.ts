/**
 * /home's query is the one owner of the search (shared/url; the grid and the category strip read
 * it with useHomeSearch). This hook, mounted by the home page, follows it on every navigation (a
 * Search, a category, a link, a reload, Back or Forward): a query the spec's rules do not allow
 * is replaced by its clean form; a search part other than the one the page shows is loaded into
 * the form (its texts) and its matches asked for once (the overlay's searching flag waits for
 * them).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { useAppDispatch, useAppStore } from 'shared/store';
import { toIsoDay } from 'shared/rules';
import { searchLoaded } from 'shared/state';
import { parseSearchParams, searchQueryOf, serializeSearchParams } from 'shared/url';
import { categoriesApi } from '../../categories';
import { form } from '../form';
import { setSearching } from '../searchSlice';

/** What a navigation that runs a search carries in its history entry. */
export interface SearchNavigationState {
  /** When Search was clicked: the same search run again is still a new run. */
  searchRun: number;
  flagSearching: boolean;
}

/** /home with a clean query ('' for none). */
export function homePath(query: string): string {
  return query === '' ? '/home' : `/home?${query}`;
}

/** The URL of /home with a query changed by `change` (e.g. another category), from the current one. */
export function homeSearchWith(search: string, change: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(search);
  change(params);
  return homePath(serializeSearchParams(parseSearchParams(params, toIsoDay(new Date()))));
}

/**
 * Whether this document has loaded a search from its URL yet. The first load keeps a destination
 * typed into the server-rendered bar before the scripts ran: the bar adopts it when it hydrates,
 * which may be before this page does, and an empty `where` in the URL must not wipe it.
 */
let loadedInThisDocument = false;

function isSearchRun(state: unknown): state is SearchNavigationState {
  return typeof state === 'object' && state !== null && typeof (state as SearchNavigationState).searchRun === 'number';
}

export function useSearchFromUrl(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();
  const { search, hash } = location;
  const state: unknown = location.state;
  /** The search part (no category) and the run the page shows. */
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const today = toIsoDay(new Date());
    const criteria = parseSearchParams(search, today);
    const clean = serializeSearchParams(criteria);
    if (search.replace(/^\?/, '') !== clean) {
      void navigate(homePath(clean) + hash, { replace: true, state });
      return;
    }
    const run = isSearchRun(state) ? state : null;
    const key = `${serializeSearchParams({ ...criteria, category: '' })}#${run?.searchRun ?? ''}`;
    if (key === shown.current) return;
    shown.current = key;
    const typed = loadedInThisDocument ? '' : form.selectors.selectDraftCriteria(store.getState()).where;
    loadedInThisDocument = true;
    dispatch(searchLoaded(criteria.where === '' && typed !== '' ? { ...criteria, where: typed } : criteria));
    const query = searchQueryOf(criteria, today);
    if (!query) return;
    let current = true;
    const flag = run?.flagSearching === true;
    if (flag) dispatch(setSearching(true));
    const request = dispatch(categoriesApi.endpoints.getCategoryFilter.initiate(query));
    void request.finally(() => {
      request.unsubscribe();
      if (flag && current) dispatch(setSearching(false));
    });
    return () => {
      current = false;
      if (flag) dispatch(setSearching(false));
    };
  }, [search, hash, state, dispatch, store, navigate]);
}
