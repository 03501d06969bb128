import { type IsoDay, formatShownDate } from 'shared/rules';
import { formatUsd, PriceBreakdown } from 'shared/ui';
import { scrollToSection } from '../../../hooks/useScroll';
import { useReserve, useStayDates, useStayProblem, useStayQuote } from '../hooks/useStay';
import { DATES_UNAVAILABLE_TEXT } from '../stayProblem';
import { GuestPicker } from './GuestPicker';
import { STAY_CALENDAR_ID } from './StayCalendar';
import styles from './PriceCard.module.css';

function cardDate(day: IsoDay | null): string {
  return day === null ? 'Add date' : formatShownDate(day);
}

function showCalendar() {
  scrollToSection(STAY_CALENDAR_ID);
  document.getElementById(STAY_CALENDAR_ID)?.focus({ preventScroll: true });
}

export interface PriceCardProps {
  roomId: number;
  /** The listing's night in whole US dollars ("Rooms".nightly_usd). */
  nightlyUsd: number;
  maxGuests: number;
}

/**
 * The sticky price card. Without both dates: 'Add dates for prices' and a disabled 'Check
 * availability'. With both: the nightly price, Reserve and the stay's price lines (its quote),
 * the booking page's own (shared/ui/PriceBreakdown), so the total is the amount charged.
 */
export function PriceCard({ roomId, nightlyUsd, maxGuests }: PriceCardProps) {
  const { range, hasBothDates } = useStayDates();
  const reserve = useReserve(roomId);
  const problem = useStayProblem(roomId, maxGuests);
  const quote = useStayQuote(roomId);
  const priced = hasBothDates && problem !== DATES_UNAVAILABLE_TEXT;
  return (
    <section className={styles.card} aria-labelledby="price-card-heading">
      <h2 id="price-card-heading" className={styles.heading}>
        {priced ? (
          <>
            <span className={styles.price}>{formatUsd(nightlyUsd)}</span> night
          </>
        ) : (
          'Add dates for prices'
        )}
      </h2>
      <div className={styles.fields}>
        <div className={styles.dates}>
          <button type="button" className={styles.date} onClick={showCalendar}>
            <span className={styles.label}>Check-in</span>
            <span className={styles.value}>{cardDate(range.start)}</span>
          </button>
          <button type="button" className={styles.date} onClick={showCalendar}>
            <span className={styles.label}>Checkout</span>
            <span className={styles.value}>{cardDate(range.end)}</span>
          </button>
        </div>
        <GuestPicker maxGuests={maxGuests} />
      </div>
      {priced ? (
        <>
          <button type="button" className={styles.reserve} onClick={reserve} disabled={problem !== null}>
            Reserve
          </button>
          <p className={problem ? styles.problem : styles.note} aria-live="polite">
            {problem ?? "You won't be charged yet"}
          </p>
          <div className={styles.breakdown} aria-busy={quote === undefined}>
            {quote && <PriceBreakdown quote={quote} />}
          </div>
        </>
      ) : (
        <>
          <button type="button" className={styles.reserve} disabled>
            Check availability
          </button>
          <p className={styles.problem} aria-live="polite">
            {problem}
          </p>
        </>
      )}
    </section>
  );
}
