import { useState } from 'react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { CALENDAR_HINT_CHIPS } from 'shared/rules/constants';
import { toIsoDay } from 'shared/rules/dateSelection';
import { selectDay } from 'shared/state/formSlice';
import { Calendar } from 'shared/ui/calendar';
import { selectDateRange } from '../form';
import styles from './Panels.module.css';

/** Dates mode: the calendar (the date-selection machine) and the hint chips under it. */
export function DatesMode({ monthsShown }: { monthsShown: 1 | 2 }) {
  const dispatch = useAppDispatch();
  const range = useAppSelector(selectDateRange);
  const [chip, setChip] = useState<string>(CALENDAR_HINT_CHIPS[0]);
  const today = toIsoDay(new Date());
  return (
    <div className={styles.datesMode}>
      <Calendar
        range={range}
        today={today}
        monthsShown={monthsShown}
        label="Choose dates"
        onChange={({ day }) => dispatch(selectDay({ day, today }))}
      />
      <div className={styles.chips} role="group" aria-label="Date flexibility">
        {CALENDAR_HINT_CHIPS.map((text) => (
          <button key={text} type="button" className={styles.chip} aria-pressed={chip === text} onClick={() => setChip(text)}>
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}
