/**
 * The listing editor's form steps other than category and photos: location (a typed place
 * resolved by the backend's geocoder and shown on the map), title and description, capacity,
 * the nightly price in the place's currency with the dollars guests see as the host types (and,
 * when the place has upcoming guests, that their bookings keep their price), the cancellation policy (the terms the trip page
 * and the cancel-booking function apply), and the review with publish / unpublish.
 */
import { useState } from 'react';
import { Link } from 'shared/router';
import { Minus, Plus } from 'lucide-react';
import { useRuntimeConfig } from 'shared/config';
import { CANCELLATION_POLICIES, MAX_NIGHTLY_USD, cancellationPolicyText, type CancellationPolicy } from 'shared/rules';
import { LocationMap } from 'shared/ui';
import { useGetCurrenciesQuery, type ListingFields, type ListingStatus } from '../api/hostingApi';
import { geocodePlace } from '../api/geocode';
import { LIMITS, STEP_TITLES, currencyOf, editPath, guestNightlyUsd, type Step } from '../listingDraft';
import styles from './Hosting.module.css';

interface StepProps {
  fields: ListingFields;
  onChange: (patch: Partial<ListingFields>) => void;
}

export function LocationStep({ fields, onChange }: StepProps) {
  const config = useRuntimeConfig();
  const [query, setQuery] = useState(fields.city ? `${fields.city}, ${fields.country}` : '');
  const [state, setState] = useState<'idle' | 'looking' | 'notFound' | 'failed'>('idle');
  const located = Number.isFinite(fields.lat) && Number.isFinite(fields.lng);

  async function find() {
    if (query.trim() === '') return;
    setState('looking');
    try {
      const place = await geocodePlace(config.supabaseUrl, query);
      if (!place) {
        setState('notFound');
        return;
      }
      onChange({ city: place.city, country: place.country, lat: place.lat, lng: place.lng });
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className={styles.fields}>
      <label className={styles.field}>
        <span>Street address</span>
        <input
          value={fields.address}
          maxLength={LIMITS.address}
          autoComplete="street-address"
          onChange={(event) => onChange({ address: event.target.value })}
        />
      </label>
      <div className={styles.lookup}>
        <label className={styles.field}>
          <span>City and country</span>
          <input
            value={query}
            placeholder="e.g. Lisbon, Portugal"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void find();
              }
            }}
          />
        </label>
        <button type="button" className={styles.secondary} onClick={() => void find()} disabled={state === 'looking'}>
          Find on map
        </button>
      </div>
      <p className={styles.hint} role="status">
        {state === 'looking' && 'Looking for it…'}
        {state === 'notFound' && 'No such place was found. Try the city and its country.'}
        {state === 'failed' && 'The map could not be reached. Please try again.'}
        {state === 'idle' && located && `Your place is in ${fields.city}, ${fields.country}.`}
      </p>
      {located && <LocationMap lat={fields.lat} lng={fields.lng} place={`${fields.city}, ${fields.country}`} />}
    </div>
  );
}

