import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { GuestCounter } from 'shared/ui';
import { GUEST_KINDS, guestSummary } from 'shared/rules';
import { useStayGuests } from '../hooks/useStay';
import styles from './GuestPicker.module.css';

/** The price card's guests field: a panel of guest counters, capped at the listing's capacity. */
export function GuestPicker({ maxGuests }: { maxGuests: number }) {
  const { counts, setCounts } = useStayGuests();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const Chevron = open ? ChevronUp : ChevronDown;
  return (
    <div
      ref={rootRef}
      className={styles.picker}
      onBlur={(event) => {
        // Tabbing out of the picker closes it, as an outside click does.
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.field}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.label}>Guests</span>
        <span className={styles.value}>{guestSummary(counts)}</span>
        <Chevron size={18} aria-hidden className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {GUEST_KINDS.map((kind) => (
          <GuestCounter key={kind} kind={kind} counts={counts} onChange={setCounts} maxPeople={maxGuests} />
        ))}
        <p className={styles.note}>
          This place has a maximum of {maxGuests} {maxGuests === 1 ? 'guest' : 'guests'}, not including infants.
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.close}
            onClick={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          >
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
