import { Award, Star } from 'lucide-react';
import type { Room } from 'shared/api';
import { isGuestFavourite, reviewCount, showsRating } from 'shared/rules';
import styles from './Overview.module.css';

/** '18 reviews' from a rating_count such as '(18)'; the stored text when it holds no number. */
export function reviewsText(ratingCount: string): string {
  const count = reviewCount(ratingCount);
  if (count === null) return ratingCount;
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

export function formatRating(rating: number | null): string {
  return Number(rating ?? 0).toFixed(2).replace(/0$/, '');
}

/** 'Rated 4.9 · 18 reviews', with a star. */
function RatingLine({ room, className }: { room: Room; className: string | undefined }) {
  return (
    <p className={className}>
      <Star size={14} aria-hidden className={styles.star} />
      <span>
        <span className="visually-hidden">Rated </span>
        {formatRating(room.house_rating)}
      </span>
      <span className={styles.dot} aria-hidden="true">
        ·
      </span>
      <span>{reviewsText(room.rating_count)}</span>
    </p>
  );
}

/** What the place is, its capacity line, its rating and the 'Guest favourite' badge. */
export function Overview({ room }: { room: Room }) {
  const heading = room.title_1 || `Entire home in ${room.city}, ${room.country}`;
  const capacity = [room.guest_count, room.bedroom_count, room.bed_count, room.bathroom_count].filter(Boolean);
  const rated = showsRating(room.house_rating);
  const favourite = isGuestFavourite(room.guest_favorite);
  return (
    <section className={styles.overview} aria-labelledby="overview-heading">
      <h2 id="overview-heading" className={styles.heading}>
        {heading}
      </h2>
      {capacity.length > 0 && <p className={styles.capacity}>{capacity.join(' · ')}</p>}
      {favourite ? (
        <div className={styles.badge}>
          <Award size={28} aria-hidden className={styles.badgeIcon} />
          <p className={styles.badgeTitle}>Guest favourite</p>
          <p className={styles.badgeText}>One of the most loved homes on Homestory, according to guests</p>
          {rated && <RatingLine room={room} className={styles.badgeRating} />}
        </div>
      ) : (
        rated && <RatingLine room={room} className={styles.rating} />
      )}
    </section>
  );
}
