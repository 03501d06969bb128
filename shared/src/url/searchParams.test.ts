import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALENDAR_HINT_CHIPS, CATEGORIES, STAY_DURATIONS } from '../rules/constants';
import { NO_GUESTS } from '../rules/guests';
import { AMENITY_KEYS } from '../rules/listingFacts';
import { MAX_ROOM_FILTER, NO_FILTERS, PLACE_TYPES } from '../rules/searchFilters';
import { addDaysToIsoDay } from '../rules/dateSelection';
import {
  MAX_WHERE_LENGTH,
  NO_SEARCH,
  cleanSearch,
  lastBookableDay,
  parseSearchParams,
  searchOfStay,
  serializeSearchParams,
  stayFromSearch,
  staySearch,
  stayOf,
  withStay,
  type MapBox,
  type SearchCriteria,
} from './searchParams';
import { searchQueryOf } from './searchSummary';

const TODAY = '2026-05-10';
const parse = (search: string) => parseSearchParams(search, TODAY);

describe('reading a search from the URL', () => {
  it('no parameters is no search', () => {
    expect(parse('')).toEqual(NO_SEARCH);
    expect(serializeSearchParams(NO_SEARCH)).toBe('');
  });

  it('reads the readable form of a search', () => {
    expect(parse('?where=Europe&checkin=2026-12-12&checkout=2026-12-15&adults=2&category=Beach')).toEqual({
      ...NO_SEARCH,
      where: 'Europe',
      checkIn: '2026-12-12',
      checkOut: '2026-12-15',
      guests: { adults: 2, children: 0, infants: 0, pets: 0 },
      category: 'Beach',
    });
  });

  it('reads months and flexible modes', () => {
    expect(parse('mode=months&start=2026-06-05&length=2')).toMatchObject({ dateMode: 'month', monthStart: '2026-06-05', monthLength: 2 });
    expect(parse('mode=flexible&months=dec,jan&stay=weekend')).toMatchObject({ dateMode: 'flexible', months: [11, 0], stayLength: 'weekend' });
  });

  it('writes the parameters in one order, leaving defaults out', () => {
    const criteria: SearchCriteria = {
      ...NO_SEARCH,
      category: 'Beach',
      guests: { adults: 2, children: 1, infants: 0, pets: 0 },
      checkOut: '2026-12-15',
      checkIn: '2026-12-12',
      where: 'New York',
    };
    expect(serializeSearchParams(criteria)).toBe('where=New+York&checkin=2026-12-12&checkout=2026-12-15&adults=2&children=1&category=Beach');
  });
});

