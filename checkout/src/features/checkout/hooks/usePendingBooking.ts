/**
 * The traveller's pending Bookings row of this room follows the trip in the URL, its one write
 * path (accounts spec sections 3, 5 and 7: Create booking, Get booking, Update booking): once
 * the trip has all its fields the row is created, and it is updated on each edit. A booking page
 * opened without dates (a bookmark, a new device) resumes the pending booking instead, by putting
 * its stay into the URL.
 */
import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { AppUser } from 'shared/api';
import type { IsoDay } from 'shared/rules';
import { useGetBookingDraftQuery, useSaveBookingDraftMutation } from '../api';
import { isTripComplete, tripGuestLabel, tripNights, type Trip } from '../trip';

const SAVE_DELAY_MS = 400;

interface PendingBooking {
  roomId: number;
  user: AppUser | null;
  trip: Trip;
  setTrip: (next: Trip) => void;
  today: IsoDay;
  /** False once the stay is paid for or already held: nothing is saved then. */
  enabled: boolean;
}

export function usePendingBooking({ roomId, user, trip, setTrip, today, enabled }: PendingBooking): void {
  const draft = useGetBookingDraftQuery(user && user.email ? { userEmail: user.email, roomId } : skipToken);
  const [save, saving] = useSaveBookingDraftMutation();
  // Each version of the trip is saved once: a refused save is not retried in a loop.
  const attempted = useRef<string | null>(null);
  const resumeChecked = useRef(false);

  // Resumes, once, when the first answer arrives and the URL names no dates.
  useEffect(() => {
    if (resumeChecked.current || !draft.isSuccess) return;
    resumeChecked.current = true;
    const row = draft.data;
    if (row === null || trip.range.start !== null || trip.range.end !== null || row.startDate < today) return;
    const { adults, children, infants, pets } = row;
    setTrip({ range: { start: row.startDate, end: row.endDate }, guests: { adults, children, infants, pets } });
  }, [draft.isSuccess, draft.data, trip.range, today, setTrip]);

  useEffect(() => {
    if (!enabled || !user || !resumeChecked.current || draft.isFetching || draft.isError || saving.isLoading || !isTripComplete(trip)) {
      return undefined;
    }
    const row = draft.data ?? null;
    const guest = tripGuestLabel(trip);
    const { adults, children, infants, pets } = trip.guests;
    const unchanged =
      row !== null &&
      row.startDate === trip.range.start &&
      row.endDate === trip.range.end &&
      row.guest === guest &&
      row.adults === adults &&
      row.children === children &&
      row.infants === infants &&
      row.pets === pets;
    if (unchanged) return undefined;
    const version = JSON.stringify([row?.id ?? null, trip]);
    if (attempted.current === version) return undefined;
    const timer = setTimeout(() => {
      attempted.current = version;
      void save({
        existingId: row?.id ?? null,
        roomId,
        startDate: trip.range.start,
        endDate: trip.range.end,
        numOfDays: tripNights(trip),
        guest,
        guests: trip.guests,
      });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, user, draft.isFetching, draft.isError, draft.data, saving.isLoading, trip, roomId, save]);
}
