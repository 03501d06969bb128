import { Award, Star } from 'lucide-react';
import {
  REVIEW_CATEGORY_SCORES,
  SAMPLE_REVIEW_COUNT,
  isGuestFavourite,
  showsRating,
  showsReviews,
  showsReviewSummary,
} from 'shared/rules';
import { SAMPLE_REVIEWS } from '../sampleReviews';
import styles from './Reviews.module.css';

export interface ReviewsProps {
  rating: number | null;
  ratingCount: string;
  guestFavorite: string;
  /** The viewport width, for the summary's 824px rule. */
  viewportWidth: number;
  /** The rating as shown elsewhere on the page ('4.85') and the '18 reviews' text. */
  ratingText: string;
  reviewsText: string;
}

/**
 * Reviews: the rating summary with the fixed category scores (wide screens or guest favourites,
 * for a rated place only: a place nobody rated has no scores to show) and four sample review
 * cards when rating_count holds a number above 10.
 */
export function Reviews({ rating, ratingCount, guestFavorite, viewportWidth, ratingText, reviewsText }: ReviewsProps) {
  const withCards = showsReviews(ratingCount);
  const withSummary = showsReviewSummary(viewportWidth, guestFavorite);
  const favourite = isGuestFavourite(guestFavorite);
  const rated = showsRating(rating);
  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-heading" tabIndex={-1}>
      <h2 id="reviews-heading" className={styles.heading}>
        {rated && <Star size={18} aria-hidden className={styles.star} />}
        {rated ? `${ratingText} · ${reviewsText}` : 'Reviews'}
      </h2>
      {withSummary && rated && (
        <div className={styles.summary}>
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
            {REVIEW_CATEGORY_SCORES.map((category) => (
              <div key={category.label} className={styles.score}>
                <dt>{category.label}</dt>
                <dd>{category.score.toFixed(1)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {withCards ? (
        <ul className={styles.cards}>
          {SAMPLE_REVIEWS.slice(0, SAMPLE_REVIEW_COUNT).map((review) => (
            <li key={review.name} className={styles.card}>
              <div className={styles.reviewer}>
                <span className={styles.initial} aria-hidden="true">
                  {review.name.charAt(0)}
                </span>
                <div>
                  <p className={styles.name}>{review.name}</p>
                  <p className={styles.meta}>{review.location}</p>
                </div>
              </div>
              <p className={styles.meta}>{review.date}</p>
              <p className={styles.text}>{review.text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>Reviews show here once this place has more than 10 of them.</p>
      )}
    </section>
  );
}
