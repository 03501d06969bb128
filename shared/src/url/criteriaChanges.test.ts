import { describe, expect, it } from 'vitest';
import { decreaseGuest, increaseGuest } from '../rules/guests';
import {
  cleared,
  forSearch,
  hasWhen,
  withDayClicked,
  withDestination,
  withGuests,
  withMonthToggled,
  withoutDates,
  withoutGuests,
  withRegion,
  withWhenReset,
} from './criteriaChanges';
import { NO_SEARCH, type SearchCriteria } from './searchParams';
import { searchSummary, whenSummary } from './searchSummary';

const TODAY = '2026-05-10';

describe('where', () => {
  it('choosing a region names it; I\'m flexible searches anywhere', () => {
    expect(withRegion(NO_SEARCH, 'Europe').where).toBe('Europe');
    expect(withRegion(withRegion(NO_SEARCH, 'Europe'), 'all').where).toBe('');
  });

  it('the typed text is kept as typed, spaces included', () => {
    expect(withDestination(NO_SEARCH, 'New ').where).toBe('New ');
  });
});

describe('dates', () => {
  it('check-in, then check-out, then a third click starts over', () => {
    const first = withDayClicked(NO_SEARCH, '2026-05-12', TODAY);
    expect(first.outcome).toBe('start');
    const second = withDayClicked(first.criteria, '2026-05-15', TODAY);
    expect(second.criteria).toMatchObject({ checkIn: '2026-05-12', checkOut: '2026-05-15' });
    expect(withDayClicked(second.criteria, '2026-05-20', TODAY).criteria).toMatchObject({ checkIn: '2026-05-20', checkOut: null });
  });

  it('a past day changes nothing', () => {
    expect(withDayClicked(NO_SEARCH, '2026-05-09', TODAY)).toEqual({ criteria: NO_SEARCH, outcome: 'ignored' });
  });

  it('the date clear cross resets both dates', () => {
    expect(withoutDates({ ...NO_SEARCH, checkIn: '2026-05-12', checkOut: '2026-05-14' })).toEqual(NO_SEARCH);
  });
});

describe('guests', () => {
  it('a child with nobody yet brings an adult', () => {
    expect(withGuests(NO_SEARCH, increaseGuest(NO_SEARCH.guests, 'children')).guests).toEqual({ adults: 1, children: 1, infants: 0, pets: 0 });
  });

  it('counts past the limits are clamped to 16 adults and children, 5 infants and 5 pets', () => {
    expect(withGuests(NO_SEARCH, { adults: 20, children: 3, infants: 9, pets: 6 }).guests).toEqual({ adults: 16, children: 0, infants: 5, pets: 5 });
  });

  it('adults cannot go below 1 while anyone is counted', () => {
    const one = withGuests(NO_SEARCH, { adults: 1, children: 0, infants: 0, pets: 0 });
    expect(decreaseGuest(one.guests, 'adults')).toEqual(one.guests);
  });

  it('the guests clear cross zeroes all counts', () => {
    expect(withoutGuests(withGuests(NO_SEARCH, { adults: 2, children: 1, infants: 1, pets: 1 }))).toEqual(NO_SEARCH);
  });
});

describe('months and flexible', () => {
  it('a month card toggles its month, in the order picked', () => {
    const picked = withMonthToggled(withMonthToggled(NO_SEARCH, 3), 5);
    expect(picked.months).toEqual([3, 5]);
    expect(withMonthToggled(picked, 3).months).toEqual([5]);
  });

  it.each<[Partial<SearchCriteria>, string]>([
    [{ months: [0] }, 'Week in January'],
    [{ months: [0, 1] }, 'Week in Jan, Feb'],
    [{ months: [6], stayLength: 'month' }, 'Month in July'],
    [{ stayLength: 'weekend' }, 'Any weekend'],
    [{}, 'Any week'],
  ])('flexible %o reads %s', (criteria, text) => {
    expect(whenSummary({ ...NO_SEARCH, dateMode: 'flexible', ...criteria })).toBe(text);
  });

  it("the When card's Reset puts dates, months, stay length, dial and start back", () => {
    const changed: SearchCriteria = {
      ...NO_SEARCH,
      checkIn: '2026-05-12',
      months: [2],
      stayLength: 'month',
      monthLength: 5,
      monthStart: '2026-06-01',
      where: 'Oslo',
    };
    expect(hasWhen(changed)).toBe(true);
    expect(withWhenReset(changed)).toEqual({ ...NO_SEARCH, where: 'Oslo' });
    expect(hasWhen(withWhenReset(changed))).toBe(false);
  });
});

describe('clear all and search', () => {
  it('Clear all resets every input and keeps the category', () => {
    const busy: SearchCriteria = { ...NO_SEARCH, where: 'Europe', dateMode: 'flexible', months: [2], guests: { adults: 1, children: 0, infants: 0, pets: 1 }, category: 'Beach' };
    expect(cleared(busy)).toEqual({ ...NO_SEARCH, category: 'Beach' });
  });

  it('a lone start gets the next day as end, and the category filter goes', () => {
    expect(forSearch({ ...NO_SEARCH, checkIn: '2026-05-12', category: 'Beach' })).toMatchObject({ checkIn: '2026-05-12', checkOut: '2026-05-13', category: '' });
  });

  it('a lone end gets the previous day as start', () => {
    expect(forSearch({ ...NO_SEARCH, checkOut: '2026-06-01' })).toMatchObject({ checkIn: '2026-05-31', checkOut: '2026-06-01' });
  });

  it('the collapsed bar reads the placeholders, then what the URL holds', () => {
    expect(searchSummary(NO_SEARCH)).toEqual({ where: 'Anywhere', when: 'Any week', who: 'Add guests' });
    const searched: SearchCriteria = { ...NO_SEARCH, where: 'Europe', checkIn: '2026-05-12', checkOut: '2026-05-14', guests: { adults: 1, children: 0, infants: 0, pets: 0 } };
    expect(searchSummary(searched)).toEqual({ where: 'Europe', when: '12 May - 14 May', who: '1 guest' });
  });
});
