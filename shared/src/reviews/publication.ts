import type { ReviewableStay } from './reviewsApi';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What the author is told of their sent review: published, or when it will be. */
export function publicationText(stay: Pick<ReviewableStay, 'side' | 'my_review_published_at'>, now: Date): string {
  const at = new Date(stay.my_review_published_at!);
  if (at <= now) return 'Review published';
  const other = stay.side === 'stay' ? 'your host reviews you' : 'your guest reviews the stay';
  return `Review submitted — published when ${other} or on ${DAY.format(at)}`;
}
