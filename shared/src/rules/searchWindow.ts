/**
 * The dates a search asks the server about, for each date mode. The server's search_rooms keeps a
 * room when it has `stayNights` consecutive free nights inside [checkIn, checkOut), or the whole
 * window free when stayNights is null; with no window, dates do not restrict the search.
 */
import { addMonths, startOfMonth } from 'date-fns';
import { STAY_NIGHTS, type StayDuration } from './constants';
import { addDaysToIsoDay, nightsBetween, parseIsoDay, toIsoDay, type DateRange, type IsoDay } from './dateSelection';
import { monthsModeRange } from './summaries';

export interface SearchWindow {
  checkIn: IsoDay | null;
  checkOut: IsoDay | null;
  /** null: every night of the window must be free. */
  stayNights: number | null;
}

export const NO_WINDOW: SearchWindow = { checkIn: null, checkOut: null, stayNights: null };

/**
 * Dates mode: the chosen dates; with a hint chip of N days, a stay of the same length starting up
 * to N days earlier (never before today) or ending up to N days later.
 */
export function datesWindow(range: DateRange, flexibilityDays: number, today: IsoDay): SearchWindow {
  const { start, end } = range;
  if (start === null || end === null) return NO_WINDOW;
  if (flexibilityDays === 0) return { checkIn: start, checkOut: end, stayNights: null };
  const earliest = addDaysToIsoDay(start, -flexibilityDays);
  return {
    checkIn: earliest < today ? today : earliest,
    checkOut: addDaysToIsoDay(end, flexibilityDays),
    stayNights: nightsBetween(range),
  };
}

/** Months mode: the dial's start (today until one is chosen) and end, every night free. */
export function monthsWindow(startDurationDate: IsoDay | null, curDot: number, today: IsoDay): SearchWindow {
  const { start, end } = monthsModeRange(startDurationDate ?? today, curDot);
  return { checkIn: start, checkOut: end, stayNights: null };
}

/**
 * Flexible mode: a stay of the chosen length (a weekend, a week, a month of nights) from the first
 * day of the earliest picked month (today, for the current month) to the end of the latest one;
 * with no month picked, the next 12 months. Month cards run from the current month, so a month
 * index before it is next year's.
 */
export function flexibleWindow(months: readonly number[], duration: StayDuration, today: IsoDay): SearchWindow {
  const stayNights = STAY_NIGHTS[duration];
  const thisMonth = startOfMonth(parseIsoDay(today));
  if (months.length === 0) return { checkIn: today, checkOut: toIsoDay(addMonths(parseIsoDay(today), 12)), stayNights };
  const ahead = months.map((month) => (month - thisMonth.getMonth() + 12) % 12);
  const first = toIsoDay(addMonths(thisMonth, Math.min(...ahead)));
  return {
    checkIn: first < today ? today : first,
    checkOut: toIsoDay(addMonths(thisMonth, Math.max(...ahead) + 1)),
    stayNights,
  };
}
