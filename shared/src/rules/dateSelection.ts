/**
 * The date-selection machine shared by the search bar, the overlay, the listing calendar and
 * the booking page's calendar, plus the calendar's paging and headings.
 *
 * Days are ISO calendar days ('yyyy-MM-dd', local time): they order correctly as strings,
 * survive Redux and BroadcastChannel unchanged, and are what the server's date columns take.
 */
import { addDays, addMonths, format, getDay, getDaysInMonth, isValid, parse, startOfMonth } from 'date-fns';
import { CALENDAR_MAX_PAGE, CALENDAR_MONTHS_RENDERED, ISO_DAY_FORMAT } from './constants';
import { isoDayTime, nightsBetweenTimes } from './stayBounds';

/** A calendar day as 'yyyy-MM-dd'. */
export type IsoDay = string;

export interface DateRange {
  start: IsoDay | null;
  end: IsoDay | null;
}

/** A stay already taken: [start, end) as ISO days, the end day itself stays free. */
export interface BookedRange {
  start: IsoDay;
  end: IsoDay;
}

export const NO_DATES: DateRange = { start: null, end: null };

/** The search bar's active input ('' when none is open). */
export type SearchInput = 'destination' | 'checkIn' | 'checkOut' | 'month' | 'flexible' | 'addGuest' | '';

/** What a click on a day did: chose the start, chose the end, or nothing (a disabled day). */
export type DayClickOutcome = 'start' | 'end' | 'ignored';

export function toIsoDay(date: Date): IsoDay {
  return format(date, ISO_DAY_FORMAT);
}

/** The local-midnight Date of an ISO day; throws on anything that is not a real 'yyyy-MM-dd'. */
export function parseIsoDay(day: IsoDay): Date {
  const date = parse(day, ISO_DAY_FORMAT, new Date(0));
  if (!isValid(date) || toIsoDay(date) !== day) throw new RangeError(`not a yyyy-MM-dd day: ${day}`);
  return date;
}

export function isIsoDay(value: string): boolean {
  const date = parse(value, ISO_DAY_FORMAT, new Date(0));
  return isValid(date) && toIsoDay(date) === value;
}

export function addDaysToIsoDay(day: IsoDay, days: number): IsoDay {
  return toIsoDay(addDays(parseIsoDay(day), days));
}

/** Past days cannot be chosen. */
export function isPastDay(day: IsoDay, today: IsoDay): boolean {
  return day < today;
}

/** On the listing and booking pages, days before the chosen start are struck through. */
export function isBeforeChosenStart(day: IsoDay, range: DateRange): boolean {
  return range.start !== null && day < range.start;
}

/**
 * One click on `day`. The first click chooses the start; the second chooses the end if it is
 * later; a click before the start moves the start there and clears the end; a click once
 * both are chosen starts over. Clicking the chosen start again changes nothing.
 */
export function selectDay(
  range: DateRange,
  day: IsoDay,
  today: IsoDay,
): { range: DateRange; outcome: DayClickOutcome } {
  if (isPastDay(day, today)) return { range, outcome: 'ignored' };
  const { start, end } = range;
  if (start === null) {
    // Only an end so far (restored from a draft): keep it if it is still after the new start.
    return { range: { start: day, end: end !== null && end > day ? end : null }, outcome: 'start' };
  }
  if (end !== null || day < start) return { range: { start: day, end: null }, outcome: 'start' };
  if (day > start) return { range: { start, end: day }, outcome: 'end' };
  return { range, outcome: 'ignored' };
}

/**
 * Where the search bar's focus goes after a day click: choosing a start moves it from
 * check-in to check-out; choosing an end keeps it on check-out, where the next click starts
 * over. Outside the two date inputs (a modal calendar) it stays as it is.
 */
export function nextActiveInput(current: SearchInput, outcome: DayClickOutcome): SearchInput {
  if (outcome === 'start' && (current === 'checkIn' || current === 'checkOut')) return 'checkOut';
  return current;
}

/** On search, a lone start gets the next day as end; a lone end gets the previous day as start. */
export function fillMissingDates(range: DateRange): DateRange {
  if (range.start !== null && range.end === null) return { start: range.start, end: addDaysToIsoDay(range.start, 1) };
  if (range.start === null && range.end !== null) return { start: addDaysToIsoDay(range.end, -1), end: range.end };
  return range;
}

/** Nights from check-in to check-out (0 when either is missing or the end is not later). */
export function nightsBetween(range: DateRange): number {
  const start = isoDayTime(range.start);
  const end = isoDayTime(range.end);
  return start === null || end === null ? 0 : Math.max(0, nightsBetweenTimes(start, end));
}

/** The listing calendar's heading as the stay is chosen. */
export function calendarHeading(range: DateRange, city: string): string {
  if (range.start === null) return 'Select check-In date';
  if (range.end === null) return 'Select checkout date';
  const nights = nightsBetween(range);
  return `${nights} ${nights === 1 ? 'night' : 'nights'} in ${city}`;
}

/** The first day of each month the calendar renders: 23, from the current month. */
export function calendarMonthStarts(today: IsoDay): IsoDay[] {
  const first = startOfMonth(parseIsoDay(today));
  return Array.from({ length: CALENDAR_MONTHS_RENDERED }, (_, i) => toIsoDay(addMonths(first, i)));
}

/** Calendar paging stays within 0-20. */
export function clampCalendarPage(page: number): number {
  return Math.min(Math.max(Math.trunc(page), 0), CALENDAR_MAX_PAGE);
}

/**
 * A month laid out in weeks from Sunday to Saturday: the month's days, with null for the
 * blank cells before the 1st and after the last day.
 */
export function monthWeeks(monthStart: IsoDay): (IsoDay | null)[][] {
  const first = startOfMonth(parseIsoDay(monthStart));
  const cells: (IsoDay | null)[] = Array.from({ length: getDay(first) }, () => null);
  for (let i = 0; i < getDaysInMonth(first); i += 1) cells.push(toIsoDay(addDays(first, i)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
