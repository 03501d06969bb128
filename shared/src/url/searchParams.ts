/**
 * The one owner of what the traveller is looking for and what they are booking: the URL's query.
 * This module alone turns a query string into search criteria and back (ARCHITECTURE section 3).
 * /home, /house/:id and /:id/book all read the same parameters; the stay (dates and guests) is
 * the part the listing and booking pages use.
 *
 *   /home?where=Europe&checkin=2026-12-12&checkout=2026-12-15&adults=2&category=Beach
 *   /home?box=2.2242,48.8156,2.4699,48.9022&adults=2   (the map's area: west,south,east,north)
 *   /home?where=Paris&price_min=60&price_max=200&type=entire&bedrooms=2&amenities=wifi,pool&instant=1
 *
 * Parsing never fails: every value the spec's rules do not allow (unparseable or past dates, an
 * end not after its start, negative or too many guests, unknown categories, modes, months or stay
 * lengths, map areas outside the world or upside down, repeated or huge values) is dropped or clamped, and `serializeSearchParams` writes the
 * clean form, which a page puts back in the address bar. For every valid criteria x,
 * parseSearchParams(serializeSearchParams(x)) equals x.
 */
import { addMonths, endOfMonth, startOfMonth } from 'date-fns';
import {
  CALENDAR_HINT_CHIPS,
  CALENDAR_MONTHS_RENDERED,
  CATEGORIES,
  DEFAULT_STAY_DURATION,
  DIAL_DEFAULT,
  DIAL_DOTS,
  MAX_ADULTS_AND_CHILDREN,
  MAX_INFANTS,
  MAX_PETS,
  MIN_ADULTS,
  STAY_DURATIONS,
  type StayDuration,
  isIsoDay,
  parseIsoDay,
  toIsoDay,
  type DateRange,
  type IsoDay,
  NO_GUESTS,
  type GuestCounts,
  type DateOption,
  AMENITY_KEYS,
  MAX_NIGHTLY_USD,
  MAX_ROOM_FILTER,
  NO_FILTERS,
  PLACE_TYPES,
  type AmenityKey,
  type PlaceType,
  type SearchFilters,
} from 'shared/rules';

export interface SearchCriteria {
  /** A region or a typed destination ('' for anywhere), as typed. */
  where: string;
  dateMode: DateOption;
  /** Dates mode. */
  checkIn: IsoDay | null;
  checkOut: IsoDay | null;
  /** Dates mode's hint chip: days either side a stay of the same length may move (0: exact). */
  flexDays: number;
  /** Months mode: the day the stay starts (null: today) and its length in months, 1-12. */
  monthStart: IsoDay | null;
  monthLength: number;
  /** Flexible mode: the picked month cards (0-11, in the order picked) and the stay length. */
  months: number[];
  stayLength: StayDuration;
  guests: GuestCounts;
  /** A category of the strip ('' for none). */
  category: string;
  /** The map's area the results are searched in ("Search as I move the map"), or null. */
  box: MapBox | null;
  /** The results page's filters (price, type of place, rooms and beds, amenities, instant book). */
  filters: SearchFilters;
}

/**
 * An area of the map in degrees, rounded to 4 decimals (about 11 m): west < east, south < north.
 * The map does not wrap around the antimeridian, so an area never crosses it.
 */
export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The stay being booked: the criteria's dates and guests. */
export interface Stay {
  range: DateRange;
  guests: GuestCounts;
}

export const NO_SEARCH: SearchCriteria = {
  where: '',
  dateMode: 'dates',
  checkIn: null,
  checkOut: null,
  flexDays: 0,
  monthStart: null,
  monthLength: DIAL_DEFAULT,
  months: [],
  stayLength: DEFAULT_STAY_DURATION,
  guests: NO_GUESTS,
  category: '',
  box: null,
  filters: NO_FILTERS,
};

/** The longest destination kept; a longer one is dropped. */
export const MAX_WHERE_LENGTH = 100;
/** The most a guest count parameter may spell (larger numbers are clamped anyway). */
const COUNT_PATTERN = /^\d{1,4}$/;
const MONTH_TOKENS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const DATE_MODES: Readonly<Record<string, DateOption>> = { dates: 'dates', months: 'month', flexible: 'flexible' };
const FLEX_DAYS: readonly number[] = CALENDAR_HINT_CHIPS.map((chip) => chip.days);
/** A box coordinate as the URL may spell it: a plain decimal, not too long (no exponents, no NaN). */
const BOX_COORDINATE_PATTERN = /^-?\d{1,3}(\.\d{1,12})?$/;
const BOX_DECIMALS = 1e4;

/** The parameter names, in the order the clean form writes them. */
export const SEARCH_PARAM_NAMES = [
  'where',
  'mode',
  'checkin',
  'checkout',
  'flex',
  'start',
  'length',
  'months',
  'stay',
  'adults',
  'children',
  'infants',
  'pets',
  'category',
  'box',
  'price_min',
  'price_max',
  'type',
  'bedrooms',
  'beds',
  'baths',
  'amenities',
  'instant',
] as const;

