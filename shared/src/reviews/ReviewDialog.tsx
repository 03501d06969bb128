/**
 * The review of a stay, in a dialog: as the traveller, the overall rating, the six categories and
 * a text; as the host, a rating of the guest and a text. Each rating is a group of five radio
 * buttons (arrow keys move within it). The server checks everything again; what it refuses is
 * said here. Once sent, the dialog says when the review publishes.
 */
import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { REVIEW_CATEGORIES, RATING_MAX_STARS, type ReviewCategory } from 'shared/rules';
import { Dialog } from 'shared/ui';
import { type ReviewableStay, useSubmitReviewMutation } from './reviewsApi';
import { publicationText } from './publication';
import styles from './Reviews.module.css';

const BODY_MAX = 1000;
const STARS = Array.from({ length: RATING_MAX_STARS }, (_, i) => i + 1);

function RatingGroup({ name, legend, value, onChange }: { name: string; legend: string; value: number; onChange: (v: number) => void }) {
  return (
    <fieldset className={styles.rating}>
      <legend>{legend}</legend>
      <div className={styles.stars}>
        {STARS.map((n) => (
          <label key={n} className={styles.starLabel} data-on={n <= value ? '' : undefined}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} required />
            <Star size={24} aria-hidden />
            <span className="visually-hidden">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Why the server refused, in words (its checks: the window, a second review). */
function refusal(code: string | undefined, message: string): string {
  if (code === '23505') return 'You have already reviewed this stay.';
  if (message === 'the review window has closed') return 'The 14 days to review this stay are over.';
  return 'Your review could not be sent. Please try again.';
}

export function ReviewDialog({ stay, onClose }: { stay: ReviewableStay | null; onClose: () => void }) {
  return (
    <Dialog open={stay !== null} onClose={onClose} title={stay?.side === 'guest' ? `Review ${stay.guest_name}` : 'Write a review'} className={styles.dialog}>
      {stay && <ReviewForm key={stay.booking_id} stay={stay} onClose={onClose} />}
    </Dialog>
  );
}

function ReviewForm({ stay, onClose }: { stay: ReviewableStay; onClose: () => void }) {
  const [submit, submitting] = useSubmitReviewMutation();
  const [rating, setRating] = useState(0);
  const [scores, setScores] = useState<Partial<Record<ReviewCategory, number>>>({});
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [publishesAt, setPublishesAt] = useState<string | null>(null);
  const ofStay = stay.side === 'stay';

  async function send(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const result = await submit({
      bookingId: stay.booking_id,
      rating,
      categories: ofStay ? (scores as Record<ReviewCategory, number>) : null,
      body: body.trim(),
    });
    if ('error' in result) {
      const error = result.error as { code?: string; message?: string };
      setProblem(refusal(error.code, error.message ?? ''));
      return;
    }
    setPublishesAt(result.data);
  }

  if (publishesAt !== null) {
    return (
      <div className={styles.done}>
        <p role="status">{publicationText({ ...stay, my_review_published_at: publishesAt }, new Date())}</p>
        <button type="button" className={styles.primary} onClick={onClose}>
          Done
        </button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)}>
      <p className={styles.about}>{ofStay ? stay.room_title : `${stay.guest_name}'s stay at ${stay.room_title}`}</p>
      <RatingGroup name="overall" legend={ofStay ? 'Overall rating' : 'Rating'} value={rating} onChange={setRating} />
      {ofStay && (
        <div className={styles.categories}>
          {REVIEW_CATEGORIES.map(({ key, label }) => (
            <RatingGroup key={key} name={key} legend={label} value={scores[key] ?? 0} onChange={(v) => setScores((s) => ({ ...s, [key]: v }))} />
          ))}
        </div>
      )}
      <label className={styles.field}>
        <span>{ofStay ? 'Your review' : 'Your review of the guest'}</span>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={BODY_MAX} rows={4} required />
      </label>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={submitting.isLoading}>
        Submit review
      </button>
    </form>
  );
}
