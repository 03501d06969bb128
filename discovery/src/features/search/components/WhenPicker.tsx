import { useAppDispatch, useAppSelector } from 'shared/store';
import type { DateOption } from 'shared/rules';
import { setActiveInput, setDateOption } from 'shared/state';
import { selectDateOption } from '../form';
import { DatesMode } from './DatesMode';
import { FlexibleMode } from './FlexibleMode';
import { MonthsMode } from './MonthsMode';
import styles from './Panels.module.css';

const MODES: readonly { value: DateOption; label: string }[] = [
  { value: 'dates', label: 'Dates' },
  { value: 'month', label: 'Months' },
  { value: 'flexible', label: 'Flexible' },
];

/**
 * The date panel: the Dates / Months / Flexible switch and the chosen mode. In the search bar
 * the switch also moves the active input to the mode's field; the overlay keeps its own card.
 */
export function WhenPicker({
  monthsShown,
  moveActiveInput,
  inCard = false,
}: {
  monthsShown: 1 | 2;
  moveActiveInput: boolean;
  /** Inside the overlay's card, which has its own padding. */
  inCard?: boolean;
}) {
  const dispatch = useAppDispatch();
  const option = useAppSelector(selectDateOption);
  const choose = (value: DateOption) => {
    dispatch(setDateOption(value));
    if (moveActiveInput) dispatch(setActiveInput(value === 'dates' ? 'checkIn' : value));
  };
  return (
    <div className={`${styles.whenPicker} ${inCard ? styles.whenPickerInCard : ''}`}>
      <div className={styles.switch} role="tablist" aria-label="Date mode">
        {MODES.map((mode) => (
          <button
            key={mode.value}
            type="button"
            role="tab"
            id={`date-mode-${mode.value}`}
            aria-selected={option === mode.value}
            aria-controls="date-mode-panel"
            tabIndex={option === mode.value ? 0 : -1}
            className={styles.switchOption}
            onClick={() => choose(mode.value)}
            onKeyDown={(event) => {
              const index = MODES.findIndex((m) => m.value === option);
              const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (delta === 0) return;
              event.preventDefault();
              const next = MODES[(index + delta + MODES.length) % MODES.length]!;
              choose(next.value);
              document.getElementById(`date-mode-${next.value}`)?.focus();
            }}
          >
            {mode.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="date-mode-panel" aria-labelledby={`date-mode-${option}`} className={styles.modePanel}>
        {option === 'dates' && <DatesMode monthsShown={monthsShown} />}
        {option === 'month' && <MonthsMode showTitle={!inCard} />}
        {option === 'flexible' && <FlexibleMode />}
      </div>
    </div>
  );
}
