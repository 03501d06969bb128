/**
 * Under a stay the caller may review: 'Write a review' (traveller) or 'Review guest' (host), which
 * opens the review dialog; once sent, when it publishes.
 */
import { useState } from 'react';
import type { ReviewableStay } from './reviewsApi';
import { publicationText } from './publication';
import { ReviewDialog } from './ReviewDialog';
import styles from './Reviews.module.css';

export function StayReviewAction({ stay, label }: { stay: ReviewableStay; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {stay.my_review_published_at ? (
        <p className={styles.sent}>{publicationText(stay, new Date())}</p>
      ) : (
        <button type="button" className={styles.action} onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
      <ReviewDialog stay={open ? stay : null} onClose={() => setOpen(false)} />
    </>
  );
}
