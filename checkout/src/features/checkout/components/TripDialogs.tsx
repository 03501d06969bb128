/**
 * The two Edit dialogs of Your trip. Dates: the shared calendar with past days and days before
 * the chosen start struck through, booked nights disabled, a blank title, 'Clear dates', and
 * Save disabled until both dates are chosen. Guests: the shared guest rows, capped by the
 * place's capacity. Both work on a copy and change the trip only on Save.
 */
import { useEffect, useState } from 'react';
import { BREAKPOINTS, NO_DATES, type BookedRange, type DateRange, GUEST_KINDS, type GuestCounts } from 'shared/rules';
import { Calendar, Dialog, GuestCounter } from 'shared/ui';
import styles from './BookingPage.module.css';

interface DatesDialogProps {
  open: boolean;
  range: DateRange;
  bookedRanges: readonly BookedRange[];
  onClose: () => void;
  onSave: (range: DateRange) => void;
}

export function DatesDialog({ open, range, bookedRanges, onClose, onSave }: DatesDialogProps) {
  const [draft, setDraft] = useState(range);
  useEffect(() => {
    if (open) setDraft(range);
  }, [open, range]);
  const complete = draft.start !== null && draft.end !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<span className="visually-hidden">Change dates</span>}
    >
      <Calendar
        range={draft}
        onChange={(change) => setDraft(change.range)}
        oneMonthUpTo={BREAKPOINTS.detailSmallUpTo}
        bookedRanges={bookedRanges}
        strikeBeforeStart
        label="Dates of your stay"
        compact
      />
      <div className={styles.dialogActions}>
        <button type="button" className={styles.linkButton} onClick={() => setDraft(NO_DATES)}>
          Clear dates
        </button>
        <button type="button" className={styles.darkButton} disabled={!complete} onClick={() => onSave(draft)}>
          Save
        </button>
      </div>
    </Dialog>
  );
}

interface GuestsDialogProps {
  open: boolean;
  guests: GuestCounts;
  maxGuests: number | undefined;
  onClose: () => void;
  onSave: (guests: GuestCounts) => void;
}

export function GuestsDialog({ open, guests, maxGuests, onClose, onSave }: GuestsDialogProps) {
  const [draft, setDraft] = useState(guests);
  useEffect(() => {
    if (open) setDraft(guests);
  }, [open, guests]);
  return (
    <Dialog open={open} onClose={onClose} title="Guests">
      {maxGuests !== undefined && (
        <p className={styles.dialogText}>
          This place has a maximum of {maxGuests} {maxGuests === 1 ? 'guest' : 'guests'}, not including infants.
        </p>
      )}
      <div className={styles.guestRows}>
        {GUEST_KINDS.map((kind) => (
          <GuestCounter key={kind} kind={kind} counts={draft} onChange={setDraft} maxPeople={maxGuests} />
        ))}
      </div>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.linkButton} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={styles.darkButton} onClick={() => onSave(draft)}>
          Save
        </button>
      </div>
    </Dialog>
  );
}
