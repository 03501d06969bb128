/**
 * /trips (accounts spec section 2): 'Trips', scrolled to the top on open; signed out, to
 * /login after 1 s. Payments are read by the user's email with their rooms, in one request; each trip
 * card shows the photo (a link to the listing), title, city and country, the status badge,
 * the dates, the guest's name, the reservation code and 'View itinerary', which opens the
 * trip's page (/trips/:code). The status needs the reader's today, so it is worked out only
 * after the payments arrive, which happens in the browser alone. A stay the server lets the
 * traveller review (the 14 days after checkout) has 'Write a review', or says when the review sent
 * publishes.
 */
import { useEffect, useMemo } from 'react';
import { Link } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import { REDIRECT_DELAY_MS, toIsoDay, formatShownRange, requestDeadlineText } from 'shared/rules';
import { useRuntimeConfig } from 'shared/config';
import { photoUrl, Skeleton } from 'shared/ui';
import { type ReviewableStay, StayReviewAction, useGetReviewableStaysQuery } from 'shared/reviews';
import { useGetUserTripsQuery } from '../api/tripsApi';
import { useRedirectWhenSignedOut } from 'shared/session';
import { buildTrips, type Trip } from './tripList';
import { TripStatusBadge } from './TripStatusBadge';
import { tripPath } from './tripPath';
import { AccountPage, accountPageStyles as page } from '../../../components/AccountPage';
import styles from './Trips.module.css';

/** The guest's name, or the account holder's when the payment has none. */
function TripCard({ trip, holderName, review }: { trip: Trip; holderName: string | null; review: ReviewableStay | undefined }) {
  const config = useRuntimeConfig();
  const cover = trip.room.images[0];
  const title = trip.room['house-title'];
  return (
    <article className={styles.card} aria-labelledby={`trip-${trip.paymentId}`}>
      <Link to={`/house/${trip.room.id}`} className={styles.media} aria-label={`Open ${title}`}>
        {cover && (
          <img
            src={photoUrl(config, cover, 800)}
            alt=""
            width={800}
            height={760}
            loading="lazy"
            decoding="async"
            className={styles.photo}
          />
        )}
        <TripStatusBadge status={trip.status} className={styles.badge} />
      </Link>
      <div className={styles.body}>
        <h2 id={`trip-${trip.paymentId}`} className={styles.cardTitle}>
          {title}
        </h2>
        <p className={styles.place}>
          {trip.room.city}, {trip.room.country}
        </p>
        {trip.status === 'REQUESTED' && trip.requestExpiresAt && (
          <p className={styles.requested}>{requestDeadlineText(trip.requestExpiresAt)}</p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>Dates</dt>
            <dd>
              {formatShownRange(trip.startDate, trip.endDate)}
            </dd>
          </div>
          <div>
            <dt>Guest</dt>
            <dd>{trip.guestName || holderName || '—'}</dd>
          </div>
          <div>
            <dt>Reservation code</dt>
            <dd className={styles.code}>{trip.code}</dd>
          </div>
        </dl>
        <Link to={tripPath(trip.code)} className={styles.itinerary} aria-label={`View itinerary of ${title}`}>
          View itinerary
        </Link>
        {review && <StayReviewAction stay={review} label="Write a review" />}
      </div>
    </article>
  );
}

export function Trips() {
  const user = useAppSelector(selectUserData);
  useRedirectWhenSignedOut('/login', REDIRECT_DELAY_MS.tripsToLogin);
  useEffect(() => {
    // Braces matter: Chromium's scrollTo now answers a promise, which is no effect cleanup.
    window.scrollTo(0, 0);
  }, []);
  const payments = useGetUserTripsQuery(user?.id ?? skipToken);
  const trips = useMemo(() => buildTrips(payments.data ?? [], toIsoDay(new Date())), [payments.data]);
  const reviewable = useGetReviewableStaysQuery(user ? undefined : skipToken);
  const reviewOf = (trip: Trip) =>
    reviewable.data?.find((stay) => stay.side === 'stay' && stay.booking_id === trip.bookingId && trip.status === 'PAST');

  let content;
  if (!user || payments.isLoading) {
    content = (
      <div className={styles.list} aria-hidden="true">
        <Skeleton className={styles.cardSkeleton} />
      </div>
    );
  } else if (payments.isError) {
    content = (
      <div className={page.empty} role="alert">
        <p>Your trips could not be loaded.</p>
        <button
          type="button"
          className={page.action}
          onClick={() => void payments.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (trips.length === 0) {
    content = (
      <div className={page.empty}>
        <h2 className={page.emptyTitle}>No trips Booked ... yet!</h2>
        <p className={page.emptyText}>Time to dust off your bags and start planning your next adventure.</p>
        <Link to="/home" className={page.action}>
          Start searching
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className={styles.list} aria-label="Your trips">
        {trips.map((trip) => (
          <li key={trip.paymentId}>
            <TripCard trip={trip} holderName={user.name} review={reviewOf(trip)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AccountPage title="Trips" className={styles.page}>
      {content}
    </AccountPage>
  );
}
