/**
 * /hosting/:id/calendar: the host blocks nights of a place (choose a range on the calendar, then
 * 'Block these nights') and unblocks them from the list. Booked and blocked nights are struck
 * through; blocked nights are then unavailable to search, the listing's calendar and payment.
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { useGetBookedRangesQuery } from 'shared/api';
import { selectIsLoggedIn } from 'shared/state';
import { NO_DATES, REDIRECT_DELAY_MS, formatShownRange, toIsoDay, type DateRange } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { Calendar } from 'shared/ui';
import { useRedirectWhenSignedOut } from 'shared/session';
import {
  useBlockDatesMutation,
  useGetBlockedRangesQuery,
  useGetMyListingsQuery,
  useUnblockDatesMutation,
} from '../api/hostingApi';
import { NotYourPlace, PlacePageLoading } from './PlacePageStates';
import styles from './Hosting.module.css';

export function HostCalendar() {
  const params = useParams();
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsLoggedIn);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname), REDIRECT_DELAY_MS.tripsToLogin);
  const id = Number(params.id);

  const listings = useGetMyListingsQuery(signedIn ? undefined : skipToken);
  const listing = listings.data?.find((l) => l.room_id === id);
  const blocked = useGetBlockedRangesQuery(signedIn && listing ? id : skipToken);
  const taken = useGetBookedRangesQuery(signedIn && listing ? id : skipToken);
  const [blockDates, blocking] = useBlockDatesMutation();
  const [unblockDates, unblocking] = useUnblockDatesMutation();
  const [range, setRange] = useState<DateRange>(NO_DATES);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn || listings.isLoading) {
    return <PlacePageLoading />;
  }
  if (!listing) {
    return <NotYourPlace />;
  }

  async function block() {
    if (!range.start || !range.end) return;
    setError(null);
    const result = await blockDates({ roomId: id, start: range.start, end: range.end });
    if ('error' in result) {
      setError('Those nights could not be blocked: some are already booked or blocked.');
      return;
    }
    setRange(NO_DATES);
  }

  const bookedRanges = taken.data ?? [];
  const title = listing.room['house-title'] || 'Untitled place';

  return (
    <section className={styles.page} aria-labelledby="calendar-title">
      <Link to="/hosting" className={styles.back}>
        Your listings
      </Link>
      <h1 id="calendar-title" className={styles.title}>
        Calendar of {title}
      </h1>
      <p className={styles.hint}>Choose the first and the last night to block, then block them. Struck-through nights are booked or blocked.</p>
      <div className={styles.calendar}>
        <Calendar
          range={range}
          onChange={(change) => setRange(change.range)}
          today={toIsoDay(new Date())}
          oneMonthUpTo={743}
          bookedRanges={bookedRanges}
          label="Choose nights to block"
        />
      </div>
      <div className={styles.actionsEnd}>
        <button type="button" className={styles.secondary} onClick={() => setRange(NO_DATES)} disabled={!range.start}>
          Clear dates
        </button>
        <button type="button" className={styles.primary} onClick={() => void block()} disabled={!range.start || !range.end || blocking.isLoading}>
          Block these nights
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <h2 className={styles.sectionTitle}>Blocked nights</h2>
      {(blocked.data ?? []).length === 0 ? (
        <p className={styles.hint}>No nights are blocked.</p>
      ) : (
        <ul className={styles.reservations} aria-label="Blocked nights">
          {blocked.data!.map((b) => (
            <li key={b.id} className={styles.reservation}>
              <span>{formatShownRange(b.start_date, b.end_date)}</span>
              <button
                type="button"
                className={styles.secondary}
                disabled={unblocking.isLoading}
                onClick={() => void unblockDates({ roomId: id, id: b.id })}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
