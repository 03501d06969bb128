/**
 * The stay being planned or booked, owned by the page's URL: /house/12?checkin=…&checkout=…&adults=2
 * (the listing) and /12/book?… (the booking page). It is derived from the URL on every render and
 * written only to the URL (replace), so a reload, a shared link or back shows the same stay and no
 * store holds a copy. The URL is rewritten to its clean form (bad or past dates dropped, counts
 * clamped by the spec's limits); the stay handed out is the party that books, at least one adult,
 * even when the link counts nobody.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { partyOf, toIsoDay } from 'shared/rules';
import { searchOfStay, stayFromSearch, type Stay } from './searchParams';

/**
 * `setStay` replaces the parts it is given and keeps the URL's others as they are (a date picked
 * before anyone is counted leaves the guests uncounted).
 */
export function useStay(): { stay: Stay; setStay: (change: Partial<Stay>) => void } {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [today] = useState(() => toIsoDay(new Date()));
  const inUrl = useMemo(() => stayFromSearch(search, today), [search, today]);
  const stay = useMemo(() => ({ range: inUrl.range, guests: partyOf(inUrl.guests) }), [inUrl]);
  const clean = searchOfStay(inUrl);

  useEffect(() => {
    if (clean !== search) void navigate({ pathname, search: clean }, { replace: true });
  }, [clean, search, pathname, navigate]);

  const setStay = useCallback(
    (change: Partial<Stay>) => void navigate({ pathname, search: searchOfStay({ ...inUrl, ...change }) }, { replace: true }),
    [navigate, pathname, inUrl],
  );
  return { stay, setStay };
}
