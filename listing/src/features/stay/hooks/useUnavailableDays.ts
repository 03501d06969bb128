import { useMemo } from 'react';
import { addDays } from 'date-fns';
import { CALENDAR_MONTHS_RENDERED, toIsoDay, type DateRange, type IsoDay } from 'shared/rules';
import { useGetBookedRangesQuery } from 'shared/api';
import { isUnavailableDay } from '../bookedNights';

/** Days from today the calendar can reach (its 23 months), as an upper bound. */
const REACHABLE_DAYS = CALENDAR_MONTHS_RENDERED * 31;

/**
 * The days the listing calendar must disable because of nights already booked. While the
 * booked nights load (or if they cannot be read) none are known; the server still refuses an
 * overlapping booking.
 */
export function useUnavailableDays(roomId: number, selection: DateRange, today: IsoDay): IsoDay[] {
  const { data: booked } = useGetBookedRangesQuery(roomId);
  return useMemo(() => {
    if (!booked || booked.length === 0) return [];
    const first = new Date(`${today}T00:00:00`);
    const days: IsoDay[] = [];
    for (let i = 0; i < REACHABLE_DAYS; i += 1) {
      const day = toIsoDay(addDays(first, i));
      if (isUnavailableDay(day, selection, booked)) days.push(day);
    }
    return days;
  }, [booked, selection, today]);
}
