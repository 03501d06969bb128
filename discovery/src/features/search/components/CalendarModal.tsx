/**
 * The calendar modal of months mode: 'Choose a start date', a 'Clear dates' link and Apply.
 * A real dialog: labelled, focus kept inside, Escape closes, focus returns to the opener.
 */
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { NO_DATES, toIsoDay, type IsoDay } from 'shared/rules';
import { Calendar } from 'shared/ui';
import { useDialogFocus } from '../hooks/useDialogFocus';
import styles from './CalendarModal.module.css';

export interface CalendarModalProps {
  initialStart: IsoDay | null;
  onApply: (start: IsoDay | null) => void;
  onClose: () => void;
}

export function CalendarModal({ initialStart, onApply, onClose }: CalendarModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<IsoDay | null>(initialStart);
  useDialogFocus(dialogRef, onClose);
  return createPortal(
    // A pointer on the backdrop closes; keyboard users have Escape and the dialog's buttons.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={styles.backdrop} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="calendar-modal-title"
        data-search-layer
        tabIndex={-1}
      >
        <div className={styles.header}>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <X size={16} aria-hidden />
          </button>
          <h2 id="calendar-modal-title" className={styles.title}>
            Choose a start date
          </h2>
        </div>
        <Calendar
          range={{ start, end: null }}
          today={toIsoDay(new Date())}
          monthsShown={1}
          label="Start date"
          onChange={({ day }) => setStart(day)}
        />
        <div className={styles.footer}>
          <button type="button" className={styles.clear} onClick={() => setStart(NO_DATES.start)}>
            Clear dates
          </button>
          <button type="button" className={styles.apply} onClick={() => onApply(start)}>
            Apply
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
