/**
 * What screens show and ask for, as pure functions of the parsed URL (./searchParams): the
 * region a destination names, the search bar's Where / When / Who texts (each written once here)
 * and the query the server's search_rooms is asked.
 */
import {
  REGION_ALL,
  SEARCH_REGIONS,
  MOBILE_SEARCH_REGIONS,
  type RegionOption,
  countedGuests,
  guestSummary,
  type IsoDay,
  searchText,
  datesWindow,
  flexibleWindow,
  monthsWindow,
  type SearchWindow,
  datesSummary,
  flexibleSummary,
  formatShownDate,
  monthsSummary,
  activeFilterCount,
  type SearchFilters,
} from 'shared/rules';
import type { MapBox, SearchCriteria } from './searchParams';

/** What the collapsed search bar shows for a part nobody has filled in. */
export const SEARCH_SUMMARY_PLACEHOLDERS = { where: 'Anywhere', when: 'Any week', who: 'Add guests' } as const;

const ALL_REGIONS: readonly RegionOption[] = [...SEARCH_REGIONS, ...MOBILE_SEARCH_REGIONS];

/** The region a destination names (any case), or 'all' when it is a place typed by hand. */
export function regionOf(where: string): string {
  const lower = where.trim().toLowerCase();
  if (lower === '') return REGION_ALL;
  const region = ALL_REGIONS.find((option) => option.value !== REGION_ALL && option.label.toLowerCase() === lower);
  return region?.value ?? REGION_ALL;
}

/** The When text of every date mode: '05 Jun - 09 Jun', 'Jun 5 - Sep 5', 'Week in Jan, Feb'... ('' for no dates). */
export function whenSummary(criteria: SearchCriteria): string {
  if (criteria.dateMode === 'month') return monthsSummary(criteria.monthStart, criteria.monthLength);
  if (criteria.dateMode === 'flexible') return flexibleSummary(criteria.stayLength, criteria.months).trim();
  const range = { start: criteria.checkIn, end: criteria.checkOut };
  return datesSummary(range) || (range.start ? formatShownDate(range.start) : '');
}

/** The live guest line: 'Add guest', '2 guests, 1 infant'... */
export function whoSummary(criteria: SearchCriteria): string {
  return guestSummary(criteria.guests);
}

/** The collapsed bar's and the overlay pill's three texts. */
export function searchSummary(criteria: SearchCriteria): { where: string; when: string; who: string } {
  return {
    where: criteria.where.trim() || SEARCH_SUMMARY_PLACEHOLDERS.where,
    when: whenSummary(criteria) || SEARCH_SUMMARY_PLACEHOLDERS.when,
    who: countedGuests(criteria.guests) > 0 ? whoSummary(criteria) : SEARCH_SUMMARY_PLACEHOLDERS.who,
  };
}

export interface SearchQuery extends SearchWindow {
  searchText: string;
  guests: number;
  /** The map's area; it stands in for the destination, which is then not asked for. */
  box: MapBox | null;
  filters: SearchFilters;
}

/**
 * What the search asks the server for: the letters to match, the dates (../rules/searchWindow:
 * the chosen dates widened by the hint chip, the dial's range, or the flexible months) and the
 * number of guests, or the map's area instead of the letters when the traveller searches as they
 * move the map, and the filters; null when nothing restricts the grid. `today` keeps windows out of the past.
 */
export function searchQueryOf(criteria: SearchCriteria, today: IsoDay): SearchQuery | null {
  let window: SearchWindow;
  if (criteria.dateMode === 'dates') {
    window = datesWindow({ start: criteria.checkIn, end: criteria.checkOut }, criteria.flexDays, today);
  } else if (criteria.dateMode === 'month') {
    window = monthsWindow(criteria.monthStart, criteria.monthLength, today);
  } else {
    window = flexibleWindow(criteria.months, criteria.stayLength, today);
  }
  const query = {
    searchText: criteria.box ? '' : searchText(regionOf(criteria.where), criteria.where),
    ...window,
    guests: countedGuests(criteria.guests),
    box: criteria.box,
    filters: criteria.filters,
  };
  const restricting =
    query.searchText !== '' ||
    query.checkIn !== null ||
    query.checkOut !== null ||
    query.guests > 0 ||
    query.box !== null ||
    activeFilterCount(query.filters) > 0;
  return restricting ? query : null;
}
