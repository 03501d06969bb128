/**
 * The booking page, /:id/book (accounts spec section 2, "Booking page"): its heading with a
 * back button; Your trip (dates and guests, each with Edit), Pay with (card and billing
 * details), Required for your trip, Ground rules and the button; on the right the place's
 * summary and Price details. The button says what happens (issue 42): 'Confirm and pay' for a
 * place that books instantly (the stay is confirmed on payment), 'Request to book' for one on
 * request (the card is held until the host answers), and the heading says the same. The trip (dates and guests) is the URL's
 * (shared/url's useStay, as the listing's): Reserve brings it, the Edit dialogs change it, a reload keeps it.
 * It reaches the server once, as one stay request, when the button is pressed.
 *
 * Signed out, it goes to /login after 2 s. A traveller may book a place again for other nights
 * (the spec's 'You have already booked this place' lock is gone); the database refuses nights
 * that overlap any held stay.
 *
 * Nothing moves while the session, the place and the booked nights arrive: the heading row and
 * the place's card keep their place in every state (the card's placeholder is its size), the
 * signed-out prompt takes the form's place, and the page is at least a screen tall so the footer
 * never comes up into view when the form gives way to the prompt.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'shared/router';
import { ChevronLeft } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  useGetBookedRangesQuery,
  useGetCancellationPolicyQuery,
  useGetRoomByIdQuery,
  useGetSessionUserQuery,
  useGetStayQuoteQuery,
} from 'shared/api';
import { useRuntimeConfig } from 'shared/config';
import {
  REDIRECT_DELAY_MS,
  toIsoDay,
  type DateRange,
  formatShownRange,
  parseRoomId,
  countedGuests,
  type GuestCounts,
} from 'shared/rules';
import { resetCard } from 'shared/state';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { formatUsd } from 'shared/ui';
import { loginPathReturningTo, useStay } from 'shared/url';
import { useGetInstantBookQuery, type CustomerAddress } from '../api';
import type { CardPort } from '../hooks/cardPort';
import { usePayment } from '../hooks/usePayment';
import { useResumedStay } from '../hooks/useResumedStay';
import { selectHasCardError } from '../slices';
import { isTripComplete, stayRequestOf, tripGuestLabel, tripNights } from '../trip';
import { CardFieldsPlaceholder } from './CardFieldsPlaceholder';
import { PlaceSummary, PlaceSummaryPlaceholder } from './PlaceSummary';
import { TestCardForm } from './TestCardForm';
import { TestCardHint } from './TestCardHint';
import { DatesDialog, GuestsDialog } from './TripDialogs';
import styles from './BookingPage.module.css';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

const EMPTY_ADDRESS: CustomerAddress = { line1: '', city: '', state: '', postal_code: '', country: '' };

function datesText(range: DateRange): string {
  if (range.start === null || range.end === null) return 'Add your dates';
  return formatShownRange(range.start, range.end);
}

export function BookingPage() {
  const roomId = parseRoomId(useParams().id);
  if (roomId === null) {
    return (
      <div className={styles.page}>
        <TitleRow />
        <p role="alert">This place does not exist.</p>
      </div>
    );
  }
  return <Booking key={roomId} roomId={roomId} />;
}

/**
 * The heading with the back button, in the same place whatever the page shows below: 'Confirm and
 * pay' for a place that books instantly (and while that is not known yet), 'Request to book' for
 * one on request.
 */
function TitleRow({ instantBook }: { instantBook?: boolean }) {
  const navigate = useNavigate();
  return (
    <div className={styles.titleRow}>
      <button type="button" className={styles.back} aria-label="Back" onClick={() => navigate(-1)}>
        <ChevronLeft size={20} aria-hidden />
      </button>
      <h1 className={styles.heading}>{instantBook === false ? 'Request to book' : 'Confirm and pay'}</h1>
    </div>
  );
}

