/**
 * Trips: the reservation code shown on a trip card and the trip's status badge.
 */
import type { IsoDay } from './dateSelection';

/** The reservation code: the part of the payment id before the first dash. */
export function reservationCode(paymentId: string): string {
  const dash = paymentId.indexOf('-');
  return dash === -1 ? paymentId : paymentId.slice(0, dash);
}

export type TripStatus = 'UPCOMING' | 'CURRENT' | 'PAST' | 'CANCELLED';

/**
 * The spec shows every trip as UPCOMING; we tell four states apart (a departure recorded in the
 * README): a cancelled trip is CANCELLED whatever its dates; otherwise a stay is CURRENT from its
 * check-in day through its checkout day, PAST once the checkout day has gone by, and UPCOMING
 * before. `today` is the reader's own day, so only a browser can say it: pages compute this after
 * hydration, never while a server renders.
 */
export function tripStatus(stay: { startDate: IsoDay; endDate: IsoDay; cancelled: boolean }, today: IsoDay): TripStatus {
  if (stay.cancelled) return 'CANCELLED';
  if (stay.endDate < today) return 'PAST';
  return stay.startDate <= today ? 'CURRENT' : 'UPCOMING';
}
