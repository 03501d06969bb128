/**
 * How guests book a place (issue 42), beside its cancellation policy: instantly (the stay is
 * confirmed when the guest pays, 'Confirm and pay') or on request (the guest's card is held and
 * the host accepts or declines from /hosting within 24 hours, 'Request to book'). Saved as it is
 * chosen (set_instant_book), apart from the step's other fields: the choice is the host's alone
 * and changes no booking already made.
 */
import { useGetInstantBookQuery, useSetInstantBookMutation } from '../api/hostingApi';
import styles from './Hosting.module.css';

const MODES = [
  { instant: true, name: 'Instant', terms: 'Guests book and pay at once; the stay is confirmed.' },
  {
    instant: false,
    name: 'On request',
    terms: 'Guests request to book; their card is held until you accept or decline, within 24 hours.',
  },
] as const;

export function BookingModeStep({ roomId }: { roomId: number }) {
  const mode = useGetInstantBookQuery(roomId);
  const [setInstant, saving] = useSetInstantBookMutation();
  return (
    <fieldset className={`${styles.policies} ${styles.bookingMode}`} aria-describedby="booking-mode-hint">
      <legend className={styles.stepLegend}>How guests book</legend>
      {MODES.map(({ instant, name, terms }) => {
        const chosen = mode.data === instant;
        return (
          <label key={name} className={chosen ? `${styles.policy} ${styles.chosen}` : styles.policy}>
            <input
              type="radio"
              name="booking_mode"
              checked={chosen}
              disabled={mode.data === undefined || saving.isLoading}
              onChange={() => void setInstant({ roomId, instant })}
            />
            <span className={styles.policyName}>{name}</span>
            <span className={styles.policyTerms}>{terms}</span>
          </label>
        );
      })}
      <p id="booking-mode-hint" className={styles.hint} role="status">
        {saving.isError ? 'The booking mode could not be saved.' : 'Saved as you choose; bookings already made are unchanged.'}
      </p>
    </fieldset>
  );
}
