/**
 * The stay being planned or booked, owned by the page's URL: /house/12?checkin=…&checkout=…&adults=2
 * (the listing) and /12/book?… (the booking page). It is derived from the URL on every render and
 * written only to the URL (replace), so a reload, a shared link or back shows the same stay and no
 * store holds a copy. The URL is rewritten to its clean form (bad or past dates dropped, counts
 * clamped by the spec's limits); the stay handed out is the party that books, at least one adult,
 * even when the link counts nobody.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { partyOf, toIsoDay } from 'shared/rules';
import { searchOfStay, stayFromSearch, type Stay } from './searchParams';

/**
 * The stay last written, until the router's location shows it. React Router applies a navigation
 * in a transition, so for a moment the URL's stay is the old one: a check-out day chosen in that
 * moment (a fast second tap or keystroke) was computed from the old stay and became a new
 * check-in. Every user of the hook reads this written stay, as an urgent update, until then.
 */
let written: { pathname: string; search: string; earlier: string[] } | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setWritten = (next: typeof written) => {
  written = next;
  listeners.forEach((listener) => listener());
};

/**
 * `setStay` replaces the parts it is given and keeps the URL's others as they are (a date picked
 * before anyone is counted leaves the guests uncounted).
 */
export function useStay(): { stay: Stay; setStay: (change: Partial<Stay>) => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useSyncExternalStore(subscribe, () => written, () => null);
  const { pathname } = location;
  const search = pending?.pathname === pathname ? pending.search : location.search;
  const [today] = useState(() => toIsoDay(new Date()));
  const inUrl = useMemo(() => stayFromSearch(search, today), [search, today]);
  const stay = useMemo(() => ({ range: inUrl.range, guests: partyOf(inUrl.guests) }), [inUrl]);
  const clean = searchOfStay(inUrl);

  useEffect(() => {
    // The URL is the truth again once the router shows the last stay written, or has gone
    // anywhere but the URLs it was at while stays were being written.
    if (pending !== null && (pending.pathname !== location.pathname || !pending.earlier.includes(location.search))) setWritten(null);
  }, [pending, location.pathname, location.search]);

  useEffect(() => {
    if (clean !== search) void navigate({ pathname, search: clean }, { replace: true });
  }, [clean, search, pathname, navigate]);

  const setStay = useCallback(
    (change: Partial<Stay>) => {
      const next = searchOfStay({ ...inUrl, ...change });
      const earlier = written?.pathname === pathname ? [...written.earlier, written.search] : [location.search];
      setWritten({ pathname, search: next, earlier: earlier.filter((before) => before !== next) });
      void navigate({ pathname, search: next }, { replace: true });
    },
    [navigate, pathname, inUrl, location.search],
  );
  return { stay, setStay };
}
