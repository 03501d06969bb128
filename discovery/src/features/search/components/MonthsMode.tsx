import { useState } from 'react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { toIsoDay, formatDialDate, monthsModeRange } from 'shared/rules';
import { setCurDot, setStartDurationDate } from 'shared/state';
import { selectCurDot, selectStartDurationDate } from '../form';
import { CalendarModal } from './CalendarModal';
import { MonthDial } from './MonthDial';
import styles from './Panels.module.css';

/** Months mode: the dial for the trip's length, and its start and end dates under it. */
export function MonthsMode({ showTitle = true }: { showTitle?: boolean }) {
  const dispatch = useAppDispatch();
  const curDot = useAppSelector(selectCurDot);
  const chosenStart = useAppSelector(selectStartDurationDate);
  const [modalOpen, setModalOpen] = useState(false);
  const start = chosenStart ?? toIsoDay(new Date());
  const end = monthsModeRange(start, curDot).end ?? start;
  return (
    <div className={styles.monthsMode}>
      {showTitle && <h2 className={styles.modeTitle}>When&apos;s your trip?</h2>}
      <MonthDial value={curDot} onChange={(next) => dispatch(setCurDot(next))} />
      <p className={styles.startsOn}>
        <button type="button" className={styles.dateLink} onClick={() => setModalOpen(true)} aria-label={`Starting on ${formatDialDate(start)}, change start date`}>
          Starting on <strong>{formatDialDate(start)}</strong>
        </button>
        <button type="button" className={styles.dateLink} onClick={() => setModalOpen(true)} aria-label={`Ending on ${formatDialDate(end)}, change start date`}>
          Ending on <strong>{formatDialDate(end)}</strong>
        </button>
      </p>
      {modalOpen && (
        <CalendarModal
          initialStart={chosenStart}
          onClose={() => setModalOpen(false)}
          onApply={(day) => {
            dispatch(setStartDurationDate(day));
            setModalOpen(false);
          }}
        />
      )}
    </div>
  );
}
