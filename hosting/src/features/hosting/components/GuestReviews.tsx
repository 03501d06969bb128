/**
 * /hosting: the host's stays that ended in the last 14 days, each with 'Review guest' (or when the
 * review sent publishes). Shown only when there is one; the server decides which.
 */
import { formatShownRange } from 'shared/rules';
import { StayReviewAction, useGetReviewableStaysQuery } from 'shared/reviews';
import styles from './Hosting.module.css';

export function GuestReviews() {
  const { data } = useGetReviewableStaysQuery();
  const stays = (data ?? []).filter((stay) => stay.side === 'guest');
  if (stays.length === 0) return null;
  return (
    <>
      <h2 className={styles.sectionTitle}>Past stays to review</h2>
      <ul className={styles.reservations} aria-label="Past stays to review">
        {stays.map((stay) => (
          <li key={stay.booking_id} className={styles.reservation}>
            <strong>{stay.guest_name}</strong>
            <span>{stay.room_title}</span>
            <span>{formatShownRange(stay.start_date, stay.end_date)}</span>
            <StayReviewAction stay={stay} label="Review guest" />
          </li>
        ))}
      </ul>
    </>
  );
}
