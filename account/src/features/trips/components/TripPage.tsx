/**
 * /trips/:code, behind a trip card's 'View itinerary' (issue 16): the place (photo, title, city
 * and country, address, map), the stay (dates, nights, guests, who booked, and the check-in and
 * checkout times the host set, when they set them: listing_facts), the receipt (the
 * lines of the price the trip was charged at, the total charged, the reservation code, any
 * refund) and the listing's cancellation policy with what cancelling now gives back.
 *
 * Signed out, it sends the visitor to sign in and back here after 1 s, as /trips does. Only the
 * signed-in traveller's own trips are read (RLS), so another's code is a trip not found. A
 * server renders the loading state (it knows no session); the status and the refund depend on
 * the reader's today and the time now, which only the browser knows once the trip arrives.
 *
 * Cancelling asks first, in a dialog that says what will be given back; the cancel-booking
 * function decides and its answer is shown as it is (refund made, nothing given back, or a
 * refund still on its way).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { ChevronLeft } from 'lucide-react';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import {
  cancellationPolicyText,
  cancellationTerms,
  checkInText,
  checkoutText,
  formatShownRange,
  guestSummary,
  isCancellationPolicy,
  REDIRECT_DELAY_MS,
  requestDeadlineText,
  reservationCode,
  toIsoDay,
  tripStatus,
  type CancellationTerms,
  type ListingFacts,
  type TripStatus,
} from 'shared/rules';
import { useRuntimeConfig } from 'shared/config';
import { loginPathReturningTo } from 'shared/url';
import { confirmDialogStyles as dialogStyles, Dialog, LocationMap, photoUrl, Skeleton } from 'shared/ui';
import { useGetListingFactsQuery } from 'shared/api';
import { useCancelTripMutation, useGetTripQuery, type Cancellation, type TripDetailPayment } from '../api/tripsApi';
import { useRedirectWhenSignedOut } from 'shared/session';
import { MessageHost } from '../../messages';
import { TripStatusBadge } from './TripStatusBadge';
import { tripPath } from './tripPath';
import styles from './TripPage.module.css';

/** Dollars and cents as the receipt shows them: '$403.00'. */
function formatMoney(usd: number): string {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const cents = (usd: number) => Math.round(Number(usd) * 100);

function BackToTrips() {
  return (
    <Link to="/trips" className={styles.back}>
      <ChevronLeft size={18} aria-hidden="true" />
      All trips
    </Link>
  );
}

/** What became of the total: a request's card is only held, and given back if the stay is not confirmed. */
const TOTAL_LABEL: Record<TripDetailPayment['status'], string> = {
  successful: 'Total charged (USD)',
  authorised: 'Total held, not charged (USD)',
  released: 'Total, not charged (USD)',
};

/** The lines of the quote it was paid at (stored with the booking), when they add up to the amount charged. */
function Receipt({ trip, room }: { trip: TripDetailPayment; room: NonNullable<TripDetailPayment['room']> }) {
  const quote = trip.booking?.quote ?? null;
  const linesAddUp = quote !== null && quote.total_cents === cents(trip.amount);
  const refund = trip.refund_amount === null ? null : Number(trip.refund_amount);
  return (
    <section className={styles.card} aria-labelledby="receipt-heading">
      <h2 id="receipt-heading" className={styles.cardHeading}>
        Receipt
      </h2>
      <dl className={styles.lines}>
        {linesAddUp && (
          <>
            <div className={styles.line}>
              <dt>
                {formatMoney(quote.nightly.usd)} x {quote.nights} {quote.nights === 1 ? 'night' : 'nights'}
              </dt>
              <dd>{formatMoney(quote.nights_total.usd)}</dd>
            </div>
            {quote.discount.usd > 0 && (
              <div className={styles.line}>
                <dt>
                  {quote.discount.kind === 'monthly' ? 'Monthly' : 'Weekly'} discount ({quote.discount.percent}%)
                </dt>
                <dd>-{formatMoney(quote.discount.usd)}</dd>
              </div>
            )}
            {quote.cleaning_fee.usd > 0 && (
              <div className={styles.line}>
                <dt>Cleaning fee</dt>
                <dd>{formatMoney(quote.cleaning_fee.usd)}</dd>
              </div>
            )}
            <div className={styles.line}>
              <dt>Service fee</dt>
              <dd>{formatMoney(quote.service_fee.usd)}</dd>
            </div>
          </>
        )}
        <div className={`${styles.line} ${styles.total}`}>
          <dt>{TOTAL_LABEL[trip.status]}</dt>
          <dd>{formatMoney(Number(trip.amount))}</dd>
        </div>
        {refund !== null && (
          <div className={`${styles.line} ${styles.refund}`}>
            <dt>{refund > 0 ? (trip.refund_id ? 'Refunded' : 'Refund on its way') : 'Refunded'}</dt>
            <dd>{formatMoney(refund)}</dd>
          </div>
        )}
      </dl>
      <dl className={styles.facts}>
        <div>
          <dt>Reservation code</dt>
          <dd className={styles.code}>{reservationCode(trip.id)}</dd>
        </div>
        <div>
          <dt>Listing</dt>
          <dd>
            <Link to={`/house/${room.id}`} className={styles.inlineLink}>
              {room['house-title']}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function refundSentence(terms: Extract<CancellationTerms, { cancellable: true }>, charged: number): string {
  if (terms.refund === 'full') return `If you cancel now, you get back the full ${formatMoney(charged)}.`;
  if (terms.refund === 'partial') return `If you cancel now, you get back ${formatMoney(terms.refundCents / 100)} of ${formatMoney(charged)}.`;
  return `If you cancel now, nothing is refunded.`;
}

function cancelledMessage(cancellation: Cancellation): string {
  return cancellation.refundAmount > 0
    ? `Your trip is cancelled. ${formatMoney(cancellation.refundAmount)} is on its way back to your card.`
    : 'Your trip is cancelled. Under the listing’s policy nothing was refunded.';
}

/** A request's part of the card: withdrawn while the host has not answered; else what became of it. */
function RequestSection({ trip, roomId, status }: { trip: TripDetailPayment; roomId: number; status: TripStatus }) {
  const [withdraw, withdrawing] = useCancelTripMutation();
  if (status === 'DECLINED') return <p className={styles.muted}>The host declined this request. Your card was not charged.</p>;
  if (status === 'EXPIRED') return <p className={styles.muted}>The host did not answer in time. Your card was not charged.</p>;
  return (
    <>
      <p className={styles.muted}>Your card is held, not charged, until the host accepts.</p>
      {withdrawing.data ? (
        <p className={styles.success}>Your request is withdrawn and your card released.</p>
      ) : (
        <button
          type="button"
          className={styles.cancel}
          onClick={() => void withdraw({ paymentId: trip.id, roomId })}
          disabled={withdrawing.isLoading}
        >
          {withdrawing.isLoading ? 'Withdrawing…' : 'Withdraw request'}
        </button>
      )}
      {withdrawing.error && (
        <p role="alert" className={styles.error}>
          {withdrawing.error.message}
        </p>
      )}
    </>
  );
}

function CancellationSection({ trip, roomId, today }: { trip: TripDetailPayment; roomId: number; today: string }) {
  const [asking, setAsking] = useState(false);
  const [cancelTrip, cancelling] = useCancelTripMutation();
  const keepRef = useRef<HTMLButtonElement>(null);
  const policy = isCancellationPolicy(trip.cancellation_policy) ? trip.cancellation_policy : null;
  const text = policy ? cancellationPolicyText(policy) : null;
  const charged = Number(trip.amount);
  // Cancelled here, or before: the answer counts until the trip is read again.
  const cancelled = trip.cancelled_at !== null || cancelling.data !== undefined;
  const terms =
    policy && !cancelled && today < trip.startDate
      ? cancellationTerms({
          policy,
          chargedCents: cents(charged),
          bookedAt: new Date(trip.created_at),
          startDate: trip.startDate,
          now: new Date(),
        })
      : null;

  async function confirm() {
    setAsking(false);
    await cancelTrip({ paymentId: trip.id, roomId });
  }

  const error = cancelling.error;
  return (
    <section className={styles.card} aria-labelledby="policy-heading">
      <h2 id="policy-heading" className={styles.cardHeading}>
        Cancellation policy
      </h2>
      {text && (
        <>
          <p className={styles.policyTitle}>{text.title}</p>
          <p className={styles.muted}>{text.terms}</p>
        </>
      )}
      <div aria-live="polite" className={styles.result}>
        {cancelling.data && <p className={styles.success}>{cancelledMessage(cancelling.data)}</p>}
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error.code === 'refund_pending' || error.code === 'stay_started'
            ? error.message
            : 'Your trip could not be cancelled. Please try again.'}
        </p>
      )}
      {trip.cancelled_at !== null && !cancelling.data && (
        <p className={styles.muted}>
          Cancelled on {new Date(trip.cancelled_at).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' })}.
        </p>
      )}
      {terms?.cancellable && (
        <>
          <p className={styles.preview}>{refundSentence(terms, charged)}</p>
          <button type="button" className={styles.cancel} onClick={() => setAsking(true)} disabled={cancelling.isLoading}>
            {cancelling.isLoading ? 'Cancelling…' : 'Cancel trip'}
          </button>
        </>
      )}
      {trip.refund_amount !== null && Number(trip.refund_amount) > 0 && trip.refund_id === null && (
        <button type="button" className={styles.cancel} onClick={() => void confirm()} disabled={cancelling.isLoading}>
          Send my refund again
        </button>
      )}
      {/* Also when the reader's today is still before check-in but the server's (UTC) is not. */}
      {!cancelled && !terms?.cancellable && (
        <p className={styles.muted}>This stay has begun, so it can no longer be cancelled.</p>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} title="Cancel this trip?" className={dialogStyles.dialog} initialFocus={keepRef}>
        <div className={dialogStyles.body}>
          <p>{terms?.cancellable ? refundSentence(terms, charged) : null}</p>
          <p className={styles.muted}>The nights are given up at once, and this cannot be undone.</p>
          <div className={dialogStyles.actions}>
            <button ref={keepRef} type="button" className={styles.keep} onClick={() => setAsking(false)}>
              Keep trip
            </button>
            <button type="button" className={styles.confirm} onClick={() => void confirm()}>
              Cancel trip
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}

function TripDetail({ trip, holder, facts }: { trip: TripDetailPayment; holder: string; facts: ListingFacts | null }) {
  const config = useRuntimeConfig();
  const room = trip.room!;
  const today = toIsoDay(new Date());
  const status = tripStatus({ ...trip, cancelled: trip.cancelled_at !== null, state: trip.state?.status ?? null }, today);
  const request = status === 'REQUESTED' || status === 'DECLINED' || status === 'EXPIRED';
  const place = [room.city, room.country].filter(Boolean).join(', ');
  // The street and pin while the stay is confirmed; else (cancelled, a seed place) the area.
  const exact = room.location ?? null;
  const cover = room.images[0];
  // The check-in and checkout times the host set, when they did.
  const times = facts ? [checkInText(facts), checkoutText(facts)].filter(Boolean).join(' · ') : '';
  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>
          {room['house-title']}
        </h1>
        <TripStatusBadge status={status} />
      </div>
      <p className={styles.muted}>{place}</p>
      {status === 'REQUESTED' && trip.state?.request_expires_at && (
        <p className={styles.requested}>{requestDeadlineText(trip.state.request_expires_at)}</p>
      )}
      <div className={styles.columns}>
        <div className={styles.main}>
          {cover && (
            <Link to={`/house/${room.id}`} className={styles.media} aria-label={`Open ${room['house-title']}`}>
              <img src={photoUrl(config, cover, 800)} alt="" width={800} height={500} decoding="async" className={styles.photo} />
            </Link>
          )}
          <section aria-labelledby="stay-heading" className={styles.section}>
            <h2 id="stay-heading" className={styles.sectionHeading}>
              Your stay
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>Dates</dt>
                <dd>{formatShownRange(trip.startDate, trip.endDate)}</dd>
              </div>
              <div>
                <dt>Nights</dt>
                <dd>{trip.numOfDays}</dd>
              </div>
              <div>
                <dt>Guests</dt>
                <dd>{trip.booking ? guestSummary(trip.booking) : '—'}</dd>
              </div>
              <div>
                <dt>Booked by</dt>
                <dd>{trip.Guest || holder}</dd>
              </div>
              {times && (
                <div className={styles.wide}>
                  <dt>House rules</dt>
                  <dd>{times}</dd>
                </div>
              )}
            </dl>
            {(status === 'REQUESTED' || status === 'UPCOMING' || status === 'CURRENT' || status === 'PAST') && <MessageHost roomId={room.id} bookingId={trip.booking?.id ?? null} className={styles.action} />}
          </section>
          <section aria-labelledby="where-heading" className={styles.section}>
            <h2 id="where-heading" className={styles.sectionHeading}>
              Where you’ll stay
            </h2>
            <p className={styles.address}>{exact?.address || room.house_location || place}</p>
            <LocationMap lat={exact?.lat ?? room.lat} lng={exact?.lng ?? room.lng} place={place} approximate={!exact || exact.lat === null || exact.lng === null} />
          </section>
        </div>
        <aside className={styles.side} aria-label="Payment and cancellation">
          <Receipt trip={trip} room={room} />
          {request ? (
            <section className={styles.card} aria-label="Your request">
              <RequestSection trip={trip} roomId={room.id} status={status} />
            </section>
          ) : (
            <CancellationSection trip={trip} roomId={room.id} today={today} />
          )}
        </aside>
      </div>
    </>
  );
}

export function TripPage() {
  const { code = '' } = useParams();
  const user = useAppSelector(selectUserData);
  useRedirectWhenSignedOut(loginPathReturningTo(tripPath(code)), REDIRECT_DELAY_MS.tripsToLogin);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [code]);
  const trip = useGetTripQuery(user ? code : skipToken);
  // The place's facts come with the trip, so that its house rules do not move the page later.
  const facts = useGetListingFactsQuery(trip.data?.room?.id ?? skipToken);

  let content;
  if (!user || trip.isLoading || facts.isLoading) {
    content = (
      <div aria-hidden="true" className={styles.loading}>
        <Skeleton className={styles.titleSkeleton} />
        <Skeleton className={styles.bodySkeleton} />
      </div>
    );
  } else if (trip.isError) {
    content = (
      <div className={styles.empty} role="alert">
        <h1 className={styles.title}>Your trip could not be loaded.</h1>
        <button type="button" className={styles.action} onClick={() => void trip.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!trip.data?.room) {
    content = (
      <div className={styles.empty}>
        <h1 className={styles.title}>Trip not found</h1>
        <p className={styles.muted}>There is no trip with this reservation code in your account.</p>
        <Link to="/trips" className={styles.action}>
          See your trips
        </Link>
      </div>
    );
  } else {
    content = <TripDetail trip={trip.data} holder={user.name || user.email || '—'} facts={facts.data ?? null} />;
  }

  return (
    <div className={styles.page}>
      <BackToTrips />
      {content}
    </div>
  );
}
