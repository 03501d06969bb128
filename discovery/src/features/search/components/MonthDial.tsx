/**
 * The months dial: 12 dots round a circle, the trip length in months (value 0 displays as 12,
 * default 3). A slider for assistive tech and the keyboard (arrows, Home, End); each dot can
 * be clicked.
 */
import type { KeyboardEvent } from 'react';
import { DIAL_DOTS, dialMonths } from 'shared/rules';
import styles from './MonthDial.module.css';

const SIZE = 240;
const RADIUS = 96;

export function MonthDial({ value, onChange }: { value: number; onChange: (next: number) => void }) {
  const months = dialMonths(value);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? Math.min(months + 1, DIAL_DOTS)
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? Math.max(months - 1, 1)
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? DIAL_DOTS
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(next);
  };
  const dots = Array.from({ length: DIAL_DOTS }, (_, i) => i + 1);
  return (
    <div
      className={styles.dial}
      role="slider"
      tabIndex={0}
      aria-label="Trip length in months"
      aria-valuemin={1}
      aria-valuemax={DIAL_DOTS}
      aria-valuenow={months}
      aria-valuetext={`${months} ${months === 1 ? 'month' : 'months'}`}
      onKeyDown={onKeyDown}
      style={{ width: SIZE, height: SIZE }}
    >
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" className={styles.ring}>
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} className={styles.track} />
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          className={styles.arc}
          strokeDasharray={`${(2 * Math.PI * RADIUS * months) / DIAL_DOTS} ${2 * Math.PI * RADIUS}`}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
        {dots.map((dot) => {
          const angle = (dot / DIAL_DOTS) * 2 * Math.PI - Math.PI / 2;
          return (
            <circle
              key={dot}
              data-dot={dot}
              cx={SIZE / 2 + RADIUS * Math.cos(angle)}
              cy={SIZE / 2 + RADIUS * Math.sin(angle)}
              r={dot === months ? 14 : 4}
              className={dot === months ? styles.knob : styles.dot}
              onClick={() => onChange(dot)}
            />
          );
        })}
      </svg>
      <div className={styles.center}>
        <span className={styles.value}>{months}</span>
        <span className={styles.unit}>{months === 1 ? 'month' : 'months'}</span>
      </div>
    </div>
  );
}
