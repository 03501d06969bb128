import { useLayoutEffect, useState } from 'react';
import { List, Map as MapIcon } from 'lucide-react';
import { roomsApi } from 'shared/api';
import type { PagePrefetch } from 'shared/federation';
import { Link, useLocation } from 'shared/router';
import { datesSummary } from 'shared/rules';
import { searchLoaded } from 'shared/state';
import { stayOf } from 'shared/url';
import { categoriesApi } from '../features/categories';
import { Filters } from '../features/filters';
import { ListingGrid } from '../features/grid/components/ListingGrid';
import { MapPane } from '../features/map';
import { homeSearchOf, useSearchFromUrl } from '../features/search';
import styles from './Home.module.css';

/** The URL's hash while a narrow screen shows the map instead of the list. */
const MAP_HASH = '#map';

/**
 * /home: the listing grid and the results map (the shell's header holds the search bar and the
 * category strip). The page's query is the search it shows. Wide screens show the map beside the
 * list; narrower ones show one at a time, 'Show map' and 'Show list' switching (the CSS decides
 * which layout applies, so the server's first HTML is right at every width).
 *
 * Which one a narrow screen shows is the URL's: #map, or no hash for the list. The switch is a
 * link to it, so a tap before the scripts run still counts: the browser sets the hash, and the
 * page shows the map once it has hydrated (it hydrates as the server rendered it, with the list,
 * which cannot know the hash). Without scripts there is no map, and no switch (the CSS).
 */
export default function Home() {
  useSearchFromUrl();
  const { search, hash } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  const shown = hydrated && hash === MAP_HASH ? 'map' : 'list';
  return (
    <section className={styles.home} aria-label="Homes" data-shown={shown}>
      <h1 className="visually-hidden">Homes</h1>
      <div className={styles.list}>
        <div className={styles.toolbar}>
          <Filters />
        </div>
        <ListingGrid />
      </div>
      <MapPane className={styles.map} />
      <Link className={styles.switch} to={{ search, hash: shown === 'list' ? MAP_HASH : '' }} replace>
        {shown === 'list' ? 'Show map' : 'Show list'}
        {shown === 'list' ? <MapIcon size={16} aria-hidden /> : <List size={16} aria-hidden />}
      </Link>
    </section>
  );
}

/**
 * The first view: the search bar's form shows the URL's search (as useSearchFromUrl loads it
 * once the page runs), and the reads: the grid's first page (and its cards' next free stays
 * without a searched stay), its count and searched place (the cards' distances) during a search,
 * the category strip.
 */
export const prefetch: PagePrefetch = (store, { pathname, search: query }) => {
  const { criteria, search, category } = homeSearchOf(pathname, query);
  store.dispatch(searchLoaded(criteria));
  const stayDates = datesSummary(stayOf(criteria).range);
  void store.dispatch(roomsApi.endpoints.getGridPage.initiate({ category, search })).then(({ data }) => {
    const ids = data?.pages[0]?.map((room) => room.id) ?? [];
    if (stayDates === '' && ids.length > 0) void store.dispatch(roomsApi.endpoints.getNextFreeStays.initiate(ids));
  });
  if (search) void store.dispatch(roomsApi.endpoints.getGridCount.initiate({ category, search }));
  if (search && search.searchText !== '') void store.dispatch(roomsApi.endpoints.getSearchPlace.initiate(search.searchText));
  void store.dispatch(categoriesApi.endpoints.getCategoryFilter.initiate(search));
};