/** The last day a calendar can show: the end of its last rendered month. */
export function lastBookableDay(today: IsoDay): IsoDay {
  return toIsoDay(endOfMonth(addMonths(startOfMonth(parseIsoDay(today)), CALENDAR_MONTHS_RENDERED - 1)));
}

function futureDay(value: string | null, today: IsoDay): IsoDay | null {
  if (value === null || !isIsoDay(value)) return null;
  return value >= today && value <= lastBookableDay(today) ? value : null;
}

function count(value: string | null): number {
  return value !== null && COUNT_PATTERN.test(value) ? Number(value) : 0;
}

/** The spec's limits: 16 adults and children, 5 infants, 5 pets, one adult when anyone comes. */
export function clampGuests(counts: GuestCounts): GuestCounts {
  const adults = Math.min(counts.adults, MAX_ADULTS_AND_CHILDREN);
  const children = Math.min(counts.children, MAX_ADULTS_AND_CHILDREN - adults);
  const infants = Math.min(counts.infants, MAX_INFANTS);
  const pets = Math.min(counts.pets, MAX_PETS);
  const someone = children + infants + pets > 0;
  if (someone && adults < MIN_ADULTS) {
    return { adults: MIN_ADULTS, children: Math.min(children, MAX_ADULTS_AND_CHILDREN - MIN_ADULTS), infants, pets };
  }
  return { adults, children, infants, pets };
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function parseWhere(value: string | null): string {
  if (value === null || value.length > MAX_WHERE_LENGTH || hasControlCharacter(value)) return '';
  return value;
}

function parseMonths(value: string | null): number[] {
  if (value === null || value.length > MONTH_TOKENS.length * 4) return [];
  const months: number[] = [];
  for (const token of value.toLowerCase().split(',')) {
    const month = (MONTH_TOKENS as readonly string[]).indexOf(token);
    if (month >= 0 && !months.includes(month)) months.push(month);
  }
  return months;
}

function parseMonthLength(value: string | null): number {
  if (value === null || !COUNT_PATTERN.test(value)) return DIAL_DEFAULT;
  const length = Number(value);
  return length < 1 ? DIAL_DEFAULT : Math.min(length, DIAL_DOTS);
}

function parseCategory(value: string | null): string {
  if (value === null) return '';
  const lower = value.toLowerCase();
  return CATEGORIES.find((category) => category.toLowerCase() === lower) ?? '';
}

/** A coordinate rounded to the URL's 4 decimals and kept within ±limit (+0 turns -0 into 0). */
function boxCoordinate(value: number, limit: number): number {
  return Math.round(Math.min(limit, Math.max(-limit, value)) * BOX_DECIMALS) / BOX_DECIMALS + 0;
}

/**
 * The clean form of a map area: rounded to 4 decimals, longitudes within ±180 and latitudes
 * within ±90; null when nothing of it is left (not finite, or no width or height once clamped).
 */
export function cleanMapBox(box: MapBox): MapBox | null {
  if (![box.west, box.south, box.east, box.north].every(Number.isFinite)) return null;
  const clean = {
    west: boxCoordinate(box.west, 180),
    south: boxCoordinate(box.south, 90),
    east: boxCoordinate(box.east, 180),
    north: boxCoordinate(box.north, 90),
  };
  return clean.west < clean.east && clean.south < clean.north ? clean : null;
}

/** The `box` parameter's value: 'west,south,east,north'. */
export function mapBoxParam(box: MapBox): string {
  return [box.west, box.south, box.east, box.north].join(',');
}

function parseBox(value: string | null): MapBox | null {
  const parts = value?.split(',') ?? [];
  if (parts.length !== 4 || !parts.every((part) => BOX_COORDINATE_PATTERN.test(part))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  return cleanMapBox({ west, south, east, north });
}

/** A whole number of dollars a night (0 to the most a night may cost), else null. */
function parsePrice(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const price = Number(value);
  return price <= MAX_NIGHTLY_USD ? price : null;
}

/** A room count chip: 1 to 8 (8+), else null (any). */
function parseRoomCount(value: string | null): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_ROOM_FILTER ? n : null;
}

/**
 * The filters of a query: invalid values are left out (a minimum above the maximum drops both).
 * Amenities may come as one comma list (the clean form) or repeated (a filters form sent without
 * scripts), and are kept in AMENITY_KEYS' order.
 */
function parseFilters(params: URLSearchParams): SearchFilters {
  let minPrice = parsePrice(params.get('price_min'));
  let maxPrice = parsePrice(params.get('price_max'));
  if (minPrice === 0) minPrice = null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    minPrice = null;
    maxPrice = null;
  }
  const listed = new Set(
    params
      .getAll('amenities')
      .slice(0, AMENITY_KEYS.length)
      .flatMap((value) => value.split(',', AMENITY_KEYS.length)),
  );
  const type = params.get('type');
  return {
    minPrice,
    maxPrice,
    placeType: (PLACE_TYPES as readonly string[]).includes(type ?? '') ? (type as PlaceType) : null,
    bedrooms: parseRoomCount(params.get('bedrooms')),
    beds: parseRoomCount(params.get('beds')),
    baths: parseRoomCount(params.get('baths')),
    amenities: AMENITY_KEYS.filter((key: AmenityKey) => listed.has(key)),
    instantBook: params.get('instant') === '1',
  };
}

