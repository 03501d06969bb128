/**
 * What stay can be booked at all, as the server checks it (create-payment-intent, which gets a
 * generated copy of this file) and the browser warns of it: real calendar days, at most
 * MAX_STAY_NIGHTS nights (also a constraint of the Bookings table), not before today anywhere on
 * earth and not after the booking calendar's last day. Plain Date.UTC arithmetic on ISO days
 * (yyyy-mm-dd), so the edge functions can run it without libraries.
 *
 * StayRequest is the stay as it travels to the server, once: the booking page sends it to
 * create-payment-intent, which reads it with readStayRequest, writes the pending booking from it
 * and keeps it in the payment intent, whence finalize-booking hands it whole to
 * confirm_booking_payment (the SQL type public.stay_request, whose fields it names).
 */
import { CALENDAR_MONTHS_RENDERED, MAX_ADULTS_AND_CHILDREN, MAX_INFANTS, MAX_PETS, MIN_ADULTS } from './constants';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest stay that can be booked, in nights. */
export const MAX_STAY_NIGHTS = 90;

/** Milliseconds at UTC midnight of an ISO day, or null when it is not a real calendar day. */
export function isoDayTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(time).toISOString().slice(0, 10) === value ? time : null;
}

/** Nights from one UTC midnight (isoDayTime) to another; negative when the second is earlier. */
export function nightsBetweenTimes(startTime: number, endTime: number): number {
  return Math.round((endTime - startTime) / DAY_MS);
}

/**
 * The earliest day a guest anywhere may still check in: today in the last time zone on earth
 * (UTC-12). A traveller whose local date is still yesterday's UTC date can book "today".
 */
export function earliestCheckIn(now: Date): number {
  const shifted = new Date(now.getTime() - 12 * 60 * 60 * 1000);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
}

/**
 * The last day the booking calendar shows anywhere on earth: the end of its last month, counted
 * from the current month in the first time zone (UTC+14). A checkout may not be later.
 */
export function latestCheckOut(now: Date): number {
  const shifted = new Date(now.getTime() + 14 * 60 * 60 * 1000);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + CALENDAR_MONTHS_RENDERED, 0);
}

/** Half-open [start, end) ranges overlap when each starts before the other ends. */
export function overlaps(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** The stay a traveller asks to book: a room, its nights [check_in, check_out) and the party. */
export interface StayRequest {
  room_id: number;
  check_in: string;
  check_out: string;
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/** Why a stay request is refused: the HTTP status, a stable code and the traveller's message. */
export interface StayRefusal {
  status: 400 | 409;
  code: string;
  message: string;
}

function wholeNumberIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/**
 * A stay request as the server accepts it, with its nights, or why it is refused: an object
 * naming a listing id, real days from today (anywhere on earth) to the calendar's last day in
 * order, at most MAX_STAY_NIGHTS nights, and whole numbers of guests within their limits (the
 * room's own capacity is the caller's to check). Only the request's own fields are kept.
 */
export function readStayRequest(value: unknown, now: Date): { stay: StayRequest; nights: number } | { refusal: StayRefusal } {
  const body = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  if (!wholeNumberIn(body.room_id, 1, Number.MAX_SAFE_INTEGER)) {
    return { refusal: { status: 400, code: 'invalid_room', message: 'room_id must be a listing id.' } };
  }
  const startTime = isoDayTime(body.check_in);
  const endTime = isoDayTime(body.check_out);
  if (startTime === null || endTime === null) {
    return { refusal: { status: 400, code: 'invalid_dates', message: 'check_in and check_out must be dates (yyyy-mm-dd).' } };
  }
  if (startTime < earliestCheckIn(now)) {
    return { refusal: { status: 409, code: 'dates_in_past', message: 'The check-in date has already passed.' } };
  }
  if (endTime <= startTime) {
    return { refusal: { status: 409, code: 'dates_reversed', message: 'The checkout date must come after the check-in date.' } };
  }
  if (endTime > latestCheckOut(now)) {
    return { refusal: { status: 400, code: 'dates_too_far', message: 'These dates are further ahead than the calendar goes.' } };
  }
  const nights = nightsBetweenTimes(startTime, endTime);
  if (nights > MAX_STAY_NIGHTS) {
    return { refusal: { status: 400, code: 'stay_too_long', message: `A stay can be at most ${MAX_STAY_NIGHTS} nights.` } };
  }
  const { adults, children, infants, pets } = body;
  if (
    !wholeNumberIn(adults, MIN_ADULTS, MAX_ADULTS_AND_CHILDREN) ||
    !wholeNumberIn(children, 0, MAX_ADULTS_AND_CHILDREN - adults) ||
    !wholeNumberIn(infants, 0, MAX_INFANTS) ||
    !wholeNumberIn(pets, 0, MAX_PETS)
  ) {
    return {
      refusal: {
        status: 400,
        code: 'invalid_guests',
        message: `A stay is for ${MIN_ADULTS} to ${MAX_ADULTS_AND_CHILDREN} adults and children, up to ${MAX_INFANTS} infants and ${MAX_PETS} pets.`,
      },
    };
  }
  const stay: StayRequest = {
    room_id: body.room_id,
    check_in: body.check_in as string,
    check_out: body.check_out as string,
    adults,
    children,
    infants,
    pets,
  };
  return { stay, nights };
}
