import { useAppDispatch, useAppSelector } from 'shared/store';
import { CALENDAR_HINT_CHIPS, toIsoDay } from 'shared/rules';
import { selectDay, setDateFlexibility } from 'shared/state';
import { Calendar } from 'shared/ui';
import { selectDateFlexibilityDays, selectDateRange } from '../form';
import styles from './Panels.module.css';

/**
 * Dates mode: the calendar (the date-selection machine) and the hint chips under it; a chip of
 * N days lets the search find a stay of the same length up to N days earlier or later.
 */
export function DatesMode({ monthsShown }: { monthsShown: 1 | 2 }) {
  const dispatch = useAppDispatch();
  const range = useAppSelector(selectDateRange);
  const flexibilityDays = useAppSelector(selectDateFlexibilityDays);
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
        {CALENDAR_HINT_CHIPS.map((chip) => (
          <button
            key={chip.days}
            type="button"
            className={styles.chip}
            aria-pressed={flexibilityDays === chip.days}
            onClick={() => dispatch(setDateFlexibility(chip.days))}
          >
            {chip.label}
          </button>
        ))}
      </div>
    </div>
  );
}
