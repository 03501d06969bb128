/**
 * The listing page's URL carries the stay (shared/url): /house/12?checkin=…&checkout=…&adults=2.
 * A link or a reload with a stay fills the calendar and the guest picker with it (cleaned by the
 * spec's rules, the URL rewritten to the clean form), and each change the calendar or the guest
 * picker makes replaces the URL, so the address describes the stay being planned. The calendar
 * and the picker keep working on the form slice the search bar shows.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { injectFormSlice, useAppDispatch, useAppStore } from 'shared/store';
import { setDates, setGuests } from 'shared/state';
import { countedGuests, toIsoDay } from 'shared/rules';
import { searchOfStay, stayFromSearch } from 'shared/url';

const form = injectFormSlice();
const { selectDateRange, selectGuestCounts } = form.selectors;

/** Puts the stay the form holds into this page's URL (replace). */
export function useWriteStayToUrl(): () => void {
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    const state = store.getState();
    const wanted = searchOfStay({ range: selectDateRange(state), guests: selectGuestCounts(state) });
    if (wanted !== search) void navigate({ pathname, search: wanted }, { replace: true });
  }, [store, navigate, pathname, search]);
}

/** Reads the page's URL into the calendar and the guests once, and writes back its clean form. */
export function useStayInUrl(): void {
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const writeStay = useWriteStayToUrl();
  const read = useRef(false);

  useEffect(() => {
    if (read.current) return;
    read.current = true;
    const stay = stayFromSearch(search, toIsoDay(new Date()));
    if (stay.range.start !== null || stay.range.end !== null) dispatch(setDates(stay.range));
    if (countedGuests(stay.guests) + stay.guests.infants + stay.guests.pets > 0) dispatch(setGuests(stay.guests));
    writeStay();
  }, [dispatch, search, writeStay]);
}
