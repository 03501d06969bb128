/**
 * /hosting/new and /hosting/:id/edit/:step: a place listed in steps (issue 16): category,
 * location, photos, title and description, capacity, amenities, house rules and check-in (issue
 * 29), price, cancellation policy, then review and publish. Each step's
 * Next saves that step's fields (a draft is saved as it goes) and opens the next; 'Save & exit'
 * saves and goes back to the host's places. /hosting/new shows the category step and creates the
 * draft when the host goes on, so that an abandoned visit leaves no empty place behind. Once the
 * photos are saved, the photos the place no longer shows (removed, or uploaded and dropped before
 * saving) are removed from Storage. Signed out, the page sends the visitor to /login, returning
 * here.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import { CATEGORIES, REDIRECT_DELAY_MS } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { useRedirectWhenSignedOut } from 'shared/session';
import {
  useCreateListingMutation,
  useGetMyListingsQuery,
  useGetReservationsQuery,
  useRemovePhotosMutation,
  useSaveListingMutation,
  useSetPublishedMutation,
  type ListingFields,
} from '../api/hostingApi';
import {
  STEPS,
  STEP_TITLES,
  editPath,
  fieldsOf,
  fieldsOfStep,
  isStep,
  missingFor,
  nextStep,
  photosDropped,
  previousStep,
  type Step,
} from '../listingDraft';
import { CancellationStep, CapacityStep, DescriptionStep, LocationStep, PriceStep, PublishStep } from './steps';
import { BookingModeStep } from './BookingModeStep';
import { PhotosStep } from './PhotosStep';
import { AmenitiesStep, HouseRulesStep } from './FactsSteps';
import { NotYourPlace, PlacePageLoading } from './PlacePageStates';
import styles from './Hosting.module.css';

export function ListingEditor() {
  const params = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsLoggedIn);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname + search), REDIRECT_DELAY_MS.tripsToLogin);

  const id = params.id === undefined ? null : Number(params.id);
  const step: Step = isStep(params.step) ? params.step : 'category';
  const listings = useGetMyListingsQuery(signedIn ? undefined : skipToken);
  const listing = id === null ? null : (listings.data?.find((l) => l.room_id === id) ?? null);
  // The place's upcoming guests, for the price step's notice that their bookings keep their price.
  const reservations = useGetReservationsQuery(signedIn && id !== null && step === 'price' ? undefined : skipToken);
  const upcomingStays = reservations.data?.filter((r) => r.room_id === id).length ?? 0;

  const [fields, setFields] = useState<ListingFields>(() => fieldsOf(null));
  const [loadedId, setLoadedId] = useState<number | null>(null);
  // Every photo the place showed or the host uploaded here: what a save of the photos may drop.
  const photosSeen = useRef(new Set<string>());
  useEffect(() => {
    // The form starts from the saved row once, when it arrives (later refetches keep the edits).
    if (listing && loadedId !== listing.room_id) {
      setFields(fieldsOf(listing.room, listing.cancellation_policy, listing, listing.facts));
      for (const path of listing.room.images) photosSeen.current.add(path);
      setLoadedId(listing.room_id);
    }
  }, [listing, loadedId]);

  const [createListing, creating] = useCreateListingMutation();
  const [saveListing, saving] = useSaveListingMutation();
  const [setPublished, publishing] = useSetPublishedMutation();
  const [removePhotos] = useRemovePhotosMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = creating.isLoading || saving.isLoading || publishing.isLoading;
  const missing = useMemo(() => missingFor(fields), [fields]);

  const update = (patch: Partial<ListingFields>) => {
    for (const path of patch.images ?? []) photosSeen.current.add(path);
    setFields((current) => ({ ...current, ...patch }));
  };

  /** Saves this step's fields (creating the draft first on /hosting/new); the place's id, or null. */
  async function saveStep(): Promise<number | null> {
    setError(null);
    let roomId = id;
    if (roomId === null) {
      const created = await createListing();
      if ('error' in created) {
        // 42501: not allowed to host; signed in, that is a guest's account (anonymous sign-in).
        const refused = created.error && 'code' in created.error && created.error.code === '42501';
        setError(refused ? 'A guest cannot host: create an account in Account settings to list a place.' : 'Your place could not be created. Please try again.');
        return null;
      }
      roomId = created.data;
      // The form is the new place's truth: the list refetched meanwhile may predate this save.
      setLoadedId(roomId);
    }
    const patch = fieldsOfStep(step, fields);
    if (Object.keys(patch).length > 0) {
      const saved = await saveListing({ id: roomId, fields: patch });
      if ('error' in saved) {
        setError(saved.error && 'message' in saved.error ? String(saved.error.message) : 'Your changes could not be saved.');
        return null;
      }
      if (patch.images) {
        // Saved without them: Storage may let them go (it keeps any another place still shows).
        const dropped = photosDropped(photosSeen.current, patch.images);
        photosSeen.current = new Set(patch.images);
        if (dropped.length > 0) void removePhotos(dropped);
      }
    }
    return roomId;
  }

  async function onNext(event: FormEvent) {
    event.preventDefault();
    const roomId = await saveStep();
    const next = nextStep(step);
    if (roomId !== null && next) void navigate(editPath(roomId, next), { replace: id === null });
  }

  async function onSaveAndExit() {
    const roomId = await saveStep();
    if (roomId !== null) void navigate('/hosting');
  }

  async function onPublish(published: boolean) {
    if (id === null) return;
    setError(null);
    const result = await setPublished({ id, published });
    if ('error' in result) {
      setError(published ? 'Your place is not complete yet.' : 'Your place could not be unpublished.');
      return;
    }
    if (published) void navigate('/hosting', { state: { published: id } });
  }

  if (!signedIn || (id !== null && listings.isLoading)) {
    return <PlacePageLoading />;
  }
  if (id !== null && !listing) {
    return <NotYourPlace />;
  }

  const previous = previousStep(step);
  const stepNumber = STEPS.indexOf(step) + 1;
  const canGoOn = step !== 'category' || fields.category !== '';

  return (
    <section className={styles.page} aria-labelledby="step-title">
      <p className={styles.progressText}>
        Step {stepNumber} of {STEPS.length}
      </p>
      <div className={styles.progress} aria-hidden="true">
        <div className={styles.progressBar} style={{ width: `${(stepNumber / STEPS.length) * 100}%` }} />
      </div>
      <form className={styles.form} onSubmit={(event) => void onNext(event)}>
        <h1 id="step-title" className={styles.title}>
          {STEP_TITLES[step]}
        </h1>
        {step === 'category' && (
          <fieldset className={styles.categories}>
            <legend className={styles.visuallyHidden}>Category</legend>
            {CATEGORIES.map((category) => (
              <label key={category} className={fields.category === category ? `${styles.category} ${styles.chosen}` : styles.category}>
                <input
                  type="radio"
                  name="category"
                  value={category}
                  checked={fields.category === category}
                  onChange={() => update({ category })}
                />
                {category}
              </label>
            ))}
          </fieldset>
        )}
        {step === 'location' && <LocationStep fields={fields} onChange={update} />}
        {step === 'photos' && <PhotosStep images={fields.images} onChange={(images) => update({ images })} />}
        {step === 'description' && <DescriptionStep fields={fields} onChange={update} />}
        {step === 'capacity' && <CapacityStep fields={fields} onChange={update} />}
        {step === 'amenities' && <AmenitiesStep fields={fields} onChange={update} />}
        {step === 'rules' && <HouseRulesStep fields={fields} onChange={update} />}
        {step === 'price' && <PriceStep fields={fields} onChange={update} upcomingStays={upcomingStays} />}
        {step === 'cancellation' && <CancellationStep fields={fields} onChange={update} />}
        {step === 'cancellation' && id !== null && <BookingModeStep roomId={id} />}
        {step === 'publish' && listing && (
          <PublishStep
            fields={fields}
            missing={missing}
            status={listing.status}
            roomId={listing.room_id}
            busy={busy}
            onPublish={(published) => void onPublish(published)}
          />
        )}

        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}

        <div className={styles.actions}>
          {previous && id !== null ? (
            <Link to={editPath(id, previous)} className={styles.back}>
              Back
            </Link>
          ) : (
            <Link to="/hosting" className={styles.back}>
              Cancel
            </Link>
          )}
          <div className={styles.actionsEnd}>
            {step !== 'publish' && (
              <button type="button" className={styles.secondary} disabled={busy || !canGoOn} onClick={() => void onSaveAndExit()}>
                Save &amp; exit
              </button>
            )}
            {step !== 'publish' && (
              <button type="submit" className={styles.primary} disabled={busy || !canGoOn}>
                Next
              </button>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}
