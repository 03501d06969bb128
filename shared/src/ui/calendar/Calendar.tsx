/**
 * An accessible month calendar, shared by the search bar, the search overlay, the listing
 * page and the booking page. It shows one or two months side by side (or two that become one
 * at a small screen, by CSS, so the server paints what each screen keeps), pages through the 23
 * months of the spec (pages 0-20), and hands each day click to the date-selection machine
 * (shared/rules/dateSelection), reporting the new range. Days are ISO 'yyyy-MM-dd' strings.
 *
 * A host's calendar also draws their place's stays (issue 42): booked nights are filled, not
 * struck through like the nights the host blocked, and each says whose stay it is.
 *
 * Keyboard: one day is in the tab order (roving focus); arrows move by a day or a week,
 * Home/End to the start/end of the week, PageUp/PageDown by a month, Enter/Space choose.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addMonths, format, getDay } from 'date-fns';
import {
  WEEKDAY_HEADERS,
  addDaysToIsoDay,
  calendarMonthStarts,
  clampCalendarPage,
  isBeforeChosenStart,
  isPastDay,
  monthWeeks,
  parseIsoDay,
  selectDay,
  toIsoDay,
  type BookedRange,
  type DateRange,
  type DayClickOutcome,
  type IsoDay,
} from 'shared/rules';
import styles from './Calendar.module.css';

/** A stay drawn apart from blocked nights: its nights [start, end) and whose it is. */
export interface CalendarStay extends BookedRange {
  guestName: string;
}

export interface CalendarChange {
  range: DateRange;
  outcome: DayClickOutcome;
  day: IsoDay;
}

export interface CalendarProps {
  /** The chosen stay. */
  range: DateRange;
  /** Called with the machine's new range after a click on an enabled day. */
  onChange: (change: CalendarChange) => void;
  /** Today as an ISO day (defaults to the real today); earlier days are disabled. */
  today?: IsoDay;
  /** One month or two side by side. */
  monthsShown?: 1 | 2;
  /** With two months: show only the first at this width or narrower (a CSS media query). */
  oneMonthUpTo?: OneMonthWidth;
  /** Extra days that cannot be chosen (struck through). */
  disabledDates?: readonly IsoDay[];
  /** Stays already booked (struck through and disabled). */
  bookedRanges?: readonly BookedRange[];
  /** Strike through and disable the days before the chosen start (listing and booking pages). */
  strikeBeforeStart?: boolean;
  /** Stays shown as booked (filled, named 'booked by <guest>') and disabled: the host's calendar. */
  stays?: readonly CalendarStay[];
  /** Accessible name of the calendar region. */
  label?: string;
  /** Compact look (the booking page). */
  compact?: boolean;
}

/** The widths a calendar of two months can fold to one at (the spec's breakpoints, in its CSS). */
export type OneMonthWidth = 743 | 920;
const ONE_MONTH_CLASS: Readonly<Record<OneMonthWidth, string | undefined>> = {
  743: styles.oneMonthUpTo743,
  920: styles.oneMonthUpTo920,
};

const FULL_DATE_FORMAT = 'EEEE, d MMMM yyyy';
const MONTH_TITLE_FORMAT = 'MMMM yyyy';

