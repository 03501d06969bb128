import { Link } from 'shared/router';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import styles from './ListingStates.module.css';

/** An id that is not a listing id, or a listing that does not exist. */
export function ListingNotFound() {
  useDocumentMeta('Listing not found', 'This listing does not exist or is no longer available on Homestory.');
  return (
    <section className={styles.message} aria-labelledby="listing-missing">
      <h1 id="listing-missing" className={styles.title}>
        We can't find that listing
      </h1>
      <p>It may have been removed, or the link may be mistyped.</p>
      <Link to="/home" className={styles.primary}>
        Go to home
      </Link>
    </section>
  );
}

/** The listing could not be read (network or server failure). */
export function ListingLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentMeta('Listing unavailable', 'This listing could not be loaded right now.');
  return (
    <section className={styles.message} role="alert" aria-labelledby="listing-failed">
      <h1 id="listing-failed" className={styles.title}>
        We couldn't load this listing
      </h1>
      <p>Check your connection and try again.</p>
      <button type="button" className={styles.primary} onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </section>
  );
}

/** Grey boxes the size of the page's parts while the listing loads, so nothing shifts. */
export function ListingSkeleton() {
  return (
    <div className={styles.skeleton} role="status">
      <span className="visually-hidden">Loading the listing…</span>
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonPhotos} />
      <div className={styles.skeletonLine} />
      <div className={styles.skeletonLineShort} />
    </div>
  );
}
