/**
 * What stay can be booked at all, as the server checks it (create-payment-intent, which gets a
 * generated copy of this file) and the browser warns of it: real calendar days, at most
 * MAX_STAY_NIGHTS nights (also a constraint of the Bookings table), not before today anywhere on
 * earth and not after the booking calendar's last day. Plain Date.UTC arithmetic on ISO days
 * (yyyy-mm-dd), so the edge functions can run it without libraries.
 */
import { CALENDAR_MONTHS_RENDERED } from './constants';

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
