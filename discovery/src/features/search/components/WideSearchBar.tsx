/**
 * The search bar on wide screens (spec sections 2 and 4). Two looks: the collapsed summary
 * (Anywhere, Any week, Add guests, or the last search's texts) and the full bar (Where, the
 * dates or When, Who, Search). Scrolling down collapses it; a summary button expands it with
 * its panel open over a backdrop; clicking outside or Escape closes the panel.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'shared/router';
import { Search as SearchIcon, X } from 'lucide-react';
import { useAppDispatch, useAppSelector, useAppStore } from 'shared/store';
import { useTypedBeforeHydration } from 'shared/ui';
import { serializeSearchParams } from 'shared/url';
import {
  REGION_ALL,
  SEARCH_REGIONS,
  START_SCROLL_MAX_PX,
  countedGuests,
  type SearchInput,
  formatShownDate,
} from 'shared/rules';
import {
  clearDates,
  clearDestination,
  clearGuests,
  setActiveInput,
  setDestination,
  toggleActiveInput,
} from 'shared/state';
import {
  selectActiveInput,
  selectDateOption,
  selectDateRange,
  selectDestinationInput,
  selectDraftWhen,
  selectGuestCounts,
  selectGuestSummary,
  selectRegion,
  selectSearchSummary,
  selectDraftCriteria,
  form,
} from '../form';
import { useRunSearch } from '../hooks/useRunSearch';
import { GuestPanel } from './GuestPanel';
import { DestinationSuggestions } from './DestinationSuggestions';
import { RegionPanel } from './RegionPanel';
import { WhenPicker } from './WhenPicker';
import styles from './WideSearchBar.module.css';

function regionLabel(value: string): string {
  return SEARCH_REGIONS.find((r) => r.value === value)?.label ?? value;
}

const DATE_INPUTS: readonly SearchInput[] = ['checkIn', 'checkOut', 'month', 'flexible'];

function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button
      type="button"
      className={styles.clear}
      aria-label={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClear}
    >
      <X size={12} strokeWidth={3} aria-hidden />
    </button>
  );
}

export function WideSearchBar() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { pathname } = useLocation();
  const active = useAppSelector(selectActiveInput);
  const region = useAppSelector(selectRegion);
  const destination = useAppSelector(selectDestinationInput);
  const dateOption = useAppSelector(selectDateOption);
  const range = useAppSelector(selectDateRange);
  const counts = useAppSelector(selectGuestCounts);
  const guestText = useAppSelector(selectGuestSummary);
  const draftWhen = useAppSelector(selectDraftWhen);
  const summary = useAppSelector(selectSearchSummary);
  const criteria = useAppSelector(selectDraftCriteria);
  const runSearch = useRunSearch();

  const onHouse = pathname.includes('/house/');
  const scrollCollapses = pathname !== '/house';
  const fullAtTop = useCallback(
    () => !onHouse && (!scrollCollapses || window.scrollY <= START_SCROLL_MAX_PX),
    [onHouse, scrollCollapses],
  );
  // First as at the top of the page (what a server renders), then as the page really is (effect below).
  const [expanded, setExpanded] = useState(!onHouse);
  const [forced, setForced] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const destinationRef = useRef<HTMLInputElement>(null);

  const closePanels = useCallback(() => {
    if (form.selectors.selectActiveInput(store.getState()) !== '') dispatch(setActiveInput(''));
  }, [dispatch, store]);

  const minimise = useCallback(() => {
    closePanels();
    setForced(false);
    setExpanded(fullAtTop());
  }, [closePanels, fullAtTop]);

  // Any scroll closes the panels; scrolling down collapses the bar, back at the top it opens.
  useEffect(() => {
    setExpanded(fullAtTop());
    const onScroll = () => {
      closePanels();
      setForced(false);
      if (scrollCollapses) setExpanded(fullAtTop());
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [closePanels, fullAtTop, scrollCollapses]);

  // Clicking outside the bar and its panels (and any modal it opened) closes them.
  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Element;
      if (rootRef.current?.contains(target) || target.closest?.('[data-search-layer]')) return;
      minimise();
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [minimise]);

  useEffect(() => {
    if (active === 'destination') destinationRef.current?.focus();
  }, [active, expanded]);

  // A summary button gives way to the full bar: its field takes the focus, its panel next.
  const focusOnExpand = useRef<SearchInput>('');
  useEffect(() => {
    if (!expanded || focusOnExpand.current === '') return;
    rootRef.current?.querySelector<HTMLElement>(`[data-input="${focusOnExpand.current}"]`)?.focus();
    focusOnExpand.current = '';
  }, [expanded]);

  const open = (input: SearchInput) => {
    focusOnExpand.current = input;
    setExpanded(true);
    setForced(!fullAtTop());
    dispatch(setActiveInput(input));
  };

  const search = () => {
    setForced(false);
    setExpanded(false);
    runSearch();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || active === '') return;
    event.preventDefault();
    const returnTo = rootRef.current?.querySelector<HTMLElement>(`[data-input="${active}"]`);
    dispatch(setActiveInput(''));
    returnTo?.focus();
  };

  const dateInputOpen = DATE_INPUTS.includes(active);
  const whenInput: SearchInput = dateOption === 'dates' ? 'checkIn' : dateOption;
  const hasGuests = countedGuests(counts) + counts.infants + counts.pets > 0;
  const whereValue = region === REGION_ALL ? destination : regionLabel(region);
  useTypedBeforeHydration(destinationRef, whereValue, (typed) => dispatch(setDestination(typed)));

  if (!expanded) {
    return (
      <div ref={rootRef} className={styles.root}>
        <div className={styles.summary} role="group" aria-label="Search">
          <button type="button" className={styles.summaryItem} onClick={() => open('destination')}>
            {summary.where}
          </button>
          <span className={styles.divider} aria-hidden="true" />
          <button type="button" className={styles.summaryItem} onClick={() => open(whenInput)}>
            {summary.when}
          </button>
          <span className={styles.divider} aria-hidden="true" />
          <button type="button" className={`${styles.summaryItem} ${styles.summaryWho}`} onClick={() => open('addGuest')}>
            <span>{summary.who}</span>
            <span className={styles.summaryIcon} aria-hidden="true">
              <SearchIcon size={14} strokeWidth={3} />
            </span>
          </button>
        </div>
      </div>
    );
  }

  const segment = (input: SearchInput | readonly SearchInput[], children: ReactNode, extra = '') => {
    const isActive = Array.isArray(input) ? input.includes(active) : active === input;
    return <div className={`${styles.segment} ${isActive ? styles.segmentActive : ''} ${extra}`}>{children}</div>;
  };

  // Each panel follows its fields in the DOM, so its contents come next in the tab order
  // (Where, regions, Check in, Check out, calendar, Who, counters, Search).
  const panel = (place: string | undefined, children: ReactNode) => (
    <div id="search-panel" className={`${styles.panel} ${place}`}>
      {children}
    </div>
  );

  return (
    <div ref={rootRef} className={styles.root} onKeyDown={onKeyDown}>
      {/* A real GET form: submitted before the scripts run, the server renders the results page. */}
      <form
        role="search"
        aria-label="Search stays"
        method="get"
        action="/home"
        className={`${styles.bar} ${active !== '' ? styles.barActive : ''}`}
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        {[...new URLSearchParams(serializeSearchParams({ ...criteria, where: '', category: '' }))].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {segment(
          'destination',
          <>
            <label className={styles.field} htmlFor="search-destination">
              <span className={styles.label}>Where</span>
              <input
                ref={destinationRef}
                id="search-destination"
                name="where"
                data-input="destination"
                className={styles.input}
                placeholder="Search destinations"
                autoComplete="off"
                value={whereValue}
                aria-controls={active === 'destination' ? 'search-panel' : undefined}
                onFocus={() => active !== 'destination' && dispatch(setActiveInput('destination'))}
                onChange={(event) => dispatch(setDestination(event.target.value))}
              />
            </label>
            {active === 'destination' && whereValue !== '' && (
              <ClearButton label="Clear destination" onClear={() => dispatch(clearDestination())} />
            )}
          </>,
          styles.where,
        )}
        {active === 'destination' &&
          panel(
            styles.panelStart,
            region === REGION_ALL && destination.trim() !== '' ? (
              <DestinationSuggestions
                text={destination}
                onPick={(place) => {
                  dispatch(setDestination(place));
                  dispatch(setActiveInput(dateOption === 'dates' ? 'checkIn' : dateOption));
                }}
                fallback={<RegionPanel selected={region} />}
              />
            ) : (
              <RegionPanel selected={region} />
            ),
          )}
        {dateOption === 'dates' ? (
          <>
            {segment(
              'checkIn',
              <>
                <button
                  type="button"
                  className={styles.field}
                  data-input="checkIn"
                  aria-expanded={active === 'checkIn'}
                  aria-controls={active === 'checkIn' ? 'search-panel' : undefined}
                  onClick={() => dispatch(toggleActiveInput('checkIn'))}
                >
                  <span className={styles.label}>Check in</span>
                  <span className={range.start ? styles.value : styles.placeholder}>
                    {range.start ? formatShownDate(range.start) : 'Add dates'}
                  </span>
                </button>
                {active === 'checkIn' && (range.start || range.end) && (
                  <ClearButton label="Clear dates" onClear={() => dispatch(clearDates())} />
                )}
              </>,
            )}
            {segment(
              'checkOut',
              <>
                <button
                  type="button"
                  className={styles.field}
                  data-input="checkOut"
                  aria-expanded={active === 'checkOut'}
                  aria-controls={active === 'checkOut' ? 'search-panel' : undefined}
                  onClick={() => dispatch(toggleActiveInput('checkOut'))}
                >
                  <span className={styles.label}>Check out</span>
                  <span className={range.end ? styles.value : styles.placeholder}>
                    {range.end ? formatShownDate(range.end) : 'Add dates'}
                  </span>
                </button>
                {active === 'checkOut' && (range.start || range.end) && (
                  <ClearButton label="Clear dates" onClear={() => dispatch(clearDates())} />
                )}
              </>,
            )}
          </>
        ) : (
          segment(
            dateOption,
            <button
              type="button"
              className={styles.field}
              data-input={dateOption}
              aria-expanded={active === dateOption}
              aria-controls={active === dateOption ? 'search-panel' : undefined}
              onClick={() => dispatch(toggleActiveInput(dateOption))}
            >
              <span className={styles.label}>When</span>
              <span className={styles.value}>
                {draftWhen}
              </span>
            </button>,
            styles.when,
          )
        )}
        {dateInputOpen && panel(styles.panelWide, <WhenPicker monthsShown={2} moveActiveInput />)}
        {segment(
          'addGuest',
          <>
            <button
              type="button"
              className={styles.field}
              data-input="addGuest"
              aria-expanded={active === 'addGuest'}
              aria-controls={active === 'addGuest' ? 'search-panel' : undefined}
              onClick={() => dispatch(toggleActiveInput('addGuest'))}
            >
              <span className={styles.label}>Who</span>
              <span className={hasGuests ? styles.value : styles.placeholder}>{guestText}</span>
            </button>
            {active === 'addGuest' && hasGuests && <ClearButton label="Clear guests" onClear={() => dispatch(clearGuests())} />}
            {active === 'addGuest' && panel(styles.panelEnd, <GuestPanel />)}
            <button type="submit" className={`${styles.searchButton} ${active !== '' ? styles.searchButtonWide : ''}`} aria-label="Search">
              <SearchIcon size={16} strokeWidth={3} aria-hidden />
              {active !== '' && (
                <span className={styles.searchLabel} aria-hidden="true">
                  Search
                </span>
              )}
            </button>
          </>,
          styles.who,
        )}
      </form>
      {forced && createPortal(<div className={styles.backdrop} data-testid="search-backdrop" />, document.body)}
    </div>
  );
}
