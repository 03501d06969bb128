/**
 * The trip being booked: its dates and guests, kept as a local draft per room id (accounts spec
 * section 3, "A local draft is kept per room id"), and the rules the page applies to it.
 */
import {
  checkoutGuestLabel,
  countedGuests,
  type GuestCounts,
  isIsoDay,
  nightsBetween,
  type DateRange,
  type IsoDay,
  MIN_ADULTS,
} from 'shared/rules';

export interface Trip {
  range: DateRange;
  guests: GuestCounts;
}

const STORAGE_PREFIX = 'homestory.bookingDraft.';

export const draftStorageKey = (roomId: number) => `${STORAGE_PREFIX}${roomId}`;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function parseDraft(raw: string | null): Trip | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as { range?: { start?: unknown; end?: unknown }; guests?: Record<string, unknown> };
    const day = (d: unknown): IsoDay | null => (typeof d === 'string' && isIsoDay(d) ? d : null);
    const g = value.guests ?? {};
    if (!isCount(g.adults) || !isCount(g.children) || !isCount(g.infants) || !isCount(g.pets)) return null;
    return {
      range: { start: day(value.range?.start), end: day(value.range?.end) },
      guests: { adults: g.adults, children: g.children, infants: g.infants, pets: g.pets },
    };
  } catch {
    return null;
  }
}

export function readTripDraft(storage: Storage, roomId: number): Trip | null {
  return parseDraft(storage.getItem(draftStorageKey(roomId)));
}

export function writeTripDraft(storage: Storage, roomId: number, trip: Trip): void {
  storage.setItem(draftStorageKey(roomId), JSON.stringify(trip));
}

/**
 * Where the page starts: the stay just chosen (the listing page's Reserve, the search form) when
 * it has both dates, else the room's draft (a reload), else whatever was chosen. Dates already
 * past are dropped; a booking is for at least one adult.
 */
export function initialTrip(draft: Trip | null, chosen: Trip, today: IsoDay): Trip {
  const chosenComplete = chosen.range.start !== null && chosen.range.end !== null;
  const trip = chosenComplete ? chosen : (draft ?? chosen);
  const range = trip.range.start !== null && trip.range.start < today ? { start: null, end: null } : trip.range;
  const guests = trip.guests.adults < MIN_ADULTS ? { ...trip.guests, adults: MIN_ADULTS } : trip.guests;
  return { range, guests };
}

export function tripNights(trip: Trip): number {
  return nightsBetween(trip.range);
}

/** The guest line of Your trip: '1 guest' when nobody is counted yet. */
export function tripGuestLabel(trip: Trip): string {
  return checkoutGuestLabel(countedGuests(trip.guests));
}

/** Booking data is saved only when all its fields are filled: both dates, nights and guests. */
export function isTripComplete(trip: Trip): trip is Trip & { range: { start: IsoDay; end: IsoDay } } {
  return trip.range.start !== null && trip.range.end !== null && tripNights(trip) > 0 && countedGuests(trip.guests) > 0;
}
