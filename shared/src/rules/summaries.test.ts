import { describe, expect, it } from 'vitest';
import type { StayDuration } from './constants';
import {
  cardDatesText,
  clampDial,
  datesSummary,
  destinationSummary,
  dialMonths,
  flexibleSummary,
  formatDialDate,
  formatShownDate,
  formatShownRange,
  monthCards,
  monthsModeRange,
  monthsSummary,
} from './summaries';

describe('flexible summary', () => {
  it.each<[StayDuration, number[], string]>([
    ['week', [], 'Any week'],
    ['weekend', [], 'Any weekend'],
    ['month', [], 'Any month'],
    ['week', [0], 'Week in January'],
    ['weekend', [11], 'Weekend in December'],
    ['week', [0, 1], 'Week in Jan, Feb'],
    ['month', [5, 6, 7], 'Month in Jun, Jul, Aug'],
    ['week', [11, 0], 'Week in Dec, Jan'],
  ])('%s with months %o reads %s', (duration, months, text) => {
    expect(flexibleSummary(duration, months)).toBe(text);
  });
});

describe('month cards', () => {
  it('shows 12 months starting at the current month', () => {
    const cards = monthCards('2026-11-20');
    expect(cards).toHaveLength(12);
    expect(cards[0]).toEqual({ month: 10, year: 2026, name: 'November' });
    expect(cards[2]).toEqual({ month: 0, year: 2027, name: 'January' });
    expect(cards[11]).toEqual({ month: 9, year: 2027, name: 'October' });
  });
});

describe('months dial', () => {
  it.each([
    [0, 12],
    [1, 1],
    [3, 3],
    [12, 12],
  ])('dial %d stands for %d months', (dot, months) => {
    expect(dialMonths(dot)).toBe(months);
  });

  it.each([
    [-2, 0],
    [13, 12],
    [4.4, 4],
  ])('dial value %d is kept as %d', (value, kept) => {
    expect(clampDial(value)).toBe(kept);
  });

  it.each([
    ['2026-06-05', 3, '2026-09-05'],
    ['2026-06-05', 0, '2027-06-05'],
    ['2026-01-31', 1, '2026-02-28'],
  ])('from %s, dial %d ends %s', (start, dot, end) => {
    expect(monthsModeRange(start, dot)).toEqual({ start, end });
  });

  it.each<[string | null, number, string]>([
    [null, 3, 'Any time'],
    ['2026-06-05', 3, 'Jun 5 - Sep 5'],
    ['2026-06-05', 0, 'Jun 5 - Jun 5'],
  ])('months mode from %s with dial %d reads %s', (start, dot, text) => {
    expect(monthsSummary(start, dot)).toBe(text);
  });
});

describe('date formats', () => {
  it.each([
    ['2026-06-05', '05 Jun', 'Jun 5'],
    ['2026-12-25', '25 Dec', 'Dec 25'],
  ])('%s is shown as %s and under the dial as %s', (day, shown, dial) => {
    expect(formatShownDate(day)).toBe(shown);
    expect(formatDialDate(day)).toBe(dial);
  });

  it.each([
    ['2026-12-06', '2026-12-13', '06 Dec – 13 Dec'],
    ['2026-12-30', '2027-01-02', '30 Dec 2026 – 02 Jan 2027'],
    ['2027-01-13', '2027-01-16', '13 Jan 2027 – 16 Jan 2027'],
  ])("a stay from %s to %s reads '%s' in 2026: 'dd MMM', with years only outside this one", (start, end, text) => {
    expect(formatShownRange(start, end, new Date(2026, 10, 23))).toBe(text);
  });

  it.each([
    [{ start: '2026-06-05', end: '2026-06-09' }, '05 Jun - 09 Jun'],
    [{ start: '2026-06-05', end: null }, ''],
    [{ start: null, end: null }, ''],
  ])('dates %o read %s', (range, text) => {
    expect(datesSummary(range)).toBe(text);
  });
});

describe('destination summary', () => {
  it.each([
    ['Europe', '', 'Europe'],
    ['Thailand', 'Paris', 'Thailand'],
    ['all', ' Paris ', 'Paris'],
    ['all', '', ''],
  ])('region %s and text %s read %s', (region, text, summary) => {
    expect(destinationSummary(region, text)).toBe(summary);
  });
});

describe("a card's free stay", () => {
  it.each([
    ['2026-05-16', '2026-05-21', '16-21 May'],
    ['2026-05-30', '2026-06-04', '30 May - 4 Jun'],
    ['2026-12-29', '2027-01-03', '29 Dec 2026 - 3 Jan 2027'],
  ])('%s to %s reads %s', (start, end, text) => {
    expect(cardDatesText(start, end)).toBe(text);
  });
});
