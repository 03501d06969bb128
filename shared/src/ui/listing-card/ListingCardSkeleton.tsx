import { Skeleton } from '../Skeleton';
import styles from './ListingCard.module.css';

/** A card-shaped placeholder with the card's exact box (photo and four text lines), so nothing moves on load. */
export function ListingCardSkeleton() {
  return (
    <div className={styles.card} data-testid="card-skeleton" aria-hidden="true">
      <Skeleton className={styles.mediaSkeleton} />
      <div className={styles.bodySkeleton}>
        <Skeleton shape="text" width="70%" />
        <Skeleton shape="text" width="50%" />
        <Skeleton shape="text" width="35%" />
        <Skeleton shape="text" width="30%" />
      </div>
    </div>
  );
}
