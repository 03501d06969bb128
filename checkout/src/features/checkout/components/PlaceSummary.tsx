/**
 * The right-hand card: the place (cover photo, title, rating) and Price details: the stay's quote
 * (quote_stay, the price the server charges: nights, any discount, the cleaning fee, the service
 * fee and the total), and the cancellation policy the payment is made under. While the place
 * loads, a placeholder of the same size holds its box: the photo's 106 px sets the place row's
 * height (the title is kept to two lines, the location to one), the price rows are the same lines
 * and the policy's box is three lines, loaded or not, so nothing moves when the place or the policy
 * arrives.
 */
import { Star } from 'lucide-react';
import type { Room, StayQuote } from 'shared/api';
import { resolveImageUrl, useRuntimeConfig } from 'shared/config';
import { cancellationPolicyText, showsRating, type CancellationPolicy } from 'shared/rules';
import { formatUsd, PriceBreakdown, Skeleton } from 'shared/ui';
import styles from './BookingPage.module.css';

export function PlaceSummary({
  room,
  nights,
  quote,
  policy,
}: {
  room: Room;
  nights: number;
  /** The stay's quote, once loaded (with nights). */
  quote?: StayQuote;
  policy?: CancellationPolicy;
}) {
  const config = useRuntimeConfig();
  const cover = room.images[0];
  return (
    <div className={styles.summaryCard}>
      <div className={styles.place}>
        {cover ? (
          <img
            className={styles.placeImage}
            src={resolveImageUrl(config, cover)}
            alt=""
            width={124}
            height={106}
            decoding="async"
          />
        ) : (
          <div className={styles.placeImage} />
        )}
        <div className={styles.placeText}>
          <p className={styles.placeTitle}>{room['house-title']}</p>
          <p className={`${styles.muted} ${styles.placeLocation}`}>
            {room.city}
            {room.city && room.country ? ', ' : ''}
            {room.country}
          </p>
          {showsRating(room.house_rating) && (
            <p className={styles.rating}>
              <Star size={12} aria-hidden fill="currentColor" />
              <span>
                {Number(room.house_rating).toFixed(2)} <span className={styles.muted}>{room.rating_count}</span>
              </span>
            </p>
          )}
        </div>
      </div>
      <hr className={styles.rule} />
      <h2 className={styles.sectionTitle}>Price details</h2>
      {nights === 0 ? (
        <p className={`${styles.muted} ${styles.perNight}`}>
          {formatUsd(room.nightly_usd ?? 0)} per night. Add your dates to see the total.
        </p>
      ) : quote ? (
        <PriceBreakdown quote={quote} />
      ) : (
        <PricePlaceholder />
      )}
      {policy ? (
        <p className={`${styles.muted} ${styles.policy}`}>
          <strong>Cancellation policy:</strong> {cancellationPolicyText(policy).terms}
        </p>
      ) : (
        <PolicyPlaceholder />
      )}
    </div>
  );
}

const PRICE_ROWS = ['nights', 'cleaning', 'service', 'total'] as const;

/** A grey bar standing for a line of text: inline, so the line keeps its height. */
function TextLine({ width }: { width: string }) {
  return <Skeleton shape="text" width={width} style={{ display: 'inline-block', maxWidth: '100%', verticalAlign: 'middle' }} />;
}

/** The price lines while the quote loads: the same rows, grey. */
function PricePlaceholder() {
  return (
    <div className={styles.prices} aria-hidden="true">
      {PRICE_ROWS.map((row) => (
        <div key={row} className={row === 'total' ? styles.total : undefined}>
          <TextLine width={row === 'nights' ? '8em' : '6em'} />
          <TextLine width="3em" />
        </div>
      ))}
    </div>
  );
}

/** The policy's line while it loads: its box, grey where the text will be. */
function PolicyPlaceholder() {
  return (
    <p className={styles.policy} aria-hidden="true">
      <TextLine width="14em" />
    </p>
  );
}

/** The card's placeholder while the place loads: the same rows, grey where the text will be. */
export function PlaceSummaryPlaceholder({ nights }: { nights: number }) {
  return (
    <div className={styles.summaryCard} role="status">
      <span className="visually-hidden">Loading the place…</span>
      <div className={styles.place} aria-hidden="true">
        <div className={styles.placeImage} />
        <div className={styles.placeText}>
          <p>
            <TextLine width="10em" />
          </p>
          <p>
            <TextLine width="7em" />
          </p>
        </div>
      </div>
      <hr className={styles.rule} />
      <h2 className={styles.sectionTitle} aria-hidden="true">
        Price details
      </h2>
      {nights > 0 ? (
        <PricePlaceholder />
      ) : (
        <p className={styles.perNight} aria-hidden="true">
          <TextLine width="12em" />
        </p>
      )}
      <PolicyPlaceholder />
    </div>
  );
}
