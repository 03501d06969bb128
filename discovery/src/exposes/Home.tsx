import { roomsApi } from 'shared/api';
import type { PagePrefetch } from 'shared/federation';
import { categoriesApi } from '../features/categories';
import { ListingGrid } from '../features/grid/components/ListingGrid';
import { homeSearchOf, useSearchFromUrl } from '../features/search';
import styles from './Home.module.css';

/**
 * /home: the listing grid (the shell's header holds the search bar and the category strip). The
 * page's query is the search it shows.
 */
export default function Home() {
  useSearchFromUrl();
  return (
    <section className={styles.home} aria-label="Homes">
      <h1 className="visually-hidden">Homes</h1>
      <ListingGrid />
    </section>
  );
}

/**
 * The first view's reads: the grid's first page, its count and searched place (the cards'
 * distances) during a search, the category strip.
 */
export const prefetch: PagePrefetch = (store, { pathname, search: query }) => {
  const { search, category } = homeSearchOf(pathname, query);
  void store.dispatch(roomsApi.endpoints.getGridPage.initiate({ category, search }));
  if (search) void store.dispatch(roomsApi.endpoints.getGridCount.initiate({ category, search }));
  if (search && search.searchText !== '') void store.dispatch(roomsApi.endpoints.getSearchPlace.initiate(search.searchText));
  void store.dispatch(categoriesApi.endpoints.getCategoryFilter.initiate(search));
};