function cx(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

function isBooked(day: IsoDay, booked: readonly BookedRange[]): boolean {
  return booked.some((r) => day >= r.start && day < r.end);
}

function stayOn(day: IsoDay, stays: readonly CalendarStay[]): CalendarStay | undefined {
  return stays.find((r) => day >= r.start && day < r.end);
}

/** The first-of-month index (0-22) of a day, relative to today's month. */
function monthIndexOf(day: IsoDay, monthStarts: readonly IsoDay[]): number {
  const key = day.slice(0, 7);
  return monthStarts.findIndex((m) => m.slice(0, 7) === key);
}

export function Calendar({
  range,
  onChange,
  today = toIsoDay(new Date()),
  monthsShown = 2,
  oneMonthUpTo,
  disabledDates = [],
  bookedRanges = [],
  strikeBeforeStart = false,
  stays = [],
  label = 'Calendar',
  compact = false,
}: CalendarProps) {
  const monthStarts = useMemo(() => calendarMonthStarts(today), [today]);
  const lastDay = useMemo(
    () => addDaysToIsoDay(toIsoDay(addMonths(parseIsoDay(monthStarts[monthStarts.length - 1]!), 1)), -1),
    [monthStarts],
  );
  const initialFocus = range.start !== null && range.start >= today ? range.start : today;
  const [page, setPage] = useState(() => clampCalendarPage(Math.max(0, monthIndexOf(initialFocus, monthStarts))));
  const [focusedDay, setFocusedDay] = useState<IsoDay>(initialFocus);
  const moveFocusRef = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const disabledSet = useMemo(() => new Set(disabledDates), [disabledDates]);

  const visibleMonths = monthStarts.slice(page, page + monthsShown);
  const firstVisible = visibleMonths[0]!;
  const lastVisibleMonth = visibleMonths[visibleMonths.length - 1]!;
  const lastVisible = addDaysToIsoDay(toIsoDay(addMonths(parseIsoDay(lastVisibleMonth), 1)), -1);
  // The roving tab stop is the focused day when it is on screen, else the first visible day.
  const tabStop = focusedDay >= firstVisible && focusedDay <= lastVisible ? focusedDay : firstVisible < today && today <= lastVisible ? today : firstVisible;

  useEffect(() => {
    if (!moveFocusRef.current) return;
    moveFocusRef.current = false;
    rootRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay, page]);

  const dayState = (day: IsoDay) => {
    const past = isPastDay(day, today);
    const struck =
      disabledSet.has(day) || isBooked(day, bookedRanges) || (strikeBeforeStart && isBeforeChosenStart(day, range));
    const stay = stayOn(day, stays);
    return { past, struck, stay, disabled: past || struck || stay !== undefined };
  };

  const choose = (day: IsoDay) => {
    if (dayState(day).disabled) return;
    setFocusedDay(day);
    const result = selectDay(range, day, today);
    if (result.outcome !== 'ignored') onChange({ ...result, day });
  };

  const goToPage = (next: number) => {
    const clamped = clampCalendarPage(next);
    setPage(clamped);
    setFocusedDay(monthStarts[clamped]! < today ? today : monthStarts[clamped]!);
  };

  /** The months on screen now: a month the stylesheet folds away does not count. */
  const monthsOnScreen = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-month]') ?? []).filter(
      (month) => getComputedStyle(month).display !== 'none',
    ).length || monthsShown;

  const moveFocus = (day: IsoDay) => {
    const bounded = day < monthStarts[0]! ? monthStarts[0]! : day > lastDay ? lastDay : day;
    const index = monthIndexOf(bounded, monthStarts);
    const shown = monthsOnScreen();
    if (index < page) setPage(clampCalendarPage(index));
    else if (index > page + shown - 1) setPage(clampCalendarPage(index - shown + 1));
    moveFocusRef.current = true;
    setFocusedDay(bounded);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const day = target.dataset.day;
    if (!day) return;
    const date = parseIsoDay(day);
    let next: IsoDay | null = null;
    switch (event.key) {
      case 'ArrowLeft':
        next = addDaysToIsoDay(day, -1);
        break;
      case 'ArrowRight':
        next = addDaysToIsoDay(day, 1);
        break;
      case 'ArrowUp':
        next = addDaysToIsoDay(day, -7);
        break;
      case 'ArrowDown':
        next = addDaysToIsoDay(day, 7);
        break;
      case 'Home':
        next = addDaysToIsoDay(day, -getDay(date));
        break;
      case 'End':
        next = addDaysToIsoDay(day, 6 - getDay(date));
        break;
      case 'PageUp':
        next = toIsoDay(addMonths(date, -1));
        break;
      case 'PageDown':
        next = toIsoDay(addMonths(date, 1));
        break;
      default:
        return;
    }
    event.preventDefault();
    moveFocus(next);
  };

  return (
    <div
      ref={rootRef}
      className={cx(styles.calendar, compact && styles.compact, oneMonthUpTo !== undefined && ONE_MONTH_CLASS[oneMonthUpTo])}
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div className={styles.nav}>
        <button
          type="button"
          className={styles.navButton}
          aria-label="Previous month"
          disabled={page === 0}
          onClick={() => goToPage(page - 1)}
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <button
          type="button"
          className={styles.navButton}
          aria-label="Next month"
          disabled={page === clampCalendarPage(Infinity)}
          onClick={() => goToPage(page + 1)}
        >
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
      <div className={styles.months}>
        {visibleMonths.map((monthStart) => {
          const title = format(parseIsoDay(monthStart), MONTH_TITLE_FORMAT);
          return (
            <div key={monthStart} className={styles.month} data-month>
              <h3 className={styles.monthTitle} id={`${idPrefix}-${monthStart}`}>
                {title}
              </h3>
              <table role="grid" aria-labelledby={`${idPrefix}-${monthStart}`} className={styles.grid}>
                <thead>
                  <tr>
                    {WEEKDAY_HEADERS.map((weekday) => (
                      <th key={weekday} scope="col" className={styles.weekday}>
                        {weekday}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthWeeks(monthStart).map((week, w) => (
                    <tr key={w}>
                      {week.map((day, d) => {
                        if (day === null) return <td key={d} className={styles.blank} />;
                        const { past, struck, stay, disabled } = dayState(day);
                        const fullDate = format(parseIsoDay(day), FULL_DATE_FORMAT);
                        const isStart = day === range.start;
                        const isEnd = day === range.end;
                        const inRange = range.start !== null && range.end !== null && day > range.start && day < range.end;
                        const classes = cx(
                          styles.day,
                          past && styles.past,
                          struck && styles.struck,
                          stay && styles.booked,
                          (isStart || isEnd) && styles.selected,
                          day === today && styles.today,
                        );
                        return (
                          <td
                            key={day}
                            role="gridcell"
                            aria-selected={isStart || isEnd || inRange}
                            className={cx(
                              styles.cell,
                              inRange && styles.cellInRange,
                              isStart && range.end !== null && styles.cellStart,
                              isEnd && styles.cellEnd,
                            )}
                          >
                            <button
                              type="button"
                              className={classes}
                              data-day={day}
                              aria-label={stay ? `${fullDate}, booked by ${stay.guestName}` : fullDate}
                              title={stay ? `Booked by ${stay.guestName}` : undefined}
                              aria-disabled={disabled || undefined}
                              aria-pressed={isStart || isEnd}
                              tabIndex={day === tabStop ? 0 : -1}
                              onClick={() => choose(day)}
                            >
                              {Number(day.slice(8))}
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
    </div>
  );
}