/** The criteria a query string stands for, cleaned by the spec's rules; `today` drops past days. */
export function parseSearchParams(search: URLSearchParams | string, today: IsoDay): SearchCriteria {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const get = (name: (typeof SEARCH_PARAM_NAMES)[number]) => params.get(name);
  const checkIn = futureDay(get('checkin'), today);
  const checkOutDay = futureDay(get('checkout'), today);
  const checkOut = checkOutDay !== null && (checkIn === null || checkOutDay > checkIn) ? checkOutDay : null;
  const flexDays = Number(get('flex'));
  const stay = get('stay');
  return {
    where: parseWhere(get('where')),
    dateMode: DATE_MODES[get('mode') ?? ''] ?? 'dates',
    checkIn,
    checkOut,
    flexDays: FLEX_DAYS.includes(flexDays) ? flexDays : 0,
    monthStart: futureDay(get('start'), today),
    monthLength: parseMonthLength(get('length')),
    months: parseMonths(get('months')),
    stayLength: (STAY_DURATIONS as readonly string[]).includes(stay ?? '') ? (stay as StayDuration) : DEFAULT_STAY_DURATION,
    guests: clampGuests({
      adults: count(get('adults')),
      children: count(get('children')),
      infants: count(get('infants')),
      pets: count(get('pets')),
    }),
    category: parseCategory(get('category')),
    box: parseBox(get('box')),
    filters: parseFilters(params),
  };
}

/** The clean query string of some criteria (no leading '?'); defaults are left out. */
export function serializeSearchParams(criteria: SearchCriteria): string {
  const params = new URLSearchParams();
  const put = (name: (typeof SEARCH_PARAM_NAMES)[number], value: string | null, omitted: string | null = null) => {
    if (value !== null && value !== '' && value !== omitted) params.set(name, value);
  };
  const modeName = Object.keys(DATE_MODES).find((name) => DATE_MODES[name] === criteria.dateMode) ?? 'dates';
  put('where', criteria.where);
  put('mode', modeName, 'dates');
  put('checkin', criteria.checkIn);
  put('checkout', criteria.checkOut);
  put('flex', String(criteria.flexDays), '0');
  put('start', criteria.monthStart);
  put('length', String(criteria.monthLength), String(DIAL_DEFAULT));
  put('months', criteria.months.map((month) => MONTH_TOKENS[month]).join(','));
  put('stay', criteria.stayLength, DEFAULT_STAY_DURATION);
  put('adults', String(criteria.guests.adults), '0');
  put('children', String(criteria.guests.children), '0');
  put('infants', String(criteria.guests.infants), '0');
  put('pets', String(criteria.guests.pets), '0');
  put('category', criteria.category);
  put('box', criteria.box && mapBoxParam(criteria.box));
  const { filters } = criteria;
  const number = (value: number | null) => (value === null ? null : String(value));
  put('price_min', number(filters.minPrice));
  put('price_max', number(filters.maxPrice));
  put('type', filters.placeType);
  put('bedrooms', number(filters.bedrooms));
  put('beds', number(filters.beds));
  put('baths', number(filters.baths));
  put('amenities', filters.amenities.join(','));
  put('instant', filters.instantBook ? '1' : null);
  return params.toString();
}

/** The clean form of a query string, with its '?' ('' when nothing is left). */
export function cleanSearch(search: string, today: IsoDay): string {
  const clean = serializeSearchParams(parseSearchParams(search, today));
  return clean === '' ? '' : `?${clean}`;
}

/** The stay a search or a listing page stands for: its dates (in dates mode) and guests. */
export function stayOf(criteria: SearchCriteria): Stay {
  const range = criteria.dateMode === 'dates' ? { start: criteria.checkIn, end: criteria.checkOut } : { start: null, end: null };
  return { range, guests: criteria.guests };
}

/** The criteria with another stay: dates mode with those dates, and those guests. */
export function withStay(criteria: SearchCriteria, stay: Partial<Stay>): SearchCriteria {
  const range = stay.range ?? stayOf(criteria).range;
  return {
    ...criteria,
    dateMode: 'dates',
    checkIn: range.start,
    checkOut: range.end,
    guests: stay.guests ? clampGuests(stay.guests) : criteria.guests,
  };
}

/** The query a link to a listing or its booking page carries: the stay only. */
export function staySearch(criteria: SearchCriteria): string {
  return searchOfStay(stayOf(criteria));
}

/** The query string carrying a stay, with its '?' ('' for no stay): /house/:id's and /:id/book's. */
export function searchOfStay(stay: Stay): string {
  const clean = serializeSearchParams(withStay(NO_SEARCH, stay));
  return clean === '' ? '' : `?${clean}`;
}

/** The stay a listing's or a booking page's query string carries, cleaned by the rules above. */
export function stayFromSearch(search: string, today: IsoDay): Stay {
  return stayOf(parseSearchParams(search, today));
}
