import { Skeleton } from '../Skeleton';
import styles from './ListingCard.module.css';

/** A card-shaped placeholder with the card's exact box, so the grid does not move on load. */
export function ListingCardSkeleton() {
  return (
    <div className={styles.card} data-testid="card-skeleton" aria-hidden="true">
      <Skeleton className={styles.mediaSkeleton} />
      <div className={styles.body}>
        <Skeleton shape="text" width="70%" />
        <Skeleton shape="text" width="50%" style={{ marginTop: 8 }} />
        <Skeleton shape="text" width="30%" style={{ marginTop: 8 }} />
      </div>
    </div>
  );
}
