/**
 * What /home shows, read from its URL, the one owner of the search (shared/url): the criteria,
 * the search the server is asked (null when nothing restricts the grid) and the category the
 * grid shows and the strip marks (the URL's; else the first one while browsing; a search shows
 * every category until one is chosen, ''). Anywhere else the search is empty.
 */
import { useMemo } from 'react';
import { useLocation } from 'shared/router';
import { CATEGORIES, toIsoDay } from 'shared/rules';
import { parseSearchParams, searchQueryOf, type SearchCriteria, type SearchQuery } from 'shared/url';

export interface HomeSearch {
  criteria: SearchCriteria;
  search: SearchQuery | null;
  category: string;
}

/** What a page at this path and query string shows of /home's search. */
export function homeSearchOf(pathname: string, search: string): HomeSearch {
  const today = toIsoDay(new Date());
  const criteria = parseSearchParams(pathname === '/home' ? search : '', today);
  const searched = searchQueryOf(criteria, today);
  const category = criteria.category !== '' || searched !== null ? criteria.category : CATEGORIES[0]!;
  return { criteria, search: searched, category };
}

export function useHomeSearch(): HomeSearch {
  const { pathname, search } = useLocation();
  const query = pathname === '/home' ? search : '';
  return useMemo(() => homeSearchOf('/home', query), [query]);
}
