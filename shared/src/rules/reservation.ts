/**
 * Trips: the reservation code shown on a trip card and the trip's status badge.
 */
import type { BookingState } from './bookingLifecycle';
import type { IsoDay } from './dateSelection';

/** The reservation code: the part of the payment id before the first dash. */
export function reservationCode(paymentId: string): string {
  const dash = paymentId.indexOf('-');
  return dash === -1 ? paymentId : paymentId.slice(0, dash);
}

export type TripStatus = 'REQUESTED' | 'UPCOMING' | 'CURRENT' | 'PAST' | 'CANCELLED' | 'DECLINED' | 'EXPIRED';

/** "Requested: the host has until 30 Nov, 14:05 to answer" (the reader's time zone). */
export function requestDeadlineText(expiresAt: string): string {
  const until = new Date(expiresAt).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return `Requested: the host has until ${until} to answer`;
}

/**
 * The spec shows every trip as UPCOMING; we tell four states apart (a departure recorded in the
 * README): a cancelled trip is CANCELLED whatever its dates; otherwise a stay is CURRENT from its
 * check-in day through its checkout day, PAST once the checkout day has gone by, and UPCOMING
 * before. `today` is the reader's own day, so only a browser can say it: pages compute this after
 * hydration, never while a server renders.
 */
export function tripStatus(
  stay: { startDate: IsoDay; endDate: IsoDay; cancelled: boolean; state?: BookingState | null },
  today: IsoDay,
): TripStatus {
  // A request the host has not answered, or one that ended unanswered or refused (issue 42).
  if (stay.state === 'requested') return 'REQUESTED';
  if (stay.state === 'declined') return 'DECLINED';
  if (stay.state === 'expired') return 'EXPIRED';
  if (stay.cancelled || stay.state === 'cancelled') return 'CANCELLED';
  if (stay.endDate < today) return 'PAST';
  return stay.startDate <= today ? 'CURRENT' : 'UPCOMING';
}
