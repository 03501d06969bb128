/**
 * The small-screen search: a pill that opens a full-screen overlay with three collapsible
 * cards (Where, When, Who) and a bottom bar with 'Clear all' and Search (spec section 2).
 * The overlay locks page scroll, traps focus, closes on Escape and closes by itself when the
 * window becomes 751px or wider. Its Search closes it and flags the search; a polite status
 * says so until the matches arrive.
 */
import { useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { Search as SearchIcon, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import {
  BREAKPOINTS,
  DEFAULT_STAY_DURATION,
  DIAL_DEFAULT,
  MAX_ADULTS_AND_CHILDREN,
  MOBILE_SEARCH_REGIONS,
  REGION_ALL,
  countedGuests,
} from 'shared/rules';
import {
  clearAll,
  clearDates,
  setCurDot,
  setDestination,
  setRegion,
  setStartDurationDate,
  setStayDuration,
  toggleMonth,
} from 'shared/state';
import {
  selectCurDot,
  selectDateRange,
  selectDestinationInput,
  selectDraftCriteria,
  selectDraftWhen,
  selectGuestCounts,
  selectGuestSummary,
  selectMonths,
  selectRegion,
  selectSearchSummary,
  selectStartDurationDate,
  selectStayDuration,
} from '../form';
import { useDialogFocus } from '../hooks/useDialogFocus';
import { useRunSearch } from '../hooks/useRunSearch';
import { selectSearching } from '../searchSlice';
import { DestinationSuggestions } from './DestinationSuggestions';
import { GuestPanel } from './GuestPanel';
import { WhenPicker } from './WhenPicker';
import styles from './MobileSearch.module.css';

type Card = 'where' | 'when' | 'who';

function regionLabel(value: string): string {
  return MOBILE_SEARCH_REGIONS.find((r) => r.value === value)?.label ?? value;
}

function Overlay({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const region = useAppSelector(selectRegion);
  const destination = useAppSelector(selectDestinationInput);
  const range = useAppSelector(selectDateRange);
  const months = useAppSelector(selectMonths);
  const duration = useAppSelector(selectStayDuration);
  const curDot = useAppSelector(selectCurDot);
  const startDurationDate = useAppSelector(selectStartDurationDate);
  const draftWhen = useAppSelector(selectDraftWhen);
  const counts = useAppSelector(selectGuestCounts);
  const guestText = useAppSelector(selectGuestSummary);
  const runSearch = useRunSearch();
  const [card, setCard] = useState<Card>('where');
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, onClose);

  // The page behind does not scroll while the overlay is open.
  useLayoutEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const whenChanged =
    range.start !== null ||
    range.end !== null ||
    months.length > 0 ||
    duration !== DEFAULT_STAY_DURATION ||
    curDot !== DIAL_DEFAULT ||
    startDurationDate !== null;

  const resetWhen = () => {
    dispatch(clearDates());
    for (const month of months) dispatch(toggleMonth(month));
    dispatch(setStayDuration(DEFAULT_STAY_DURATION));
    dispatch(setCurDot(DIAL_DEFAULT));
    dispatch(setStartDurationDate(null));
  };

  const whereSummary = region !== REGION_ALL ? regionLabel(region) : destination.trim() || "I'm flexible";
  const whenSummary = draftWhen || 'Add dates';
  const whoSummary = countedGuests(counts) > 0 ? guestText : 'Add guests';

  // The overlay closes at once and flags the search; the matches arrive in the background.
  const search = () => {
    runSearch({ flagSearching: true });
    onClose();
  };

  const collapsed = (which: Card, label: string, value: string) => (
    <button type="button" className={styles.collapsed} onClick={() => setCard(which)} aria-expanded={false}>
      <span className={styles.collapsedLabel}>{label}</span>
      <span className={styles.collapsedValue}>{value}</span>
    </button>
  );

  return createPortal(
    <div ref={dialogRef} className={styles.overlay} role="dialog" aria-modal="true" aria-label="Search" tabIndex={-1}>
      <div className={styles.top}>
        <button type="button" className={styles.close} aria-label="Close search" onClick={onClose}>
          <X size={16} aria-hidden />
        </button>
      </div>
      <div className={styles.cards}>
        {card === 'where' ? (
          <section className={styles.card} aria-labelledby="overlay-where">
            <h2 id="overlay-where" className={styles.cardTitle}>
              Where to?
            </h2>
            <label className={styles.searchBox}>
              <SearchIcon size={16} aria-hidden />
              <input
                data-autofocus
                className={styles.searchInput}
                aria-label="Search destination"
                placeholder="Search destination"
                autoComplete="off"
                value={destination}
                onChange={(event) => dispatch(setDestination(event.target.value))}
              />
            </label>
            {destination !== '' ? (
              <>
                <DestinationSuggestions
                  text={destination}
                  onPick={(place) => {
                    dispatch(setDestination(place));
                    setCard('when');
                  }}
                />
                <div className={styles.cardFooter}>
                  <span />
                  <button type="button" className={styles.primary} onClick={() => setCard('when')}>
                    Next
                  </button>
                </div>
              </>
            ) : (
              <ul className={styles.regions} aria-label="Suggested regions">
                {MOBILE_SEARCH_REGIONS.map((option) => (
                  <li key={option.value}>
                    <button
                      type="button"
                      className={styles.regionChip}
                      aria-pressed={region === option.value}
                      onClick={() => {
                        dispatch(setRegion(option.value));
                        setCard('when');
                      }}
                    >
                      {option.label}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          collapsed('where', 'Where', whereSummary)
        )}
        {card === 'when' ? (
          <section className={styles.card} aria-labelledby="overlay-when">
            <h2 id="overlay-when" className={styles.cardTitle}>
              When&apos;s your trip?
            </h2>
            <WhenPicker monthsShown={1} moveActiveInput={false} inCard />
            <div className={styles.cardFooter}>
              {whenChanged ? (
                <button type="button" className={styles.link} onClick={resetWhen}>
                  Reset
                </button>
              ) : (
                <button type="button" className={styles.link} onClick={() => setCard('who')}>
                  Skip
                </button>
              )}
              <button type="button" className={styles.primary} onClick={() => setCard('who')}>
                Next
              </button>
            </div>
          </section>
        ) : (
          collapsed('when', 'When', whenSummary)
        )}
        {card === 'who' ? (
          <section className={styles.card} aria-labelledby="overlay-who">
            <h2 id="overlay-who" className={styles.cardTitle}>
              Who&apos;s coming?
            </h2>
            <GuestPanel inCard />
          </section>
        ) : (
          collapsed('who', 'Who', whoSummary)
        )}
      </div>
      <div className={styles.bottom}>
        <button type="button" className={styles.link} onClick={() => dispatch(clearAll())}>
          Clear all
        </button>
        {card !== 'when' && (
          <button type="button" className={styles.searchButton} onClick={search}>
            <SearchIcon size={16} strokeWidth={3} aria-hidden />
            Search
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** The id of the pill's form before the scripts run (the popover the pill opens by itself). */
const PLAIN_FORM_ID = 'mobile-search-form';

/**
 * What the pill opens before the scripts run (a native popover, no JavaScript): a GET form to
 * /home with the destination, the dates and the adults as named fields (a new search, as the wide
 * bar's: no category), which the server turns into the results page. Once the scripts run the pill opens the overlay instead
 * (and the form goes, unless it is open then).
 */
function PlainSearchForm({ ref }: { ref: Ref<HTMLDivElement> }) {
  const criteria = useAppSelector(selectDraftCriteria);
  return (
    <div ref={ref} id={PLAIN_FORM_ID} popover="auto" className={styles.plain}>
      <form role="search" aria-label="Search stays" method="get" action="/home" className={styles.plainForm}>
        <div className={styles.top}>
          <button type="button" className={styles.close} aria-label="Close" popoverTarget={PLAIN_FORM_ID} popoverTargetAction="hide">
            <X size={16} aria-hidden />
          </button>
        </div>
        <label className={styles.plainField}>
          Where
          <input name="where" type="search" defaultValue={criteria.where} placeholder="Search destinations" autoComplete="off" />
        </label>
        <label className={styles.plainField}>
          Check in
          <input name="checkin" type="date" defaultValue={criteria.checkIn ?? ''} />
        </label>
        <label className={styles.plainField}>
          Check out
          <input name="checkout" type="date" defaultValue={criteria.checkOut ?? ''} />
        </label>
        <label className={styles.plainField}>
          Adults
          <input
            name="adults"
            type="number"
            min={0}
            max={MAX_ADULTS_AND_CHILDREN}
            defaultValue={criteria.guests.adults || ''}
          />
        </label>
        <button type="submit" className={styles.searchButton}>
          <SearchIcon size={16} strokeWidth={2.5} aria-hidden />
          Search
        </button>
      </form>
    </div>
  );
}

/**
 * The search pill and its overlay. `onOpenChange` tells the search bar while the overlay is open,
 * so that it keeps this component (not the wide bar) up to 750px: the overlay itself closes at
 * 751px or wider, as the spec says.
 */
export function MobileSearch({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const summary = useAppSelector(selectSearchSummary);
  const searching = useAppSelector(selectSearching);
  const [open, setOpen] = useState(false);
  // The plain form is the page's until the scripts run, and after only if it was opened by then.
  const [plain, setPlain] = useState(true);
  const plainRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = plainRef.current;
    if (!(form && typeof form.showPopover === 'function' && form.matches(':popover-open'))) setPlain(false);
  }, []);
  // An open overlay closes itself once the window is wide enough for the full bar's.
  useEffect(() => {
    if (!open) return undefined;
    const wide = window.matchMedia(`(min-width: ${BREAKPOINTS.overlayClosesFrom}px)`);
    const closeWhenWide = () => {
      if (wide.matches) setOpen(false);
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [open]);
  useEffect(() => {
    onOpenChange?.(open);
  }, [open, onOpenChange]);
  return (
    <>
      {/* Before the scripts run, the pill opens the plain form (popoverTarget); after, the overlay. */}
      <button
        type="button"
        className={styles.pill}
        popoverTarget={plain ? PLAIN_FORM_ID : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <SearchIcon size={18} strokeWidth={2.5} aria-hidden />
        <span className={styles.pillText}>
          <span className={styles.pillTitle}>Where to?</span>
          <span className={styles.pillSummary}>
            {summary.where} · {summary.when} · {summary.who}
          </span>
        </span>
      </button>
      <p className="visually-hidden" role="status">
        {searching ? 'Searching homes…' : ''}
      </p>
      {plain && <PlainSearchForm ref={plainRef} />}
      {open && <Overlay onClose={() => setOpen(false)} />}
    </>
  );
}

