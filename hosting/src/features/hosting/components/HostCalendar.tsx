/**
 * /hosting/:id/calendar: the host blocks nights of a place (choose a range on the calendar, then
 * 'Block these nights') and unblocks them from the list. Blocked nights are struck through and
 * are then unavailable to search, the listing's calendar and payment. Booked nights are drawn
 * apart (issue 42: they looked like blocked ones and named no guest): filled, each day named with
 * its guest, and listed under the calendar with the guest, the dates and a link to the
 * reservation on /hosting.
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import { NO_DATES, REDIRECT_DELAY_MS, formatShownRange, toIsoDay, type DateRange } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { Calendar, type CalendarStay } from 'shared/ui';
import { useRedirectWhenSignedOut } from 'shared/session';
import {
  useBlockDatesMutation,
  useGetBlockedRangesQuery,
  useGetMyListingsQuery,
  useGetStaysQuery,
  useUnblockDatesMutation,
} from '../api/hostingApi';
import { reservationPath } from './reservationPath';
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
  const stays = useGetStaysQuery(signedIn && listing ? id : skipToken);
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

  const blockedRanges = (blocked.data ?? []).map((b) => ({ start: b.start_date, end: b.end_date }));
  const calendarStays: CalendarStay[] = (stays.data ?? []).map((s) => ({ start: s.start_date, end: s.end_date, guestName: s.guest_name }));
  const title = listing.room['house-title'] || 'Untitled place';

  return (
    <section className={styles.page} aria-labelledby="calendar-title">
      <Link to="/hosting" className={styles.back}>
        Your listings
      </Link>
      <h1 id="calendar-title" className={styles.title}>
        Calendar of {title}
      </h1>
      <p className={styles.hint}>
        Choose the first and the last night to block, then block them. Struck-through nights are blocked; booked nights are filled.
      </p>
      <div className={styles.calendar}>
        <Calendar
          range={range}
          onChange={(change) => setRange(change.range)}
          today={toIsoDay(new Date())}
          oneMonthUpTo={743}
          bookedRanges={blockedRanges}
          stays={calendarStays}
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
      <h2 className={styles.sectionTitle}>Booked nights</h2>
      {(stays.data ?? []).length === 0 ? (
        <p className={styles.hint}>No nights are booked.</p>
      ) : (
        <ul className={styles.reservations} aria-label="Booked nights">
          {stays.data!.map((s) => (
            <li key={s.booking_id} className={styles.reservation}>
              <span className={styles.bookedMark} aria-hidden="true" />
              <strong>{s.guest_name}</strong>
              <span>{formatShownRange(s.start_date, s.end_date)}</span>
              <Link to={reservationPath(s.booking_id)} className={styles.reservationLink}>
                View reservation<span className="visually-hidden"> of {s.guest_name}</span>
              </Link>
            </li>
          ))}
        </ul>
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
