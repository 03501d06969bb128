/**
 * /hosting, behind the user menu's 'Manage Listings' (issue 16): the host's places, newest
 * first, each with its status, 'Edit' and 'Calendar', a way to list a new place, a link to the
 * earnings (/hosting/earnings), and the upcoming reservations of their places (guest's name,
 * dates, nights, total: all a host is shown of a traveller's booking; the calendar's booked
 * nights link to their row, which is then scrolled to and marked); a request to book (a place
 * on request, issue 42) has Accept and Decline and the time left to answer, and a confirmed stay
 * can be cancelled, after a confirming dialog, with all of it refunded. A draft can be deleted,
 * with its photos, once the host confirms in a dialog (the server refuses published and booked
 * places). Signed out, the page sends the visitor to /login, returning here.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import { REDIRECT_DELAY_MS, formatShownRange } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { useRuntimeConfig } from 'shared/config';
import { confirmDialogStyles as dialogStyles, Dialog, photoUrl, Skeleton } from 'shared/ui';
import { useRedirectWhenSignedOut } from 'shared/session';
import { GuestReviews } from './GuestReviews';
import {
  useAnswerRequestMutation,
  useCancelReservationMutation,
  useDeleteListingMutation,
  useGetMyListingsQuery,
  useGetReservationsQuery,
  type HostListing,
  type Reservation,
} from '../api/hostingApi';
import { editPath, missingFor, fieldsOf } from '../listingDraft';
import { reservationAnchor } from './reservationPath';
import styles from './Hosting.module.css';

function ListingRow({ listing, onDelete }: { listing: HostListing; onDelete: (listing: HostListing) => void }) {
  const config = useRuntimeConfig();
  const { room, status } = listing;
  const cover = room.images[0];
  const title = room['house-title'] || 'Untitled place';
  const place = [room.city, room.country].filter(Boolean).join(', ');
  const next = missingFor(fieldsOf(room))[0] ?? 'publish';
  return (
    <article className={styles.place} aria-labelledby={`place-${room.id}`}>
      <div className={styles.placePhoto}>
        {cover ? (
          <img src={photoUrl(config, cover, 400)} alt="" width={400} height={267} loading="lazy" />
        ) : (
          <span className={styles.noPhoto}>No photo yet</span>
        )}
      </div>
      <div className={styles.placeBody}>
        <h2 id={`place-${room.id}`} className={styles.placeTitle}>
          {title}
        </h2>
        <p className={styles.hint}>{place || 'No location yet'}</p>
        {room.nightly_usd !== null && <p className={styles.hint}>${room.nightly_usd} night</p>}
        <span className={status === 'published' ? styles.badgePublished : styles.badgeDraft}>
          {status === 'published' ? 'Published' : 'Draft'}
        </span>
      </div>
      <div className={styles.placeActions}>
        <Link to={editPath(room.id, status === 'published' ? 'publish' : next)} className={styles.secondary} aria-label={`Edit ${title}`}>
          Edit
        </Link>
        <Link to={`/hosting/${room.id}/calendar`} className={styles.secondary} aria-label={`Calendar of ${title}`}>
          Calendar
        </Link>
        {status === 'draft' && (
          <button type="button" className={`${styles.secondary} ${styles.delete}`} aria-label={`Delete ${title}`} onClick={() => onDelete(listing)}>
            Delete
          </button>
        )}
      </div>
    </article>
  );
}

/** A request's line: until when the host may answer, and Accept / Decline. */
function RequestAnswer({ request }: { request: Reservation }) {
  const [answer, answering] = useAnswerRequestMutation();
  const until = new Date(request.request_expires_at ?? '').toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const send = (what: 'accept' | 'decline') => void answer({ bookingId: request.booking_id, answer: what });
  return (
    <div className={styles.request}>
      <span>Request: answer by {until}</span>
      <button type="button" className={styles.primary} disabled={answering.isLoading} onClick={() => send('accept')}>
        Accept
      </button>
      <button type="button" className={styles.secondary} disabled={answering.isLoading} onClick={() => send('decline')}>
        Decline
      </button>
      {answering.error && (
        <span role="alert" className={styles.error}>
          {answering.error.message}
        </span>
      )}
    </div>
  );
}

