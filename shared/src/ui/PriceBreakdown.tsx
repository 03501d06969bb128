/**
 * A stay's price lines: the nightly USD rate x nights, the cleaning fee, the service fee and the
 * total, from `checkoutTotals` (shared/rules/pricing), the rule the payment server charges by.
 * The listing's price card and the booking page both show this one component, so the price a
 * traveller sees before reserving is the price they pay.
 */
import { checkoutTotals } from 'shared/rules';
import styles from './PriceBreakdown.module.css';

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

export function PriceBreakdown({ nightlyUsd, nights }: { nightlyUsd: number; nights: number }) {
  const totals = checkoutTotals(nightlyUsd, nights);
  return (
    <dl className={styles.lines}>
      <div className={styles.line}>
        <dt>
          {formatUsd(nightlyUsd)} x {nights} {nights === 1 ? 'night' : 'nights'}
        </dt>
        <dd>{formatUsd(totals.nightsSubtotal)}</dd>
      </div>
      <div className={styles.line}>
        <dt>Cleaning fee</dt>
        <dd>{formatUsd(totals.cleaningFee)}</dd>
      </div>
      <div className={styles.line}>
        <dt>Service fee</dt>
        <dd>{formatUsd(totals.serviceFee)}</dd>
      </div>
      <div className={`${styles.line} ${styles.total}`}>
        <dt>Total (USD)</dt>
        <dd>{formatUsd(totals.total)}</dd>
      </div>
    </dl>
  );
}
