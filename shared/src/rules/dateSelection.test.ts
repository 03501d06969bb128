import { describe, expect, it } from 'vitest';
import {
  calendarHeading,
  calendarMonthStarts,
  clampCalendarPage,
  fillMissingDates,
  isBeforeChosenStart,
  isIsoDay,
  isPastDay,
  monthWeeks,
  nextActiveInput,
  nightsBetween,
  NO_DATES,
  parseIsoDay,
  selectDay,
  toIsoDay,
  type DateRange,
  type DayClickOutcome,
  type SearchInput,
} from './dateSelection';

const TODAY = '2026-05-10';
const range = (start: string | null, end: string | null): DateRange => ({ start, end });

describe('selecting days', () => {
  it.each<[string, DateRange, string, DateRange, DayClickOutcome]>([
    ['the first click chooses the start', NO_DATES, '2026-05-12', range('2026-05-12', null), 'start'],
    ['today can be chosen', NO_DATES, TODAY, range(TODAY, null), 'start'],
    ['a later second click chooses the end', range('2026-05-12', null), '2026-05-15', range('2026-05-12', '2026-05-15'), 'end'],
    ['an earlier second click moves the start', range('2026-05-12', null), '2026-05-11', range('2026-05-11', null), 'start'],
    ['a third click starts over', range('2026-05-12', '2026-05-15'), '2026-05-20', range('2026-05-20', null), 'start'],
    ['a click before the start with both chosen resets the start and clears the end', range('2026-05-12', '2026-05-15'), '2026-05-11', range('2026-05-11', null), 'start'],
    ['clicking the chosen start again changes nothing', range('2026-05-12', null), '2026-05-12', range('2026-05-12', null), 'ignored'],
    ['a past day is disabled', NO_DATES, '2026-05-09', NO_DATES, 'ignored'],
    ['a past day is disabled while choosing the end', range('2026-05-12', null), '2026-05-01', range('2026-05-12', null), 'ignored'],
    ['with only an end, a start before it keeps the end', range(null, '2026-05-20'), '2026-05-15', range('2026-05-15', '2026-05-20'), 'start'],
    ['with only an end, a start after it clears the end', range(null, '2026-05-20'), '2026-05-25', range('2026-05-25', null), 'start'],
  ])('%s', (_name, before, day, after, outcome) => {
    expect(selectDay(before, day, TODAY)).toEqual({ range: after, outcome });
  });
});

describe('the active input after a day click', () => {
  it.each<[SearchInput, DayClickOutcome, SearchInput]>([
    ['checkIn', 'start', 'checkOut'],
    ['checkOut', 'start', 'checkOut'],
    ['checkOut', 'end', 'checkOut'],
    ['checkIn', 'ignored', 'checkIn'],
    ['', 'start', ''],
    ['month', 'start', 'month'],
  ])('%s after %s becomes %s', (current, outcome, next) => {
    expect(nextActiveInput(current, outcome)).toBe(next);
  });
});

describe('disabled and struck-through days', () => {
  it.each([
    ['2026-05-09', true],
    ['2025-12-31', true],
    [TODAY, false],
    ['2026-05-11', false],
  ])('%s is past: %s', (day, past) => {
    expect(isPastDay(day, TODAY)).toBe(past);
  });

  it.each<[DateRange, string, boolean]>([
    [range('2026-05-12', null), '2026-05-11', true],
    [range('2026-05-12', null), '2026-05-12', false],
    [range('2026-05-12', '2026-05-14'), '2026-05-13', false],
    [NO_DATES, '2026-05-11', false],
  ])('with %o, %s is struck through: %s', (r, day, struck) => {
    expect(isBeforeChosenStart(day, r)).toBe(struck);
  });
});

describe('filling missing dates on search', () => {
  it.each<[string, DateRange, DateRange]>([
    ['only a start: the end is the next day', range('2026-05-12', null), range('2026-05-12', '2026-05-13')],
    ['only an end: the start is the previous day', range(null, '2026-05-12'), range('2026-05-11', '2026-05-12')],
    ['across a month end', range('2026-05-31', null), range('2026-05-31', '2026-06-01')],
    ['across a year start', range(null, '2027-01-01'), range('2026-12-31', '2027-01-01')],
    ['both chosen: unchanged', range('2026-05-12', '2026-05-14'), range('2026-05-12', '2026-05-14')],
    ['none chosen: unchanged', NO_DATES, NO_DATES],
  ])('%s', (_name, before, after) => {
    expect(fillMissingDates(before)).toEqual(after);
  });
});

describe('nights between dates', () => {
  it.each<[DateRange, number]>([
    [range('2026-05-12', '2026-05-13'), 1],
    [range('2026-05-12', '2026-05-17'), 5],
    [range('2026-02-27', '2026-03-02'), 3],
    [range('2026-03-28', '2026-03-29'), 1],
    [range('2026-05-12', null), 0],
    [NO_DATES, 0],
  ])('%o is %d nights', (r, nights) => {
    expect(nightsBetween(r)).toBe(nights);
  });
});

describe('listing calendar heading', () => {
  it.each<[DateRange, string]>([
    [NO_DATES, 'Select check-In date'],
    [range('2026-05-12', null), 'Select checkout date'],
    [range('2026-05-12', '2026-05-17'), '5 nights in Lisbon'],
    [range('2026-05-12', '2026-05-13'), '1 night in Lisbon'],
  ])('%o reads %s', (r, heading) => {
    expect(calendarHeading(r, 'Lisbon')).toBe(heading);
  });
});

describe('calendar months and paging', () => {
  it('renders 23 months from the current month', () => {
    const months = calendarMonthStarts(TODAY);
    expect(months).toHaveLength(23);
    expect(months[0]).toBe('2026-05-01');
    expect(months[1]).toBe('2026-06-01');
    expect(months[22]).toBe('2028-03-01');
  });

  it.each([
    [-1, 0],
    [0, 0],
    [7, 7],
    [20, 20],
    [21, 20],
  ])('page %d is clamped to %d', (page, clamped) => {
    expect(clampCalendarPage(page)).toBe(clamped);
  });

  it('lays a month out in Sunday-first weeks', () => {
    // 1 May 2026 is a Friday; May has 31 days
    const weeks = monthWeeks('2026-05-01');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
    expect(weeks[5]).toEqual(['2026-05-31', null, null, null, null, null, null]);
    expect(weeks.flat().filter((day) => day !== null)).toHaveLength(31);
  });
});

describe('ISO days', () => {
  it.each([
    ['2026-05-10', true],
    ['2026-02-29', false],
    ['2026-5-10', false],
    ['10/05/2026', false],
    ['', false],
  ])('%s is a day: %s', (value, valid) => {
    expect(isIsoDay(value)).toBe(valid);
  });

  it('round-trips through a local Date', () => {
    expect(toIsoDay(parseIsoDay('2026-12-31'))).toBe('2026-12-31');
    expect(() => parseIsoDay('2026-13-01')).toThrow(RangeError);
  });
});
