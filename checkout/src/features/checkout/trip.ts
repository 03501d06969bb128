/**
 * The trip being booked: the stay the booking page's URL carries (/:id/book?checkin=…, read and
 * written by shared/url's useStay), and the rules the page applies to it.
 */
import { checkoutGuestLabel, countedGuests, nightsBetween, type IsoDay, type StayRequest } from 'shared/rules';
import type { Stay } from 'shared/url';

export type Trip = Stay;

export function tripNights(trip: Trip): number {
  return nightsBetween(trip.range);
}

/** The guest line of Your trip: '1 guest' when nobody is counted yet. */
export function tripGuestLabel(trip: Trip): string {
  return checkoutGuestLabel(countedGuests(trip.guests));
}

type CompleteTrip = Trip & { range: { start: IsoDay; end: IsoDay } };

/** A trip can be booked only when all its fields are filled: both dates, nights and guests. */
export function isTripComplete(trip: Trip): trip is CompleteTrip {
  return trip.range.start !== null && trip.range.end !== null && tripNights(trip) > 0 && countedGuests(trip.guests) > 0;
}

/** The stay request Request to book sends, once: this room and the trip, as the server reads it. */
export function stayRequestOf(roomId: number, trip: CompleteTrip): StayRequest {
  const { adults, children, infants, pets } = trip.guests;
  return { room_id: roomId, check_in: trip.range.start, check_out: trip.range.end, adults, children, infants, pets };
}