describe('bad parameters are dropped or clamped', () => {
  it.each<[string, string, string]>([
    ['an unparseable date', 'checkin=2026-13-45&checkout=soon', ''],
    ['a past date', 'checkin=2026-05-09&checkout=2026-05-12', 'checkout=2026-05-12'],
    ['an end before the start', 'checkin=2026-06-10&checkout=2026-06-08', 'checkin=2026-06-10'],
    ['an end on the start', 'checkin=2026-06-10&checkout=2026-06-10', 'checkin=2026-06-10'],
    ['a date past the calendar', 'checkin=2099-01-01', ''],
    ['more than 16 guests', 'adults=40&children=3', 'adults=16'],
    ['children past the 16 with the adults', 'adults=10&children=10', 'adults=10&children=6'],
    ['infants and pets past 5', 'adults=1&infants=9&pets=99', 'adults=1&infants=5&pets=5'],
    ['negative counts', 'adults=-3&children=-1', ''],
    ['fractions and words', 'adults=1.5&pets=two', ''],
    ['a child without an adult', 'children=2', 'adults=1&children=2'],
    ['sixteen children and no adult', 'children=16', 'adults=1&children=15'],
    ['an unknown category', 'category=Moon+bases', ''],
    ['a category in another case', 'category=beach', 'category=Beach'],
    ['an unknown date mode', 'mode=someday', ''],
    ['unknown months and a repeated one', 'mode=flexible&months=jan,smarch,jan', 'mode=flexible&months=jan'],
    ['an unknown stay length', 'stay=decade', ''],
    ['a dial length past 12', 'length=40', 'length=12'],
    ['a dial length of 0', 'length=0', ''],
    ['a hint chip that is not offered', 'flex=5', ''],
    ['a repeated parameter (the first counts)', 'adults=2&adults=7', 'adults=2'],
    ['a huge destination', `where=${'a'.repeat(MAX_WHERE_LENGTH + 1)}`, ''],
    ['a control character', 'where=Par%00is', ''],
    ['a huge count', 'adults=99999999999999999999', ''],
    ['unknown parameters', 'utm_source=mail&adults=2', 'adults=2'],
    ['a map area past 4 decimals (rounded)', 'box=2.22424,48.81555,2.46999,48.9', 'box=2.2242%2C48.8156%2C2.47%2C48.9'],
    ['a map area past the poles and the antimeridian (clamped)', 'box=-200,-95.5,181,91', 'box=-180%2C-90%2C180%2C90'],
    ['a map area upside down', 'box=2.4,48.9,2.2,48.8', ''],
    ['a map area with no width once rounded', 'box=2.00001,48.8,2.00002,48.9', ''],
    ['a map area of three numbers', 'box=2.2,48.8,2.4', ''],
    ['a map area of words, exponents or infinities', 'box=west,1e2,Infinity,NaN', ''],
    ['a map area with a huge number', `box=1.${'1'.repeat(40)},48.8,2.4,48.9`, ''],
    ['a map area with spaces', 'box=2.2,+48.8,2.4,48.9', ''],
  ])('%s', (_name, search, clean) => {
    expect(cleanSearch(`?${search}`, TODAY)).toBe(clean === '' ? '' : `?${clean}`);
  });

  it('a negative zero in a map area is written as 0', () => {
    expect(cleanSearch('?box=-0.00001,-1,1,1', TODAY)).toBe('?box=0%2C-1%2C1%2C1');
  });

  it('keeps what a traveller types, markup included, as text', () => {
    expect(parse('where=%3Cscript%3Ealert(1)%3C%2Fscript%3E').where).toBe('<script>alert(1)</script>');
  });
});

describe('the stay', () => {
  it('is the dates (in dates mode) and guests of the criteria', () => {
    const criteria = parse('where=Europe&checkin=2026-12-12&checkout=2026-12-15&adults=2&category=Beach');
    expect(stayOf(criteria)).toEqual({ range: { start: '2026-12-12', end: '2026-12-15' }, guests: { adults: 2, children: 0, infants: 0, pets: 0 } });
    expect(stayOf({ ...criteria, dateMode: 'month' }).range).toEqual({ start: null, end: null });
  });

  it('a listing link carries the stay only', () => {
    expect(staySearch(parse('where=Europe&checkin=2026-12-12&checkout=2026-12-15&adults=2&category=Beach'))).toBe(
      '?checkin=2026-12-12&checkout=2026-12-15&adults=2',
    );
    expect(staySearch(NO_SEARCH)).toBe('');
  });

  it('a booking page reads the stay its link carries, cleaned', () => {
    expect(stayFromSearch('?checkin=2026-12-12&checkout=2026-12-15&adults=2&where=Oslo', TODAY)).toEqual({
      range: { start: '2026-12-12', end: '2026-12-15' },
      guests: { adults: 2, children: 0, infants: 0, pets: 0 },
    });
    expect(stayFromSearch('?checkin=2026-12-15&checkout=2026-12-12&adults=40', TODAY)).toEqual({
      range: { start: '2026-12-15', end: null },
      guests: { adults: 16, children: 0, infants: 0, pets: 0 },
    });
    expect(searchOfStay({ range: { start: null, end: null }, guests: NO_GUESTS })).toBe('');
  });

  it('a new stay switches to dates mode and keeps the rest', () => {
    const next = withStay(parse('where=Oslo&mode=months'), { range: { start: '2026-06-01', end: '2026-06-04' } });
    expect(next).toMatchObject({ where: 'Oslo', dateMode: 'dates', checkIn: '2026-06-01', checkOut: '2026-06-04' });
  });
});

