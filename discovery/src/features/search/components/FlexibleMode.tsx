import { useEffect, useRef, useState } from 'react';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { STAY_DURATIONS, toIsoDay, monthCards, shortMonthName, stayDurationLabel } from 'shared/rules';
import { setStayDuration, toggleMonth } from 'shared/state';
import { selectMonths, selectStayDuration } from '../form';
import styles from './Panels.module.css';

/**
 * Flexible mode: the stay length (weekend, week, month) and 12 month cards from this month, in a
 * strip with Previous and Next months arrows (the panel shows about six; the arrows page it and
 * are disabled at its ends).
 */
export function FlexibleMode() {
  const dispatch = useAppDispatch();
  const duration = useAppSelector(selectStayDuration);
  const months = useAppSelector(selectMonths);
  const cards = monthCards(toIsoDay(new Date()));
  const stripRef = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: false });
  const updateEnds = () => {
    const strip = stripRef.current;
    if (!strip) return;
    setEnds({ atStart: strip.scrollLeft <= 1, atEnd: strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1 });
  };
  useEffect(updateEnds, []);
  const page = (direction: 1 | -1) => {
    const strip = stripRef.current;
    strip?.scrollBy({ left: direction * strip.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <div className={styles.flexibleMode}>
      <h2 className={styles.modeTitle} id="stay-length-title">
        Stay for a {duration}
      </h2>
      <div className={styles.chips} role="group" aria-labelledby="stay-length-title">
        {STAY_DURATIONS.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.chip}
            aria-pressed={duration === option}
            onClick={() => dispatch(setStayDuration(option))}
          >
            {stayDurationLabel(option)}
          </button>
        ))}
      </div>
      <h2 className={styles.modeTitle} id="go-in-title">
        {months.length === 0 ? 'Go anytime' : `Go in ${months.map(shortMonthName).join(', ')}`}
      </h2>
      <div className={styles.monthStrip}>
        <button type="button" className={styles.monthArrow} aria-label="Previous months" disabled={ends.atStart} onClick={() => page(-1)}>
          <ChevronLeft size={16} aria-hidden />
        </button>
        <ul ref={stripRef} className={styles.monthCards} aria-labelledby="go-in-title" onScroll={updateEnds}>
          {cards.map((card) => (
            <li key={`${card.year}-${card.month}`}>
              <button
                type="button"
                className={styles.monthCard}
                aria-pressed={months.includes(card.month)}
                onClick={() => dispatch(toggleMonth(card.month))}
              >
                <CalendarDays size={32} strokeWidth={1.25} aria-hidden />
                <span className={styles.monthName}>{card.name}</span>
                <span className={styles.monthYear}>{card.year}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className={styles.monthArrow} aria-label="Next months" disabled={ends.atEnd} onClick={() => page(1)}>
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
    </div>
  );
}
