/**
 * Keeps the Bookings row (pending) in step with the trip: once all its fields are filled it is
 * created, and it is updated on each edit (accounts spec sections 3, 5 and 7: Create booking,
 * Get booking, Update booking).
 */
import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetBookingDraftQuery, useSaveBookingDraftMutation, type SessionUser } from '../api';
import { isTripComplete, tripGuestLabel, tripNights, type Trip } from '../tripDraft';

const SAVE_DELAY_MS = 400;

export function useBookingDraftSync(roomId: number, user: SessionUser | null, trip: Trip, enabled: boolean): void {
  const draft = useGetBookingDraftQuery(user && user.email ? { userEmail: user.email, roomId } : skipToken);
  const [save, saving] = useSaveBookingDraftMutation();
  // Each version of the trip is saved once: a refused save is not retried in a loop.
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !user || draft.isFetching || draft.isError || saving.isLoading || !isTripComplete(trip)) return undefined;
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