describe('the server query', () => {
  it('is null when nothing restricts the grid', () => {
    expect(searchQueryOf(NO_SEARCH, TODAY)).toBeNull();
    expect(searchQueryOf({ ...NO_SEARCH, category: 'Beach' }, TODAY)).toBeNull();
  });

  it('a map area restricts the grid and stands in for the destination', () => {
    const box = { west: 2.2242, south: 48.8156, east: 2.4699, north: 48.9022 };
    expect(searchQueryOf(parse('where=Paris&box=2.2242,48.8156,2.4699,48.9022&adults=2'), TODAY)).toEqual({
      searchText: '',
      checkIn: null,
      checkOut: null,
      stayNights: null,
      guests: 2,
      box,
      filters: NO_FILTERS,
    });
    expect(searchQueryOf({ ...NO_SEARCH, box }, TODAY)).toMatchObject({ searchText: '', box });
  });

  it.each<[string, string, ReturnType<typeof searchQueryOf>]>([
    ['dates mode', 'where=New+York&checkin=2026-05-12&checkout=2026-05-14&adults=1&children=1', { searchText: 'newyork', checkIn: '2026-05-12', checkOut: '2026-05-14', stayNights: null, guests: 2, box: null, filters: NO_FILTERS }],
    ['a region in any case', 'where=europe', { searchText: 'europe', checkIn: null, checkOut: null, stayNights: null, guests: 0, box: null, filters: NO_FILTERS }],
    ['the 2 days chip', 'checkin=2026-05-20&checkout=2026-05-23&flex=2', { searchText: '', checkIn: '2026-05-18', checkOut: '2026-05-25', stayNights: 3, guests: 0, box: null, filters: NO_FILTERS }],
    ['months mode', 'mode=months&start=2026-06-05', { searchText: '', checkIn: '2026-06-05', checkOut: '2026-09-05', stayNights: null, guests: 0, box: null, filters: NO_FILTERS }],
    ['flexible mode', 'mode=flexible&stay=weekend&months=aug,jul', { searchText: '', checkIn: '2026-07-01', checkOut: '2026-09-01', stayNights: 2, guests: 0, box: null, filters: NO_FILTERS }],
  ])('%s', (_name, search, query) => {
    expect(searchQueryOf(parse(search), TODAY)).toEqual(query);
  });
});

/** Every map area the URL may hold: 4 decimals, within the world, some width and height. */
const validBox: fc.Arbitrary<MapBox> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: -180e4, max: 180e4 }), { minLength: 2, maxLength: 2 }),
    fc.uniqueArray(fc.integer({ min: -90e4, max: 90e4 }), { minLength: 2, maxLength: 2 }),
  )
  .map(([lngs, lats]) => {
    const [west, east] = lngs.sort((a, b) => a - b).map((n) => n / 1e4 + 0) as [number, number];
    const [south, north] = lats.sort((a, b) => a - b).map((n) => n / 1e4 + 0) as [number, number];
    return { west, south, east, north };
  });

/** Every set of filters the URL may validly hold: a price range low to high, counts 1-8, known amenities in order. */
const validFilters = fc.record({
  prices: fc
    .tuple(fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }), fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }))
    .filter(([min, max]) => min === null || max === null || min <= max),
  placeType: fc.option(fc.constantFrom(...PLACE_TYPES), { nil: null }),
  bedrooms: fc.option(fc.integer({ min: 1, max: MAX_ROOM_FILTER }), { nil: null }),
  beds: fc.option(fc.integer({ min: 1, max: MAX_ROOM_FILTER }), { nil: null }),
  baths: fc.option(fc.integer({ min: 1, max: MAX_ROOM_FILTER }), { nil: null }),
  amenities: fc.subarray(AMENITY_KEYS),
  instantBook: fc.boolean(),
}).map(({ prices: [minPrice, maxPrice], ...rest }) => ({ ...rest, minPrice, maxPrice }));

