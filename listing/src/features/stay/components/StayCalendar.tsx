import { useState } from 'react';
import { Calendar } from 'shared/ui';
import { calendarHeading, toIsoDay, formatShownRange } from 'shared/rules';
import { useStayDates } from '../hooks/useStay';
import { useUnavailableDays } from '../hooks/useUnavailableDays';
import styles from './StayCalendar.module.css';

export const STAY_CALENDAR_ID = 'stay-calendar';

/**
 * The listing's calendar: its heading follows the stay ('Select check-In date', 'Select checkout
 * date', '{n} nights in {city}'); past days, days before the chosen check-in and nights already
 * booked cannot be chosen; 'Clear dates' resets both dates.
 */
export function StayCalendar({ roomId, city }: { roomId: number; city: string }) {
  const { range, hasBothDates, setRange, clear } = useStayDates();
  const [today] = useState(() => toIsoDay(new Date()));
  const unavailable = useUnavailableDays(roomId, range, today);
  return (
    <section id={STAY_CALENDAR_ID} className={styles.section} aria-labelledby="stay-calendar-heading" tabIndex={-1}>
      <h2 id="stay-calendar-heading" className={styles.heading} aria-live="polite">
        {calendarHeading(range, city)}
      </h2>
      <p className={styles.subheading}>
        {hasBothDates
          ? formatShownRange(range.start!, range.end!)
          : 'Add your travel dates for exact pricing'}
      </p>
      <Calendar
        range={range}
        onChange={(change) => setRange(change.range)}
        today={today}
        oneMonthUpTo={743}
        disabledDates={unavailable}
        strikeBeforeStart
        label="Choose your stay"
      />
      <div className={styles.footer}>
        <button
          type="button"
          className={styles.clear}
          onClick={clear}
          disabled={range.start === null && range.end === null}
        >
          Clear dates
        </button>
      </div>
    </section>
  );
}