export function DescriptionStep({ fields, onChange }: StepProps) {
  return (
    <div className={styles.fields}>
      <div className={styles.field}>
        <label htmlFor="listing-title">Title</label>
        <input
          id="listing-title"
          value={fields.title}
          maxLength={LIMITS.title}
          aria-describedby="listing-title-count"
          onChange={(event) => onChange({ title: event.target.value })}
        />
        <small id="listing-title-count" className={styles.hint}>
          {fields.title.length}/{LIMITS.title} characters
        </small>
      </div>
      <label className={styles.field}>
        <span>Description</span>
        <textarea
          rows={6}
          value={fields.description}
          maxLength={LIMITS.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </label>
    </div>
  );
}

const COUNTERS = [
  ['guests', 'Guests'],
  ['bedrooms', 'Bedrooms'],
  ['beds', 'Beds'],
  ['baths', 'Bathrooms'],
] as const;

export function CapacityStep({ fields, onChange }: StepProps) {
  return (
    <ul className={styles.counters}>
      {COUNTERS.map(([key, label]) => {
        const [min, max] = LIMITS[key];
        const value = fields[key];
        return (
          <li key={key} className={styles.counter}>
            <span id={`count-${key}`}>{label}</span>
            <div className={styles.counterControls}>
              <button
                type="button"
                aria-label={`Fewer ${label.toLowerCase()}`}
                disabled={value <= min}
                onClick={() => onChange({ [key]: value - 1 })}
              >
                <Minus size={16} aria-hidden="true" />
              </button>
              <output aria-labelledby={`count-${key}`}>{value}</output>
              <button
                type="button"
                aria-label={`More ${label.toLowerCase()}`}
                disabled={value >= max}
                onClick={() => onChange({ [key]: value + 1 })}
              >
                <Plus size={16} aria-hidden="true" />
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const dollars = (usd: number) => `$${usd.toLocaleString('en-US')}`;
/** The largest discount a host may give (the database's rooms_*_discount_check). */
const MAX_DISCOUNT_PERCENT = 90;

interface PriceStepProps extends StepProps {
  /** The place's confirmed stays still to come. */
  upcomingStays: number;
}

export function PriceStep({ fields, onChange, upcomingStays }: PriceStepProps) {
  const currencies = useGetCurrenciesQuery().data;
  const currency = currencyOf(fields, currencies);
  const usd = guestNightlyUsd(fields, currencies);
  const codes = Object.keys(currencies?.perUsd ?? { [currency]: 1 }).sort();
  return (
    <div className={styles.fields}>
      <label className={styles.field}>
        <span>Currency</span>
        <select value={currency} disabled={!currencies} onChange={(event) => onChange({ currency: event.target.value })}>
          {codes.map((code) => (
            <option key={code} value={code}>
              {code} · {currencyNames.of(code)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Nightly price in {currency}</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={fields.price > 0 ? fields.price : ''}
          onChange={(event) => onChange({ price: event.target.value === '' ? 0 : Number(event.target.value) })}
        />
      </label>
      <p className={styles.usd} aria-live="polite">
        {typeof usd === 'number' ? (
          <>
            Guests see <strong>{dollars(usd)}</strong> night
          </>
        ) : (
          usd === null && `A whole number of ${currency}, worth at most ${dollars(MAX_NIGHTLY_USD)} a night.`
        )}
      </p>
      <label className={styles.field}>
        <span>Cleaning fee in {currency}</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={fields.cleaning_fee}
          onChange={(event) => onChange({ cleaning_fee: event.target.value === '' ? 0 : Number(event.target.value) })}
        />
      </label>
      <div className={styles.discounts}>
        <label className={styles.field}>
          <span>Weekly discount (%)</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DISCOUNT_PERCENT}
            step={1}
            value={fields.weekly_discount}
            onChange={(event) => onChange({ weekly_discount: event.target.value === '' ? 0 : Number(event.target.value) })}
          />
        </label>
        <label className={styles.field}>
          <span>Monthly discount (%)</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DISCOUNT_PERCENT}
            step={1}
            value={fields.monthly_discount}
            onChange={(event) => onChange({ monthly_discount: event.target.value === '' ? 0 : Number(event.target.value) })}
          />
        </label>
      </div>
      <p className={styles.hint}>
        A stay of 7 nights or more gets the weekly discount off its nights, one of 28 or more the monthly one; 0 is none.
        Guests pay in US dollars, converted at Homestory&apos;s stored exchange rate.
      </p>
      {upcomingStays > 0 && (
        <p className={styles.notice} role="note">
          This place has {upcomingStays === 1 ? '1 upcoming booking' : `${upcomingStays} upcoming bookings`}. A new price
          applies to new bookings only: booked guests keep the price they paid.
        </p>
      )}
    </div>
  );
}

const POLICY_NAMES: Record<CancellationPolicy, string> = { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict' };

export function CancellationStep({ fields, onChange }: StepProps) {
  return (
    <fieldset className={styles.policies}>
      <legend className={styles.visuallyHidden}>Cancellation policy</legend>
      {CANCELLATION_POLICIES.map((policy) => {
        const chosen = fields.cancellation_policy === policy;
        return (
          <label key={policy} className={chosen ? `${styles.policy} ${styles.chosen}` : styles.policy}>
            <input
              type="radio"
              name="cancellation_policy"
              value={policy}
              checked={chosen}
              aria-describedby={`policy-${policy}-terms`}
              onChange={() => onChange({ cancellation_policy: policy })}
            />
            <span className={styles.policyName}>{POLICY_NAMES[policy]}</span>
            <span id={`policy-${policy}-terms`} className={styles.policyTerms}>
              {cancellationPolicyText(policy).terms}
            </span>
          </label>
        );
      })}
      <p className={styles.hint}>Trips already booked keep the policy they were booked under.</p>
    </fieldset>
  );
}

interface PublishStepProps {
  fields: ListingFields;
  missing: Step[];
  status: ListingStatus;
  roomId: number;
  busy: boolean;
  onPublish: (published: boolean) => void;
}

export function PublishStep({ fields, missing, status, roomId, busy, onPublish }: PublishStepProps) {
  const config = useRuntimeConfig();
  const usd = guestNightlyUsd(fields, useGetCurrenciesQuery().data);
  const cover = fields.images[0];
  return (
    <div className={styles.review}>
      <div className={styles.reviewCard}>
        {cover && <img src={new URL(cover, config.supabaseUrl).toString()} alt="" width={400} height={267} className={styles.reviewPhoto} />}
        <div>
          <p className={styles.reviewTitle}>{fields.title || 'Untitled place'}</p>
          <p className={styles.hint}>{[fields.city, fields.country].filter(Boolean).join(', ')}</p>
          {typeof usd === 'number' && <p>{dollars(usd)} night</p>}
          <p className={styles.hint}>{POLICY_NAMES[fields.cancellation_policy]} cancellation policy</p>
          <p className={status === 'published' ? styles.badgePublished : styles.badgeDraft}>{status === 'published' ? 'Published' : 'Draft'}</p>
        </div>
      </div>
      {missing.length > 0 ? (
        <div role="status">
          <p>Before publishing, complete:</p>
          <ul className={styles.missing}>
            {missing.map((step) => (
              <li key={step}>
                <Link to={editPath(roomId, step)}>{STEP_TITLES[step]}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {status === 'published' ? (
        <div className={styles.actionsEnd}>
          <Link to={`/house/${roomId}`} className={styles.secondary}>
            View listing
          </Link>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => onPublish(false)}>
            Unpublish
          </button>
        </div>
      ) : (
        <button type="button" className={styles.primary} disabled={busy || missing.length > 0} onClick={() => onPublish(true)}>
          Publish
        </button>
      )}
    </div>
  );
}
