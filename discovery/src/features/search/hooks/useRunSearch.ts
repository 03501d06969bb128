/**
 * The Search click (spec section 4): the form builds its summaries and fills a lone date, the
 * app counts the search and clears country, city and category (both in the `search` action);
 * then the query is kept as the last search, the matched ids are read from the backend's
 * search function and stored (inputSearchIds), and the home grid shows the results.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppStore } from 'shared/store';
import { search } from 'shared/state/formSlice';
import { setInputSearchIds } from 'shared/state/appSlice';
import { categoriesApi } from '../../categories/api';
import { isRestrictingSearch, setLastSearch } from '../searchSlice';
import { selectSearchQuery } from '../form';

export function useRunSearch(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(async () => {
    dispatch(search());
    const query = selectSearchQuery(store.getState());
    const restricting = isRestrictingSearch(query);
    dispatch(setLastSearch(restricting ? query : null));
    if (pathname !== '/home' && pathname !== '/') navigate('/home');
    window.scrollTo({ top: 0 });
    if (!restricting) {
      dispatch(setInputSearchIds(null));
      return;
    }
    const request = dispatch(categoriesApi.endpoints.getCategoryFilter.initiate(query));
    const { data } = await request;
    request.unsubscribe();
    dispatch(setInputSearchIds(data?.ids ?? []));
  }, [dispatch, store, navigate, pathname]);
}
