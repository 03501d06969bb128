/**
 * One guest row (Adults, Children, Infants or Pets): title, age line, and decrease/increase
 * buttons around the value. The limits and the "first child adds an adult" rule come from
 * shared/rules/guests; the row only shows them. Used by the search bar's guest panel, the
 * overlay's Who card, the listing price card and the checkout guests dialog.
 */
import { useId, type ReactNode } from 'react';
import { Minus, Plus } from 'lucide-react';
import {
  GUEST_ROW_LABELS,
  canDecrease,
  canIncrease,
  decreaseGuest,
  guestCountText,
  increaseGuest,
  type GuestCounts,
  type GuestKind,
} from 'shared/rules';
import styles from './GuestCounter.module.css';

export interface GuestCounterProps {
  kind: GuestKind;
  counts: GuestCounts;
  onChange: (next: GuestCounts) => void;
  /** Replaces the age line (the pets row's 'Bringing a service animal?' link). */
  subtitle?: ReactNode;
  /** Extra cap from the listing (max guests); adults plus children never exceed it. */
  maxPeople?: number;
}

export function GuestCounter({ kind, counts, onChange, subtitle, maxPeople }: GuestCounterProps) {
  const { title, ageLabel } = GUEST_ROW_LABELS[kind];
  const lower = title.toLowerCase();
  const people = counts.adults + counts.children;
  const underCap =
    maxPeople === undefined || kind === 'infants' || kind === 'pets'
      ? true
      : people + (kind === 'children' && counts.adults === 0 ? 2 : 1) <= maxPeople;
  const increasable = canIncrease(counts, kind) && underCap;
  const decreasable = canDecrease(counts, kind);
  const titleId = useId();
  const secondLine = subtitle ?? ageLabel;
  return (
    <div className={styles.row} role="group" aria-labelledby={titleId}>
      <div className={styles.text}>
        <span className={styles.title} id={titleId}>
          {title}
        </span>
        {secondLine !== null && <span className={styles.subtitle}>{secondLine}</span>}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.step}
          aria-label={`Decrease ${lower}`}
          disabled={!decreasable}
          onClick={() => onChange(decreaseGuest(counts, kind))}
        >
          <Minus size={14} aria-hidden />
        </button>
        <span className={styles.value} aria-live="polite" aria-atomic="true">
          <span className="visually-hidden">{title}: </span>
          {guestCountText(counts, kind)}
        </span>
        <button
          type="button"
          className={styles.step}
          aria-label={`Increase ${lower}`}
          disabled={!increasable}
          onClick={() => onChange(increaseGuest(counts, kind))}
        >
          <Plus size={14} aria-hidden />
        </button>
      </div>
    </div>
  );
}