/** Every criteria the parser can answer: what the URL may validly hold. */
const validCriteria: fc.Arbitrary<SearchCriteria> = (() => {
  const last = lastBookableDay(TODAY);
  const span = Math.round((Date.parse(last) - Date.parse(TODAY)) / 86_400_000);
  const day = fc.integer({ min: 0, max: span }).map((n) => addDaysToIsoDay(TODAY, n));
  const text = fc
    .string({ maxLength: MAX_WHERE_LENGTH, unit: 'grapheme' })
    .filter((s) => s.length <= MAX_WHERE_LENGTH && ![...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f));
  const guests = fc
    .record({
      adults: fc.integer({ min: 0, max: 16 }),
      children: fc.integer({ min: 0, max: 16 }),
      infants: fc.integer({ min: 0, max: 5 }),
      pets: fc.integer({ min: 0, max: 5 }),
    })
    .filter((g) => g.adults + g.children <= 16 && (g.adults >= 1 || g.children + g.infants + g.pets === 0));
  const dates = fc.tuple(fc.option(day, { nil: null }), fc.option(day, { nil: null })).filter(([a, b]) => a === null || b === null || b > a);
  return fc.record({
    where: text,
    dateMode: fc.constantFrom('dates' as const, 'month' as const, 'flexible' as const),
    dates,
    flexDays: fc.constantFrom(...CALENDAR_HINT_CHIPS.map((chip) => chip.days)),
    monthStart: fc.option(day, { nil: null }),
    monthLength: fc.integer({ min: 1, max: 12 }),
    months: fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }),
    stayLength: fc.constantFrom(...STAY_DURATIONS),
    guests,
    category: fc.constantFrom('', ...CATEGORIES),
    box: fc.option(validBox, { nil: null }),
    filters: validFilters,
  }).map(({ dates: [checkIn, checkOut], ...rest }) => ({ ...rest, checkIn, checkOut }));
})();

describe('filters', () => {
  it('reads every filter, in its clean form, and writes it back', () => {
    const criteria = parse('price_min=60&price_max=200&type=entire&bedrooms=2&beds=3&baths=8&amenities=pool,wifi&instant=1');
    expect(criteria.filters).toEqual({
      minPrice: 60,
      maxPrice: 200,
      placeType: 'entire',
      bedrooms: 2,
      beds: 3,
      baths: 8,
      amenities: ['wifi', 'pool'],
      instantBook: true,
    });
    expect(serializeSearchParams(criteria)).toBe('price_min=60&price_max=200&type=entire&bedrooms=2&beds=3&baths=8&amenities=wifi%2Cpool&instant=1');
  });

  it('takes the amenities of a form sent without scripts (repeated, empty fields left out)', () => {
    expect(parse('amenities=kitchen&amenities=tv&price_min=&price_max=&bedrooms=&type=').filters).toEqual({ ...NO_FILTERS, amenities: ['kitchen', 'tv'] });
  });

  it.each([
    ['prices that are not whole dollars', 'price_min=abc&price_max=1e3'],
    ['a price above the most a night may cost', 'price_max=100001'],
    ['a minimum above the maximum', 'price_min=300&price_max=100'],
    ['a minimum of 0 (no minimum)', 'price_min=0'],
    ['an unknown type of place', 'type=castle'],
    ['room counts out of 1-8', 'bedrooms=0&beds=9&baths=-1'],
    ['unknown amenities', 'amenities=jacuzzi,%27;drop'],
    ['instant book other than 1', 'instant=yes'],
  ])('ignores %s', (_name, search) => {
    expect(parse(search).filters).toEqual(NO_FILTERS);
  });

  it('filters alone make a search the server is asked', () => {
    expect(searchQueryOf(parse('beds=2'), TODAY)).toMatchObject({ searchText: '', filters: { ...NO_FILTERS, beds: 2 } });
  });
});

describe('round trip', () => {
  it('parse(serialize(x)) is x for every valid search', () => {
    fc.assert(
      fc.property(validCriteria, (criteria) => {
        expect(parse(serializeSearchParams(criteria))).toEqual(criteria);
      }),
      { numRuns: 500 },
    );
  });

  it('a stay read back from its query string is the same stay', () => {
    fc.assert(
      fc.property(validCriteria, (criteria) => {
        const stay = stayOf({ ...criteria, dateMode: 'dates' });
        expect(stayFromSearch(searchOfStay(stay), TODAY)).toEqual(stay);
      }),
      { numRuns: 300 },
    );
  });

  it('the clean form of any query string is already clean', () => {
    fc.assert(
      fc.property(fc.webQueryParameters(), (query) => {
        const clean = cleanSearch(`?${query}`, TODAY);
        expect(cleanSearch(clean, TODAY)).toBe(clean);
      }),
      { numRuns: 300 },
    );
  });
});
