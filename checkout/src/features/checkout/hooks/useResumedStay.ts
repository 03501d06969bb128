/**
 * A booking page opened without dates (a bookmark, a new device) resumes the traveller's pending
 * booking of this room (accounts spec section 7, Get booking) by putting its stay into the URL,
 * which owns the trip from then on. The page never writes that row: create-payment-intent does,
 * from the stay request Request to book sends it, so it holds the stay last asked to be paid.
 */
import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { AppUser } from 'shared/api';
import type { IsoDay } from 'shared/rules';
import { useGetPendingBookingQuery } from '../api';
import type { Trip } from '../trip';

interface ResumedStay {
  roomId: number;
  user: AppUser | null;
  trip: Trip;
  setTrip: (next: Trip) => void;
  today: IsoDay;
}

export function useResumedStay({ roomId, user, trip, setTrip, today }: ResumedStay): void {
  const pending = useGetPendingBookingQuery(user ? { userId: user.id, roomId } : skipToken);
  const resumeChecked = useRef(false);

  // Once, when the first answer arrives and the URL names no dates.
  useEffect(() => {
    if (resumeChecked.current || !pending.isSuccess) return;
    resumeChecked.current = true;
    const row = pending.data;
    if (row === null || trip.range.start !== null || trip.range.end !== null || row.startDate < today) return;
    const { adults, children, infants, pets } = row;
    setTrip({ range: { start: row.startDate, end: row.endDate }, guests: { adults, children, infants, pets } });
  }, [pending.isSuccess, pending.data, trip.range, today, setTrip]);
}
