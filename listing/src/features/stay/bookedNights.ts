/**
 * Which calendar days a guest may click, given the nights already booked. A booked range is
 * half-open: its guests sleep the nights from `start` up to the night before `end`, so `end` is
 * free to check in and `start` is free to check out.
 */
import type { BookedRange, DateRange, IsoDay } from 'shared/rules';

/** The night starting on `day` belongs to a confirmed booking. */
export function isBookedNight(day: IsoDay, ranges: readonly BookedRange[]): boolean {
  return ranges.some((range) => range.start <= day && day < range.end);
}

/** The first booked night on or after `day`, or null when every later night is free. */
export function firstBookedNightFrom(day: IsoDay, ranges: readonly BookedRange[]): IsoDay | null {
  let first: IsoDay | null = null;
  for (const range of ranges) {
    if (range.end <= day) continue;
    const night = range.start > day ? range.start : day;
    if (first === null || night < first) first = night;
  }
  return first;
}

/**
 * A day the guest cannot choose. While a check-in waits for its checkout, later days are
 * unavailable past the first booked night (the stay may end on that day, not after it); every
 * other click would choose a check-in, which a booked night cannot be.
 */
export function isUnavailableDay(day: IsoDay, selection: DateRange, ranges: readonly BookedRange[]): boolean {
  if (selection.start !== null && selection.end === null && day > selection.start) {
    const firstBooked = firstBookedNightFrom(selection.start, ranges);
    return firstBooked !== null && day > firstBooked;
  }
  return isBookedNight(day, ranges);
}
