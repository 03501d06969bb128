/** Static guest reviews (name, location, image, text, rating 1-5) that fade in when scrolled into view. */
import { useEffect, useRef, useState } from 'react';
import { Star } from 'lucide-react';
import { RATING_MAX_STARS } from 'shared/rules';
import { REVIEWS, type Review } from './content';
import styles from './Reviews.module.css';

function avatarUrl(review: Review): string {
  const initials = review.name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" rx="28" fill="${review.colour}"/><text x="28" y="35" font-family="sans-serif" font-size="20" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function Reviews() {
  const listRef = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  return (
    <ul ref={listRef} className={shown ? `${styles.list} ${styles.shown}` : styles.list}>
      {REVIEWS.map((review) => (
        <li key={review.name} className={styles.card}>
          <figure className={styles.figure}>
            <span className={styles.stars} role="img" aria-label={`Rated ${review.rating} out of ${RATING_MAX_STARS}`}>
              {Array.from({ length: RATING_MAX_STARS }, (_, i) => (
                <Star key={i} size={16} aria-hidden className={i < review.rating ? styles.starOn : styles.starOff} />
              ))}
            </span>
            <blockquote className={styles.text}>
              <p>{review.text}</p>
            </blockquote>
            <figcaption className={styles.author}>
              <img src={avatarUrl(review)} alt={`Portrait of ${review.name}`} width={48} height={48} className={styles.avatar} />
              <span>
                <span className={styles.name}>{review.name}</span>
                <span className={styles.location}>{review.location}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
