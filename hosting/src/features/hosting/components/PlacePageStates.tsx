import { Link } from 'shared/router';
import { Skeleton } from 'shared/ui';
import styles from './Hosting.module.css';

/** A page about one of the host's places while their places load. */
export function PlacePageLoading() {
  return (
    <section className={styles.page} aria-busy="true">
      <Skeleton className={styles.formSkeleton} />
    </section>
  );
}

/** A page about a place the signed-in host does not own (or that does not exist). */
export function NotYourPlace() {
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>This place is not one of yours</h1>
      <Link to="/hosting" className={styles.secondary}>
        Back to your places
      </Link>
    </section>
  );
}
