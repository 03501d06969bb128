/**
 * A stay's price lines, as the database's quote_stay() gives them (shared/api StayQuote): the
 * nightly USD rate x nights, any weekly or monthly discount, the host's cleaning fee (when they
 * charge one), the service fee and the total. The listing's price card, the booking page and a
 * trip (its stored quote) all show this one component, so the price a traveller sees before
 * reserving is the price they pay.
 */
import type { StayQuote } from '../api/roomsApi';
import styles from './PriceBreakdown.module.css';

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

export function PriceBreakdown({ quote }: { quote: StayQuote }) {
  const { nights, nightly, nights_total, discount, cleaning_fee, service_fee, total } = quote;
  return (
    <dl className={styles.lines}>
      <div className={styles.line}>
        <dt>
          {formatUsd(nightly.usd)} x {nights} {nights === 1 ? 'night' : 'nights'}
        </dt>
        <dd>{formatUsd(nights_total.usd)}</dd>
      </div>
      {discount.usd > 0 && (
        <div className={styles.line}>
          <dt>
            {discount.kind === 'monthly' ? 'Monthly' : 'Weekly'} discount ({discount.percent}%)
          </dt>
          <dd>-{formatUsd(discount.usd)}</dd>
        </div>
      )}
      {cleaning_fee.usd > 0 && (
        <div className={styles.line}>
          <dt>Cleaning fee</dt>
          <dd>{formatUsd(cleaning_fee.usd)}</dd>
        </div>
      )}
      <div className={styles.line}>
        <dt>Service fee</dt>
        <dd>{formatUsd(service_fee.usd)}</dd>
      </div>
      <div className={`${styles.line} ${styles.total}`}>
        <dt>Total (USD)</dt>
        <dd>{formatUsd(total.usd)}</dd>
      </div>
    </dl>
  );
}
