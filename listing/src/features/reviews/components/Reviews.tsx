import { Award, Star } from 'lucide-react';
import { REVIEW_CATEGORIES, isGuestFavourite, reviewCount, showsRating } from 'shared/rules';
import { type RoomReviews, useGetRoomReviewsQuery } from '../api';
import styles from './Reviews.module.css';

export interface ReviewsProps {
  roomId: number;
  rating: number | null;
  ratingCount: string;
  guestFavorite: string;
  /** The rating as shown elsewhere on the page ('4.85') and the '18 reviews' text. */
  ratingText: string;
  reviewsText: string;
}

/** The listing's published reviews, read for its reviews section. */
export function Reviews({ roomId, ...props }: ReviewsProps) {
  const { data } = useGetRoomReviewsQuery(roomId);
  return <ReviewsView {...props} reviews={data} />;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Reviews: the rating summary with each category's average as a bar (from 824px, by CSS, or
 * for guest favourites at every width) and the latest written reviews, all from the listing's published reviews; 'No
 * reviews yet' before the first.
 */
export function ReviewsView({
  rating,
  ratingCount,
  guestFavorite,
  ratingText,
  reviewsText,
  reviews,
}: Omit<ReviewsProps, 'roomId'> & { reviews: RoomReviews | undefined }) {
  const count = reviewCount(ratingCount) ?? 0;
  const withSummary = count > 0 && reviews?.scores;
  const favourite = isGuestFavourite(guestFavorite);
  const rated = showsRating(rating);
  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-heading" tabIndex={-1}>
      <h2 id="reviews-heading" className={styles.heading}>
        {rated && <Star size={18} aria-hidden className={styles.star} />}
        {rated ? `${ratingText} · ${reviewsText}` : count > 0 ? reviewsText : 'Reviews'}
      </h2>
      {count === 0 && <p className={styles.empty}>No reviews yet</p>}
      {withSummary && (
        // Guest favourites show it at every width, others from 824px (the CSS's wideSummary).
        <div className={favourite ? styles.summary : `${styles.summary} ${styles.wideSummary}`}>
          {favourite && (
            <div className={styles.favourite}>
              <Award size={40} aria-hidden />
              <p className={styles.favouriteTitle}>Guest favourite</p>
              <p className={styles.favouriteText}>
                One of the most loved homes on Homestory based on ratings, reviews and reliability
              </p>
            </div>
          )}
          <h3 className="visually-hidden">Rating by category</h3>
          <dl className={styles.scores}>
            {REVIEW_CATEGORIES.map(({ key, label }) => {
              const score = Number(reviews.scores![key]);
              return (
                <div key={key} className={styles.score}>
                  <dt>{label}</dt>
                  <dd>
                    {score.toFixed(1)}
                    <span className={styles.bar} aria-hidden="true">
                      <span style={{ width: `${(score / 5) * 100}%` }} />
                    </span>
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      )}
      {reviews && reviews.latest.length > 0 && (
        <ul className={styles.cards}>
          {reviews.latest.map((review) => (
            <li key={review.id} className={styles.card}>
              <div className={styles.reviewer}>
                <span className={styles.initial} aria-hidden="true">
                  {review.author_name.charAt(0)}
                </span>
                <div>
                  <p className={styles.name}>{review.author_name}</p>
                  {review.author_location && <p className={styles.meta}>{review.author_location}</p>}
                </div>
              </div>
              <p className={styles.meta}>{MONTH.format(new Date(review.created_at))}</p>
              <p className={styles.text}>{review.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
