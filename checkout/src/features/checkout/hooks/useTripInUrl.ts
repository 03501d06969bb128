/**
 * The booking page's URL owns the trip: /:id/book?checkin=…&checkout=…&adults=2 (shared/url).
 * Reserve brings the listing's stay in it; the Edit dialogs replace it; a reload or a shared link
 * shows the same trip. The URL is rewritten to its clean form (bad or past dates dropped, counts
 * clamped by the spec's limits), so the address always describes the trip; a link that counts
 * nobody books one adult.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { toIsoDay } from 'shared/rules';
import { searchOfStay, stayFromSearch } from 'shared/url';
import { bookedTrip, type Trip } from '../trip';

export function useTripInUrl(): { trip: Trip; setTrip: (next: Trip) => void } {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [today] = useState(() => toIsoDay(new Date()));
  const stay = useMemo(() => stayFromSearch(search, today), [search, today]);
  const trip = useMemo(() => bookedTrip(stay), [stay]);
  const clean = searchOfStay(stay);

  useEffect(() => {
    if (clean !== search) void navigate({ pathname, search: clean }, { replace: true });
  }, [clean, search, pathname, navigate]);

  const setTrip = useCallback(
    (next: Trip) => void navigate({ pathname, search: searchOfStay(next) }, { replace: true }),
    [navigate, pathname],
  );
  return { trip, setTrip };
}
