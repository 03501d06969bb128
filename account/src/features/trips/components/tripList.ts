/**
 * Trip cards from payments with their rooms: the reservation code, the status badge (REQUESTED,
 * UPCOMING, CURRENT, PAST, CANCELLED, DECLINED or EXPIRED, beyond the spec's every-trip-UPCOMING),
 * the requests and stays under way and to come first, soonest first, then those over, cancelled
 * or refused, latest first.
 */
import type { Room } from 'shared/api';
import { reservationCode, tripStatus, type TripStatus } from 'shared/rules';
import type { TripPayment } from '../api/tripsApi';

export interface Trip {
  paymentId: string;
  code: string;
  status: TripStatus;
  startDate: string;
  endDate: string;
  guestName: string | null;
  bookingId: number | null;
  /** A request's deadline for the host's answer. */
  requestExpiresAt: string | null;
  room: Room;
}

export function buildTrips(payments: readonly TripPayment[], today: string): Trip[] {
  const trips = payments.flatMap((payment): Trip[] => {
    const room = payment.room;
    if (!room) return [];
    return [
      {
        paymentId: payment.id,
        code: reservationCode(payment.id),
        status: tripStatus({ ...payment, cancelled: payment.cancelled_at !== null, state: payment.state?.status ?? null }, today),
        startDate: payment.startDate,
        endDate: payment.endDate,
        guestName: payment.Guest,
        bookingId: payment.booking_id,
        requestExpiresAt: payment.state?.request_expires_at ?? null,
        room,
      },
    ];
  });
  const ahead = trips.filter((trip) => trip.status === 'CURRENT' || trip.status === 'UPCOMING' || trip.status === 'REQUESTED');
  const behind = trips.filter((trip) => !ahead.includes(trip));
  ahead.sort((a, b) => a.startDate.localeCompare(b.startDate));
  behind.sort((a, b) => b.startDate.localeCompare(a.startDate));
  return [...ahead, ...behind];
}
