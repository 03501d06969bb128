/**
 * Why a chosen stay cannot be reserved, if it cannot: dates and guests may come from the
 * search bar or an earlier visit, so they are checked against this listing before Reserve.
 */
import { type BookedRange, type DateRange, type IsoDay, countedGuests, type GuestCounts } from 'shared/rules';
import { firstBookedNightFrom } from './bookedNights';

export const DATES_UNAVAILABLE_TEXT = 'Those dates are not available';

export function maxGuestsText(maxGuests: number): string {
  return `This place has a maximum of ${maxGuests} ${maxGuests === 1 ? 'guest' : 'guests'}`;
}

export function stayProblem(
  range: DateRange,
  booked: readonly BookedRange[],
  today: IsoDay,
  guests: GuestCounts,
  maxGuests: number,
): string | null {
  if (range.start !== null && range.end !== null) {
    const firstBooked = firstBookedNightFrom(range.start, booked);
    if (range.start < today || (firstBooked !== null && firstBooked < range.end)) return DATES_UNAVAILABLE_TEXT;
  }
  if (countedGuests(guests) > maxGuests) return maxGuestsText(maxGuests);
  return null;
}
