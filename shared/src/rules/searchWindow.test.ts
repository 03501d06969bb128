import { describe, expect, it } from 'vitest';
import type { StayDuration } from './constants';
import type { DateRange, IsoDay } from './dateSelection';
import { datesWindow, flexibleWindow, monthsWindow, NO_WINDOW, type SearchWindow } from './searchWindow';

const TODAY = '2026-05-10';

describe('datesWindow: the hint chips widen the dates by N days either side', () => {
  it.each<[string, DateRange, number, SearchWindow]>([
    ['no dates', { start: null, end: null }, 3, NO_WINDOW],
    ['exact dates: every night of the stay', { start: '2026-06-05', end: '2026-06-08' }, 0, { checkIn: '2026-06-05', checkOut: '2026-06-08', stayNights: null }],
    ['1 day', { start: '2026-06-05', end: '2026-06-08' }, 1, { checkIn: '2026-06-04', checkOut: '2026-06-09', stayNights: 3 }],
    ['2 days', { start: '2026-06-05', end: '2026-06-08' }, 2, { checkIn: '2026-06-03', checkOut: '2026-06-10', stayNights: 3 }],
    ['3 days', { start: '2026-06-05', end: '2026-06-06' }, 3, { checkIn: '2026-06-02', checkOut: '2026-06-09', stayNights: 1 }],
    ['7 days across a month end', { start: '2026-06-28', end: '2026-07-02' }, 7, { checkIn: '2026-06-21', checkOut: '2026-07-09', stayNights: 4 }],
    ['14 days', { start: '2026-06-05', end: '2026-06-12' }, 14, { checkIn: '2026-05-22', checkOut: '2026-06-26', stayNights: 7 }],
    ['never before today', { start: '2026-05-12', end: '2026-05-14' }, 7, { checkIn: TODAY, checkOut: '2026-05-21', stayNights: 2 }],
    ['from today itself', { start: TODAY, end: '2026-05-11' }, 1, { checkIn: TODAY, checkOut: '2026-05-12', stayNights: 1 }],
  ])('%s', (_name, range, days, window) => {
    expect(datesWindow(range, days, TODAY)).toEqual(window);
  });
});

describe("monthsWindow: the dial's start and end, every night free", () => {
  it.each<[string, IsoDay | null, number, SearchWindow]>([
    ['no start chosen: from today, 3 months', null, 3, { checkIn: TODAY, checkOut: '2026-08-10', stayNights: null }],
    ['a chosen start, 2 months', '2026-06-05', 2, { checkIn: '2026-06-05', checkOut: '2026-08-05', stayNights: null }],
    ['dial 0 is 12 months', '2026-06-05', 0, { checkIn: '2026-06-05', checkOut: '2027-06-05', stayNights: null }],
  ])('%s', (_name, start, curDot, window) => {
    expect(monthsWindow(start, curDot, TODAY)).toEqual(window);
  });
});

describe('flexibleWindow: a weekend, week or month of nights within the picked months', () => {
  it.each<[string, number[], StayDuration, SearchWindow]>([
    ['no month: the next 12 months, a week', [], 'week', { checkIn: TODAY, checkOut: '2027-05-10', stayNights: 7 }],
    ['no month, a weekend', [], 'weekend', { checkIn: TODAY, checkOut: '2027-05-10', stayNights: 2 }],
    ['no month, a month', [], 'month', { checkIn: TODAY, checkOut: '2027-05-10', stayNights: 28 }],
    ['one later month', [6], 'week', { checkIn: '2026-07-01', checkOut: '2026-08-01', stayNights: 7 }],
    ['the current month starts today', [4], 'weekend', { checkIn: TODAY, checkOut: '2026-06-01', stayNights: 2 }],
    ['several months, in any order', [8, 5], 'month', { checkIn: '2026-06-01', checkOut: '2026-10-01', stayNights: 28 }],
    ['a month before the current one is next year', [1], 'week', { checkIn: '2027-02-01', checkOut: '2027-03-01', stayNights: 7 }],
    ['across the new year', [11, 0], 'week', { checkIn: '2026-12-01', checkOut: '2027-02-01', stayNights: 7 }],
    ['the current month and the last card', [4, 3], 'week', { checkIn: TODAY, checkOut: '2027-05-01', stayNights: 7 }],
  ])('%s', (_name, months, duration, window) => {
    expect(flexibleWindow(months, duration, TODAY)).toEqual(window);
  });
});
