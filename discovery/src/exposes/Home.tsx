import { ListingGrid } from '../features/grid/components/ListingGrid';
import { useSearchFromUrl } from '../features/search';
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
