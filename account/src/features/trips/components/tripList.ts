/**
 * Trip cards from payments with their rooms: the reservation code, the status badge (UPCOMING,
 * CURRENT, PAST or CANCELLED, beyond the spec's every-trip-UPCOMING), the stays under way and
 * to come first, soonest first, then those over or cancelled, latest first.
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
        status: tripStatus({ ...payment, cancelled: payment.cancelled_at !== null }, today),
        startDate: payment.startDate,
        endDate: payment.endDate,
        guestName: payment.Guest,
        bookingId: payment.booking_id,
        room,
      },
    ];
  });
  const ahead = trips.filter((trip) => trip.status === 'CURRENT' || trip.status === 'UPCOMING');
  const behind = trips.filter((trip) => trip.status === 'PAST' || trip.status === 'CANCELLED');
  ahead.sort((a, b) => a.startDate.localeCompare(b.startDate));
  behind.sort((a, b) => b.startDate.localeCompare(a.startDate));
  return [...ahead, ...behind];
}