/** The dialog asking before a confirmed stay is cancelled by its host; focus starts on keeping it. */
function CancelReservationDialog({ reservation, onClose }: { reservation: Reservation | null; onClose: () => void }) {
  const [cancel, cancelling] = useCancelReservationMutation();
  const keepRef = useRef<HTMLButtonElement>(null);
  async function confirm() {
    if (!reservation) return;
    const result = await cancel(reservation.booking_id);
    if (!('error' in result)) onClose();
  }
  return (
    <Dialog open={reservation !== null} onClose={onClose} title="Cancel this reservation?" className={dialogStyles.dialog} initialFocus={keepRef}>
      <div className={dialogStyles.body}>
        <p>
          <strong>{reservation?.guest_name}</strong> gets back everything they paid, ${Number(reservation?.total ?? 0).toFixed(2)}, and the
          nights are free again. This cannot be undone.
        </p>
        {cancelling.error && (
          <p className={styles.error} role="alert">
            {cancelling.error.message}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <button ref={keepRef} type="button" className={styles.secondary} onClick={onClose}>
            Keep reservation
          </button>
          <button type="button" className={`${styles.primary} ${styles.danger}`} disabled={cancelling.isLoading} onClick={() => void confirm()}>
            {cancelling.isLoading ? 'Cancelling…' : 'Cancel reservation'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Reservations() {
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const reservations = useGetReservationsQuery();
  const { hash } = useLocation();
  const linked = hash.slice(1);
  // A link to one reservation (the calendar's) brings its row into view once the rows are here.
  useEffect(() => {
    if (linked && reservations.data) document.getElementById(linked)?.scrollIntoView({ block: 'center' });
  }, [linked, reservations.data]);
  if (reservations.isLoading) return <Skeleton className={styles.rowSkeleton} />;
  if (reservations.isError) {
    return (
      <p className={styles.error} role="alert">
        Your reservations could not be loaded.
      </p>
    );
  }
  const rows = reservations.data ?? [];
  if (rows.length === 0) return <p className={styles.hint}>No upcoming reservations yet.</p>;
  return (
    <>
      <ul className={styles.reservations} aria-label="Upcoming reservations">
        {rows.map((r) => (
          <li
            key={r.booking_id}
            id={reservationAnchor(r.booking_id)}
            className={styles.reservation}
            aria-current={reservationAnchor(r.booking_id) === linked || undefined}
          >
            <strong>{r.guest_name}</strong>
            <span>{r.room_title}</span>
            <span>{formatShownRange(r.start_date, r.end_date)}</span>
            <span>
              {r.nights} {r.nights === 1 ? 'night' : 'nights'}
            </span>
            <span className={styles.total}>${Number(r.total).toFixed(2)}</span>
            {r.status === 'requested' ? (
              <RequestAnswer request={r} />
            ) : (
              <button type="button" className={styles.secondary} aria-label={`Cancel the reservation of ${r.guest_name}`} onClick={() => setCancelling(r)}>
                Cancel
              </button>
            )}
          </li>
        ))}
      </ul>
      <CancelReservationDialog reservation={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** What a refused deletion tells the host. */
function deleteProblem(code: string | undefined): string {
  if (code === 'listing_published') return 'A published place cannot be deleted. Unpublish it first.';
  if (code === 'listing_booked') return 'This place has been booked by travellers, so it cannot be deleted.';
  return 'Your draft could not be deleted. Please try again.';
}

/** The dialog asking before a draft is deleted; focus starts on keeping it. */
function DeleteDraftDialog({ listing, onClose }: { listing: HostListing | null; onClose: (deleted: string | null) => void }) {
  const [deleteListing, deleting] = useDeleteListingMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const title = listing ? listing.room['house-title'] || 'Untitled place' : '';

  async function confirm() {
    if (!listing) return;
    setProblem(null);
    const result = await deleteListing(listing.room_id);
    if ('error' in result) {
      setProblem(deleteProblem(result.error?.code));
      return;
    }
    onClose(title);
  }

  const close = () => {
    setProblem(null);
    onClose(null);
  };
  return (
    <Dialog open={listing !== null} onClose={close} title="Delete this draft?" className={dialogStyles.dialog} initialFocus={keepRef}>
      <div className={dialogStyles.body}>
        <p>
          <strong>{title}</strong> and its photos will be deleted. This cannot be undone.
        </p>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <button ref={keepRef} type="button" className={styles.secondary} onClick={close}>
            Keep draft
          </button>
          <button type="button" className={`${styles.primary} ${styles.danger}`} disabled={deleting.isLoading} onClick={() => void confirm()}>
            {deleting.isLoading ? 'Deleting…' : 'Delete draft'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export function Hosting() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsLoggedIn);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname), REDIRECT_DELAY_MS.tripsToLogin);
  const listings = useGetMyListingsQuery(signedIn ? undefined : skipToken);
  const [deleting, setDeleting] = useState<HostListing | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);

  let content;
  if (!signedIn || listings.isLoading) {
    content = <Skeleton className={styles.rowSkeleton} />;
  } else if (listings.isError) {
    content = (
      <p className={styles.error} role="alert">
        Your places could not be loaded.
      </p>
    );
  } else if ((listings.data ?? []).length === 0) {
    content = <p className={styles.hint}>You have not listed a place yet.</p>;
  } else {
    content = (
      <ul className={styles.places} aria-label="Your places">
        {listings.data!.map((listing) => (
          <li key={listing.room_id}>
            <ListingRow listing={listing} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="hosting-title">
      <div className={styles.header}>
        <h1 id="hosting-title" className={styles.title}>
          Your listings
        </h1>
        <div className={styles.headerActions}>
          <Link to="/hosting/earnings" className={styles.secondary}>
            Earnings
          </Link>
          <Link to="/hosting/new" className={styles.primary}>
            List a new place
          </Link>
        </div>
      </div>
      <p className={styles.visuallyHidden} role="status">
        {deleted ? `${deleted} was deleted.` : ''}
      </p>
      {content}
      <DeleteDraftDialog
        listing={deleting}
        onClose={(title) => {
          setDeleting(null);
          if (title) setDeleted(title);
        }}
      />
      <h2 className={styles.sectionTitle}>Upcoming reservations</h2>
      {signedIn ? <Reservations /> : <Skeleton className={styles.rowSkeleton} />}
      {signedIn && <GuestReviews />}
    </section>
  );
}
