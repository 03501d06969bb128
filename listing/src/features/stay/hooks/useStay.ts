/**
 * The stay being planned on the listing page. The page's URL carries it (./useStayInUrl); the
 * calendar and the guest picker work on the form slice the search bar shows, and write each
 * change back to the URL. Reserve carries it on to the booking page's URL (/{id}/book?…).
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'shared/router';
import { injectFormSlice, useAppDispatch, useAppSelector } from 'shared/store';
import {
  clearDates,
  setDates,
  setGuests,
  selectIsLoggedIn,
  setShowLogin,
} from 'shared/state';
import { nightsBetween, partyOf, toIsoDay, type DateRange, type GuestCounts } from 'shared/rules';
import { searchOfStay } from 'shared/url';
import { useGetBookedRangesQuery } from 'shared/api';
import { stayProblem } from '../stayProblem';
import { useWriteStayToUrl } from './useStayInUrl';

const form = injectFormSlice();
const { selectDateRange, selectGuestCounts } = form.selectors;

/** The calendar's dates; each change also goes into the page's URL. */
export function useStayDates() {
  const dispatch = useAppDispatch();
  const writeStay = useWriteStayToUrl();
  const range = useAppSelector(selectDateRange);
  return {
    range,
    nights: nightsBetween(range),
    hasBothDates: range.start !== null && range.end !== null,
    setRange: useCallback(
      (next: DateRange) => {
        dispatch(setDates(next));
        writeStay();
      },
      [dispatch, writeStay],
    ),
    clear: useCallback(() => {
      dispatch(clearDates());
      writeStay();
    }, [dispatch, writeStay]),
  };
}

/** The guest picker's counts; each change also goes into the page's URL. */
export function useStayGuests() {
  const dispatch = useAppDispatch();
  const writeStay = useWriteStayToUrl();
  const counts = partyOf(useAppSelector(selectGuestCounts));
  return {
    counts,
    setCounts: useCallback(
      (next: GuestCounts) => {
        dispatch(setGuests(next));
        writeStay();
      },
      [dispatch, writeStay],
    ),
  };
}

/**
 * Reserve: a signed-in user goes to the booking page with the stay in its URL; anyone else gets
 * the login dialog (and stays on this page, whose URL keeps the stay).
 */
export function useReserve(roomId: number) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const range = useAppSelector(selectDateRange);
  const counts = useAppSelector(selectGuestCounts);
  return useCallback(() => {
    if (!signedIn) {
      dispatch(setShowLogin(true));
      return;
    }
    void navigate(`/${roomId}/book${searchOfStay({ range, guests: partyOf(counts) })}`);
  }, [counts, dispatch, navigate, range, roomId, signedIn]);
}

/** Why the chosen stay cannot be reserved here (booked or past nights, too many guests), or null. */
export function useStayProblem(roomId: number, maxGuests: number): string | null {
  const range = useAppSelector(selectDateRange);
  const counts = partyOf(useAppSelector(selectGuestCounts));
  const { data: booked = [] } = useGetBookedRangesQuery(roomId);
  const [today] = useState(() => toIsoDay(new Date()));
  return stayProblem(range, booked, today, counts, maxGuests);
}
