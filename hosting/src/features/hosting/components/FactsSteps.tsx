/**
 * The listing editor's facts (issue 29: only true facts): the amenities the place has, and its
 * house rules and check-in. The listing page shows exactly these; anything left 'Not set' is left
 * out there. save_listing checks every value again.
 */
import {
  AMENITY_KEYS,
  AMENITY_NAMES,
  CHECK_IN_METHODS,
  CHECK_IN_METHOD_NAMES,
  formatHour,
  type AmenityKey,
  type CheckInMethod,
} from 'shared/rules';
import type { ListingFields } from '../api/hostingApi';
import styles from './Hosting.module.css';

interface StepProps {
  fields: ListingFields;
  onChange: (patch: Partial<ListingFields>) => void;
}

export function AmenitiesStep({ fields, onChange }: StepProps) {
  const toggle = (key: AmenityKey, on: boolean) =>
    onChange({ amenities: on ? AMENITY_KEYS.filter((k) => k === key || fields.amenities.includes(k)) : fields.amenities.filter((k) => k !== key) });
  return (
    <fieldset className={styles.categories}>
      <legend className={styles.visuallyHidden}>Amenities</legend>
      {AMENITY_KEYS.map((key) => {
        const chosen = fields.amenities.includes(key);
        return (
          <label key={key} className={chosen ? `${styles.category} ${styles.chosen}` : styles.category}>
            <input type="checkbox" name="amenities" value={key} checked={chosen} onChange={(event) => toggle(key, event.target.checked)} />
            {AMENITY_NAMES[key]}
          </label>
        );
      })}
    </fieldset>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const NOT_SET = '';

function HourSelect({
  label,
  value,
  hours,
  disabled = false,
  onChange,
}: {
  label: string;
  value: string | null;
  hours: readonly string[];
  disabled?: boolean;
  onChange: (value: string | null) => void;
}) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select value={value ?? NOT_SET} disabled={disabled} onChange={(event) => onChange(event.target.value || null)}>
        <option value={NOT_SET}>Not set</option>
        {hours.map((hour) => (
          <option key={hour} value={hour}>
            {formatHour(hour)}
          </option>
        ))}
      </select>
    </label>
  );
}

const RULES = [
  ['pets_allowed', 'Pets', 'Pets allowed', 'No pets'],
  ['smoking_allowed', 'Smoking', 'Smoking allowed', 'No smoking'],
  ['parties_allowed', 'Parties or events', 'Parties or events allowed', 'No parties or events'],
] as const;

const yesNo = (value: boolean | null) => (value === null ? NOT_SET : value ? 'yes' : 'no');

export function HouseRulesStep({ fields, onChange }: StepProps) {
  const from = fields.check_in_from;
  return (
    <div className={styles.fields}>
      <fieldset className={styles.factGroup}>
        <legend>Check-in and checkout</legend>
        <HourSelect
          label="Check-in from"
          value={from}
          hours={HOURS}
          onChange={(value) =>
            // An end no longer after the start is dropped, as the server would refuse it.
            onChange({ check_in_from: value, ...(value === null || (fields.check_in_until ?? '99') <= value ? { check_in_until: null } : {}) })
          }
        />
        <HourSelect
          label="Check-in until"
          value={fields.check_in_until}
          hours={HOURS.filter((hour) => from !== null && hour > from)}
          disabled={from === null}
          onChange={(value) => onChange({ check_in_until: value })}
        />
        <HourSelect label="Checkout before" value={fields.checkout_before} hours={HOURS} onChange={(value) => onChange({ checkout_before: value })} />
      </fieldset>
      <label className={styles.field}>
        <span>How guests check in</span>
        <select
          value={fields.check_in_method ?? NOT_SET}
          onChange={(event) => onChange({ check_in_method: (event.target.value || null) as CheckInMethod | null })}
        >
          <option value={NOT_SET}>Not set</option>
          {CHECK_IN_METHODS.map((method) => (
            <option key={method} value={method}>
              {CHECK_IN_METHOD_NAMES[method]}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={styles.factGroup}>
        <legend>House rules</legend>
        {RULES.map(([key, label, yes, no]) => (
          <label key={key} className={styles.field}>
            <span>{label}</span>
            <select
              value={yesNo(fields[key])}
              onChange={(event) => onChange({ [key]: event.target.value === NOT_SET ? null : event.target.value === 'yes' })}
            >
              <option value={NOT_SET}>Not set</option>
              <option value="yes">{yes}</option>
              <option value="no">{no}</option>
            </select>
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>Guests see what you set here on your listing; anything not set is left out.</p>
    </div>
  );
}
