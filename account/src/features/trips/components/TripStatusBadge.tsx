import type { TripStatus } from 'shared/rules';
import styles from './TripStatusBadge.module.css';

const LOOK: Record<TripStatus, string | undefined> = {
  REQUESTED: styles.requested,
  UPCOMING: undefined,
  CURRENT: styles.current,
  PAST: styles.past,
  CANCELLED: styles.cancelled,
  DECLINED: styles.cancelled,
  EXPIRED: styles.past,
};

/** A trip's state, on its card's photo and on its page. */
export function TripStatusBadge({ status, className }: { status: TripStatus; className?: string }) {
  return <span className={[styles.badge, LOOK[status], className].filter(Boolean).join(' ')}>{status}</span>;
}
