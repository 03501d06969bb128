/**
 * The search bar's summary texts: where, when (dates, months dial, flexible) and the month
 * cards and dial values they are built from. Guest summaries are in ./guests.
 */
import { addMonths, format, startOfMonth } from 'date-fns';
import {
  DIAL_DATE_FORMAT,
  DIAL_DOTS,
  MONTH_CARD_COUNT,
  MONTHS_MODE_EMPTY_TEXT,
  REGION_ALL,
  SHOWN_DATE_FORMAT,
  type StayDuration,
} from './constants';
import { parseIsoDay, toIsoDay, type DateRange, type IsoDay } from './dateSelection';

export type DateOption = 'dates' | 'month' | 'flexible';

const monthStart = (month: number): Date => new Date(2000, month, 1);

/** 'January' for 0. */
export function monthName(month: number): string {
  return format(monthStart(month), 'MMMM');
}

/** 'Jan' for 0. */
export function shortMonthName(month: number): string {
  return format(monthStart(month), 'MMM');
}

export function stayDurationLabel(duration: StayDuration): string {
  return duration.charAt(0).toUpperCase() + duration.slice(1);
}

/**
 * The flexible summary: 'Any week' with no month picked; 'Week in January' for one month;
 * 'Week in Jan, Feb' (first three letters, in the order picked) for several.
 */
export function flexibleSummary(duration: StayDuration, months: readonly number[]): string {
  const [only] = months;
  if (only === undefined) return `Any ${duration}`;
  const names = months.length === 1 ? monthName(only) : months.map(shortMonthName).join(', ');
  return `${stayDurationLabel(duration)} in ${names}`;
}

export interface MonthCard {
  /** 0-11, the value kept in the form's months list. */
  month: number;
  year: number;
  name: string;
}

/** The flexible strip's 12 month cards, starting at the current month. */
export function monthCards(today: IsoDay): MonthCard[] {
  const first = startOfMonth(parseIsoDay(today));
  return Array.from({ length: MONTH_CARD_COUNT }, (_, i) => {
    const date = addMonths(first, i);
    return { month: date.getMonth(), year: date.getFullYear(), name: format(date, 'MMMM') };
  });
}

/** The dial keeps a value 0-12. */
export function clampDial(value: number): number {
  return Math.min(Math.max(Math.round(value), 0), DIAL_DOTS);
}

/** The trip length the dial stands for, in months: 0 displays (and counts) as 12. */
export function dialMonths(curDot: number): number {
  const value = clampDial(curDot);
  return value === 0 ? DIAL_DOTS : value;
}

/** Months mode: the stay runs from its start for the dial's number of months. */
export function monthsModeRange(start: IsoDay, curDot: number): DateRange {
  return { start, end: toIsoDay(addMonths(parseIsoDay(start), dialMonths(curDot))) };
}

/** 'dd MMM', as dates are shown in inputs and summaries: '05 Jun'. */
export function formatShownDate(day: IsoDay): string {
  return format(parseIsoDay(day), SHOWN_DATE_FORMAT);
}

/**
 * A stay's dates wherever the site shows them (price card, calendar, booking page, trips):
 * 'dd MMM – dd MMM', with the years only when a date is not in the current year
 * ('13 Jan 2027 – 16 Jan 2027'), so every screen shows one date one way.
 */
export function formatShownRange(start: IsoDay, end: IsoDay, today: Date = new Date()): string {
  const year = today.getFullYear();
  const withYear = [start, end].some((day) => parseIsoDay(day).getFullYear() !== year);
  const shown = (day: IsoDay) => (withYear ? `${formatShownDate(day)} ${parseIsoDay(day).getFullYear()}` : formatShownDate(day));
  return `${shown(start)} – ${shown(end)}`;
}

/** 'MMM d', as dates are shown under the dial: 'Jun 5'. */
export function formatDialDate(day: IsoDay): string {
  return format(parseIsoDay(day), DIAL_DATE_FORMAT);
}

/** Months mode summary: 'Any time' without a start, else 'Jun 5 - Sep 5'. */
export function monthsSummary(startDurationDate: IsoDay | null, curDot: number): string {
  if (startDurationDate === null) return MONTHS_MODE_EMPTY_TEXT;
  const range = monthsModeRange(startDurationDate, curDot);
  return `${formatDialDate(startDurationDate)} - ${formatDialDate(range.end ?? startDurationDate)}`;
}

/** Dates mode summary: '05 Jun - 09 Jun', or '' until both dates are chosen. */
export function datesSummary(range: DateRange): string {
  if (range.start === null || range.end === null) return '';
  return `${formatShownDate(range.start)} - ${formatShownDate(range.end)}`;
}

/**
 * A card's free stay ('16-21 May', '30 May - 4 Jun', the spec's card line; with the years across
 * New Year: '29 Dec 2026 - 3 Jan 2027').
 */
export function cardDatesText(start: IsoDay, end: IsoDay): string {
  const from = parseIsoDay(start);
  const to = parseIsoDay(end);
  if (from.getFullYear() !== to.getFullYear()) return `${format(from, 'd MMM yyyy')} - ${format(to, 'd MMM yyyy')}`;
  if (from.getMonth() !== to.getMonth()) return `${format(from, 'd MMM')} - ${format(to, 'd MMM')}`;
  return `${format(from, 'd')}-${format(to, 'd MMM')}`;
}

/** The 'where' summary: the region, else the typed destination, else ''. */
export function destinationSummary(region: string, destination: string): string {
  return region === REGION_ALL ? destination.trim() : region;
}