function Booking({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const config = useRuntimeConfig();
  const today = useMemo(() => toIsoDay(new Date()), []);

  const session = useGetSessionUserQuery();
  const user = session.data ?? null;
  const signedOut = !session.isLoading && user === null;

  // The login page brings the traveller back here afterwards.
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!signedOut) return undefined;
    const timer = setTimeout(() => void navigate(loginPathReturningTo(`${pathname}${search}`)), REDIRECT_DELAY_MS.bookingToLogin);
    return () => clearTimeout(timer);
  }, [signedOut, navigate, pathname, search]);

  const room = useGetRoomByIdQuery(roomId);
  const policy = useGetCancellationPolicyQuery(roomId);
  const booked = useGetBookedRangesQuery(roomId);
  const instantBook = useGetInstantBookQuery(roomId);
  const buttonLabel = instantBook.data === false ? 'Request to book' : 'Confirm and pay';

  const { stay: trip, setStay: setTrip } = useStay();
  const nights = tripNights(trip);

  const [editing, setEditing] = useState<'dates' | 'guests' | null>(null);
  const [port, setPort] = useState<CardPort | null>(null);
  const onPort = useCallback((next: CardPort) => setPort(() => next), []);
  const payment = usePayment(port);
  const hasCardError = useAppSelector(selectHasCardError);

  useResumedStay({ roomId, user, trip, setTrip, today });

  const [name, setName] = useState('');
  const [address, setAddress] = useState<CustomerAddress>(EMPTY_ADDRESS);
  const nameTouched = useRef(false);
  useEffect(() => {
    if (!nameTouched.current && user?.name) setName(user.name);
  }, [user?.name]);

  useEffect(() => {
    dispatch(resetCard());
  }, [dispatch]);

  const maxGuests = room.data?.max_guests;
  const tooManyGuests = maxGuests !== undefined && countedGuests(trip.guests) > maxGuests;
  const processing = payment.status === 'processing';
  const locked = processing || payment.status === 'success';
  // The stay's quote (Price details), once the nights are known: its total is the amount shown.
  const { start, end } = trip.range;
  const quote = useGetStayQuoteQuery(start !== null && end !== null && nights > 0 ? { roomId, checkIn: start, checkOut: end } : skipToken);
  const shownCents = quote.data && quote.data.check_in === start && quote.data.check_out === end ? quote.data.total_cents : null;
  const canPay =
    !locked &&
    user !== null &&
    port !== null &&
    isTripComplete(trip) &&
    shownCents !== null &&
    policy.data !== undefined &&
    instantBook.data !== undefined &&
    !tooManyGuests;

  const requestToBook = () => {
    if (!canPay || !user || !isTripComplete(trip) || shownCents === null || policy.data === undefined) return;
    void payment.pay({
      stay: stayRequestOf(roomId, trip),
      billing: { name: name.trim(), email: user.email ?? '', address },
      shown: { amount: shownCents, policy: policy.data },
    });
  };

  const ids = { name: useId(), line1: useId(), city: useId(), state: useId(), postal: useId(), country: useId() };
  const addressField = (key: keyof CustomerAddress, id: string, label: string, autoComplete: string) => (
    <div className={styles.textField}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={address[key]}
        autoComplete={autoComplete}
        disabled={locked}
        onChange={(event) => setAddress((current) => ({ ...current, [key]: event.target.value }))}
      />
    </div>
  );

  const summary = (
    <aside className={styles.summary} aria-label="Your booking">
      {room.data ? (
        <PlaceSummary room={room.data} nights={nights} quote={quote.data} policy={policy.data} />
      ) : room.isLoading ? (
        <PlaceSummaryPlaceholder nights={nights} />
      ) : (
        <div className={styles.summaryCard}>
          <p className={styles.muted}>This place could not be loaded.</p>
        </div>
      )}
    </aside>
  );

  if (signedOut) {
    return (
      <div className={styles.page}>
        <TitleRow instantBook={instantBook.data} />
        <div className={styles.columns}>
          <div className={styles.main}>
            <p role="status" className={styles.prompt}>
              Log in to book this place. Taking you to the login page…
            </p>
          </div>
          {summary}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <TitleRow instantBook={instantBook.data} />

      {hasCardError && (
        <div role="alert" className={styles.banner}>
          <p className={styles.bannerTitle}>Let's try that again</p>
          <p>Please check your payment details</p>
        </div>
      )}

      <div className={styles.columns}>
        <div className={styles.main}>
          <section aria-labelledby="trip-heading" className={styles.section}>
            <h2 id="trip-heading" className={styles.sectionTitle}>
              Your trip
            </h2>
            <div className={styles.tripRow}>
              <div>
                <h3 className={styles.rowTitle}>Dates</h3>
                <p className={styles.rowValue}>{datesText(trip.range)}</p>
              </div>
              <button type="button" className={styles.edit} aria-label="Edit dates" disabled={locked} onClick={() => setEditing('dates')}>
                Edit
              </button>
            </div>
            <div className={styles.tripRow}>
              <div>
                <h3 className={styles.rowTitle}>Guests</h3>
                <p className={styles.rowValue}>{tripGuestLabel(trip)}</p>
                {tooManyGuests && (
                  <p className={styles.warning}>
                    This place has room for at most {maxGuests} {maxGuests === 1 ? 'guest' : 'guests'}.
                  </p>
                )}
              </div>
              <button type="button" className={styles.edit} aria-label="Edit guests" disabled={locked} onClick={() => setEditing('guests')}>
                Edit
              </button>
            </div>
          </section>

          <section aria-labelledby="pay-heading" className={styles.section}>
            <h2 id="pay-heading" className={styles.sectionTitle}>
              Pay with
            </h2>
            {config.paymentMode === 'stripe' && config.stripePublishableKey ? (
              <Suspense fallback={<CardFieldsPlaceholder />}>
                <StripeCardForm publishableKey={config.stripePublishableKey} onPort={onPort} />
              </Suspense>
            ) : (
              <>
                <TestCardHint />
                <TestCardForm onPort={onPort} disabled={locked} />
              </>
            )}
            <div className={styles.billing}>
              <div className={styles.textField}>
                <label htmlFor={ids.name}>Name on card</label>
                <input
                  id={ids.name}
                  value={name}
                  autoComplete="cc-name"
                  disabled={locked}
                  onChange={(event) => {
                    nameTouched.current = true;
                    setName(event.target.value);
                  }}
                />
              </div>
              <fieldset className={styles.address}>
                <legend>Billing address</legend>
                {addressField('line1', ids.line1, 'Street address', 'address-line1')}
                <div className={styles.pair}>
                  {addressField('city', ids.city, 'City', 'address-level2')}
                  {addressField('state', ids.state, 'State', 'address-level1')}
                </div>
                <div className={styles.pair}>
                  {addressField('postal_code', ids.postal, 'ZIP code', 'postal-code')}
                  {addressField('country', ids.country, 'Country', 'country-name')}
                </div>
              </fieldset>
            </div>
          </section>

          <section aria-labelledby="required-heading" className={styles.section}>
            <h2 id="required-heading" className={styles.sectionTitle}>
              Required for your trip
            </h2>
            <h3 className={styles.rowTitle}>Message the host</h3>
            <p className={styles.muted}>Share why you're travelling, who's coming with you and what you love about the space.</p>
            <h3 className={styles.rowTitle}>Phone number</h3>
            <p className={styles.muted}>Add and confirm your phone number to get trip updates.</p>
          </section>

          <section aria-labelledby="rules-heading" className={styles.section}>
            <h2 id="rules-heading" className={styles.sectionTitle}>
              Ground rules
            </h2>
            <p>We ask every guest to remember a few simple things about what makes a great guest.</p>
            <ul className={styles.rules}>
              <li>Follow the house rules</li>
              <li>Treat your host's home like your own</li>
            </ul>
          </section>

          <div className={styles.section}>
            <p className={styles.small}>
              By selecting the button below, I agree to the host's house rules and the ground rules for guests, and that
              Homestory can charge my payment method for the total shown
              {instantBook.data === false ? ' once the host accepts (until then it is held, not charged)' : ''}.
            </p>
            <button type="button" className={styles.bookButton} disabled={!canPay} aria-busy={processing} onClick={requestToBook}>
              {processing ? 'Processing…' : buttonLabel}
            </button>
            <div role="status" className={payment.status === 'success' ? styles.success : styles.paymentMessage}>
              {payment.message}
              {payment.termsChanged && quote.data && !quote.isFetching && !policy.isFetching && (
                <p className={styles.code}>
                  The total is now <strong>{formatUsd(quote.data.total.usd)}</strong>; check Price details and press {buttonLabel} again to pay it.
                </p>
              )}
              {payment.reservationCode && (
                <p className={styles.code}>
                  Reservation code <strong>{payment.reservationCode}</strong>. Taking you to your trips…
                </p>
              )}
            </div>
          </div>
        </div>

        {summary}
      </div>

      <DatesDialog
        open={editing === 'dates'}
        range={trip.range}
        bookedRanges={booked.data ?? []}
        onClose={() => setEditing(null)}
        onSave={(range) => {
          setTrip({ ...trip, range });
          setEditing(null);
        }}
      />
      <GuestsDialog
        open={editing === 'guests'}
        guests={trip.guests}
        maxGuests={room.data?.max_guests}
        onClose={() => setEditing(null)}
        onSave={(guests: GuestCounts) => {
          setTrip({ ...trip, guests });
          setEditing(null);
        }}
      />
    </div>
  );
}
