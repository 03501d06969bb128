/**
 * The search form's transitions (discovery spec section 4) as pure functions from criteria to
 * criteria; the form applies them to the URL (./useSearchCriteria). Each is one of the rules in
 * ../rules, applied to the criteria's fields.
 */
import {
  DEFAULT_STAY_DURATION,
  DIAL_DEFAULT,
  REGION_ALL,
  fillMissingDates,
  selectDay,
  type DayClickOutcome,
  type IsoDay,
  NO_GUESTS,
  type GuestCounts,
} from 'shared/rules';
import { NO_SEARCH, clampGuests, type SearchCriteria } from './searchParams';

/** Choosing a region from a panel ('all', I'm flexible, searches anywhere). */
export function withRegion(criteria: SearchCriteria, region: string): SearchCriteria {
  return { ...criteria, where: region === REGION_ALL ? '' : region };
}

/** The Where text as typed, or the Where clear cross with ''. */
export function withDestination(criteria: SearchCriteria, where: string): SearchCriteria {
  return { ...criteria, where };
}

/** A click on a day of the dates calendar (the date-selection machine); past days change nothing. */
export function withDayClicked(criteria: SearchCriteria, day: IsoDay, today: IsoDay): { criteria: SearchCriteria; outcome: DayClickOutcome } {
  const { range, outcome } = selectDay({ start: criteria.checkIn, end: criteria.checkOut }, day, today);
  return { criteria: { ...criteria, checkIn: range.start, checkOut: range.end }, outcome };
}

/** A date clear cross, 'Clear dates'. */
export function withoutDates(criteria: SearchCriteria): SearchCriteria {
  return { ...criteria, checkIn: null, checkOut: null };
}

/** New counts from a guest counter (the counter applies the limits; they are checked again). */
export function withGuests(criteria: SearchCriteria, guests: GuestCounts): SearchCriteria {
  return { ...criteria, guests: clampGuests(guests) };
}

/** The guests clear cross. */
export function withoutGuests(criteria: SearchCriteria): SearchCriteria {
  return { ...criteria, guests: NO_GUESTS };
}

/** A month card adds or removes its month. */
export function withMonthToggled(criteria: SearchCriteria, month: number): SearchCriteria {
  const months = criteria.months.includes(month) ? criteria.months.filter((m) => m !== month) : [...criteria.months, month];
  return { ...criteria, months };
}

/** The overlay's When 'Reset': dates, months, stay length, dial and start back to their defaults. */
export function withWhenReset(criteria: SearchCriteria): SearchCriteria {
  return {
    ...criteria,
    checkIn: null,
    checkOut: null,
    months: [],
    stayLength: DEFAULT_STAY_DURATION,
    monthLength: DIAL_DEFAULT,
    monthStart: null,
  };
}

/** Whether the overlay's When card has anything to reset. */
export function hasWhen(criteria: SearchCriteria): boolean {
  return (
    criteria.checkIn !== null ||
    criteria.checkOut !== null ||
    criteria.months.length > 0 ||
    criteria.stayLength !== DEFAULT_STAY_DURATION ||
    criteria.monthLength !== DIAL_DEFAULT ||
    criteria.monthStart !== null
  );
}

/** The overlay's 'Clear all': every input back to its default; the category stays. */
export function cleared(criteria: SearchCriteria): SearchCriteria {
  return { ...NO_SEARCH, category: criteria.category };
}

/**
 * The Search click: a lone date gets its partner, and the category filter it replaces goes
 * (the spec's reset of country, city and icon).
 */
export function forSearch(criteria: SearchCriteria): SearchCriteria {
  const range = fillMissingDates({ start: criteria.checkIn, end: criteria.checkOut });
  return { ...criteria, checkIn: range.start, checkOut: range.end, category: '' };
}
