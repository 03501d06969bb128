/**
 * The stay being planned on the listing page. The page's URL owns it (shared/url's useStay): the
 * calendar and the guest picker read it from there and replace it there, nothing else holds a
 * copy. Reserve carries it on to the booking page's URL (/{id}/book?…), which owns it the same way.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'shared/router';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { selectIsLoggedIn, showLoginReturningTo } from 'shared/state';
import { nightsBetween, toIsoDay, type DateRange, type GuestCounts } from 'shared/rules';
import { searchOfStay, useStay } from 'shared/url';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetBookedRangesQuery, useGetStayQuoteQuery, type StayQuote } from 'shared/api';
import { stayProblem } from '../stayProblem';

const NO_DATES: DateRange = { start: null, end: null };

/** The calendar's dates. */
export function useStayDates() {
  const { stay, setStay } = useStay();
  const { range } = stay;
  return {
    range,
    nights: nightsBetween(range),
    hasBothDates: range.start !== null && range.end !== null,
    setRange: useCallback((next: DateRange) => setStay({ range: next }), [setStay]),
    clear: useCallback(() => setStay({ range: NO_DATES }), [setStay]),
  };
}

/** The guest picker's counts. */
export function useStayGuests() {
  const { stay, setStay } = useStay();
  return {
    counts: stay.guests,
    setCounts: useCallback((next: GuestCounts) => setStay({ guests: next }), [setStay]),
  };
}

/**
 * Reserve: a signed-in user goes to the booking page with the stay in its URL; anyone else gets
 * the login dialog, and a sign-in or sign-up made in it goes on to that booking page (this page's
 * URL keeps the stay meanwhile).
 */
export function useReserve(roomId: number) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const { stay } = useStay();
  return useCallback(() => {
    const booking = `/${roomId}/book${searchOfStay(stay)}`;
    if (!signedIn) {
      dispatch(showLoginReturningTo(booking));
      return;
    }
    void navigate(booking);
  }, [stay, dispatch, navigate, roomId, signedIn]);
}

/** Why the chosen stay cannot be reserved here (booked or past nights, too many guests), or null. */
export function useStayProblem(roomId: number, maxGuests: number): string | null {
  const { stay } = useStay();
  const { data: booked = [] } = useGetBookedRangesQuery(roomId);
  const [today] = useState(() => toIsoDay(new Date()));
  return stayProblem(stay.range, booked, today, stay.guests, maxGuests);
}

/**
 * The chosen stay's price (quote_stay, the one price rule), once both dates are chosen; undefined
 * before and while it loads. (Guests change no price; the card says when they are too many.)
 */
export function useStayQuote(roomId: number): StayQuote | undefined {
  const { stay } = useStay();
  const { start, end } = stay.range;
  const { data } = useGetStayQuoteQuery(start !== null && end !== null ? { roomId, checkIn: start, checkOut: end } : skipToken);
  return data;
}
