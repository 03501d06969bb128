/**
 * The search form (discovery spec section 3, "Search form state"): where, when and who as the
 * traveller edits them, the search bar's active input, and the search that ran (the collapsed
 * bar's texts are derived from it). The search that ran lives in /home's URL (shared/url): Search turns this draft into
 * criteria (`draftCriteria`) and the page puts them in the URL; the page loads the URL's criteria
 * back with `searchLoaded`. Every transition is one of the pure rules in ../rules; this slice
 * only stores their results. Dates are ISO days.
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_STAY_DURATION,
  DIAL_DEFAULT,
  DIAL_DOTS,
  REGION_ALL,
  type StayDuration,
  fillMissingDates,
  nextActiveInput,
  selectDay as selectDayRule,
  type DateRange,
  type IsoDay,
  type SearchInput,
  guestSummary,
  NO_GUESTS,
  type GuestCounts,
  clampDial,
  destinationSummary,
  type DateOption,
  NO_FILTERS,
} from 'shared/rules';
import { NO_SEARCH, regionOf, searchSummary, whenSummary, type SearchCriteria } from 'shared/url';

export interface FormState {
  /** A region value of the region panel; 'all' means "search the typed destination". */
  region: string;
  destinationInputVal: string;
  dateOption: DateOption;
  activeInput: SearchInput;
  selectedStartDate: IsoDay | null;
  selectedEndDate: IsoDay | null;
  /** The dates calendar's hint chip: days either side a stay of the same length may move (0: exact). */
  dateFlexibilityDays: number;
  adultCount: number;
  childCount: number;
  infantCount: number;
  petsCount: number;
  /** Picked month cards, 0-11, in the order picked. */
  months: number[];
  stayDuration: StayDuration;
  /** The months dial, 0-12 (0 stands for 12). */
  curDot: number;
  /** Months mode: the day the stay starts (null until chosen). */
  startDurationDate: IsoDay | null;
  /** The criteria of the search that ran last (null before any): the collapsed bar's texts are derived from them. */
  searched: SearchCriteria | null;
}

export const initialFormState: FormState = {
  region: REGION_ALL,
  destinationInputVal: '',
  dateOption: 'dates',
  activeInput: '',
  selectedStartDate: null,
  selectedEndDate: null,
  dateFlexibilityDays: 0,
  adultCount: 0,
  childCount: 0,
  infantCount: 0,
  petsCount: 0,
  months: [],
  stayDuration: DEFAULT_STAY_DURATION,
  curDot: DIAL_DEFAULT,
  startDurationDate: null,
  searched: null,
};

function guestsOf(state: FormState): GuestCounts {
  return { adults: state.adultCount, children: state.childCount, infants: state.infantCount, pets: state.petsCount };
}

function writeGuests(state: FormState, counts: GuestCounts): void {
  state.adultCount = counts.adults;
  state.childCount = counts.children;
  state.infantCount = counts.infants;
  state.petsCount = counts.pets;
}

function rangeOf(state: FormState): DateRange {
  return { start: state.selectedStartDate, end: state.selectedEndDate };
}

function writeRange(state: FormState, range: DateRange): void {
  state.selectedStartDate = range.start;
  state.selectedEndDate = range.end;
}

/** The panel a date mode opens. */
function dateInputFor(option: DateOption): SearchInput {
  if (option === 'dates') return 'checkIn';
  return option;
}

/** The criteria the form stands for as the traveller left it (a lone date still alone). */
function criteriaOf(state: FormState, range: DateRange): SearchCriteria {
  return {
    where: destinationSummary(state.region, state.destinationInputVal),
    dateMode: state.dateOption,
    checkIn: range.start,
    checkOut: range.end,
    flexDays: state.dateFlexibilityDays,
    monthStart: state.startDurationDate,
    monthLength: state.curDot === 0 ? DIAL_DOTS : state.curDot,
    months: state.months,
    stayLength: state.stayDuration,
    guests: guestsOf(state),
    category: '',
    // A new search is of a place again: it leaves the map's area behind.
    box: null,
    // (the results page's filters are not the form's: a search run there keeps them, useRunSearch)
    filters: NO_FILTERS,
  };
}

/** What Search asks for: the form's criteria, a lone date given its partner, no category (spec section 4). */
export function draftCriteria(state: FormState): SearchCriteria {
  return criteriaOf(state, fillMissingDates(rangeOf(state)));
}

/** The form showing a search that ran: its inputs, its summaries, the bar collapsed. */
function showSearch(state: FormState, criteria: SearchCriteria): void {
  const region = regionOf(criteria.where);
  state.region = region;
  state.destinationInputVal = region === REGION_ALL ? criteria.where : '';
  state.dateOption = criteria.dateMode;
  writeRange(state, fillMissingDates({ start: criteria.checkIn, end: criteria.checkOut }));
  state.dateFlexibilityDays = criteria.flexDays;
  state.startDurationDate = criteria.monthStart;
  state.curDot = clampDial(criteria.monthLength);
  state.months = [...criteria.months];
  state.stayDuration = criteria.stayLength;
  writeGuests(state, criteria.guests);
  state.searched = criteria;
  state.activeInput = '';
}

export const formSlice = createSlice({
  name: 'form',
  initialState: initialFormState,
  reducers: {
    /** Choosing a region empties the typed destination and moves on to the date panel. */
    setRegion(state, action: PayloadAction<string>) {
      state.region = action.payload;
      state.destinationInputVal = '';
      state.activeInput = dateInputFor(state.dateOption);
    },
    /** Typing a destination searches by it, so the region goes back to 'all'. */
    setDestination(state, action: PayloadAction<string>) {
      state.destinationInputVal = action.payload;
      state.region = REGION_ALL;
    },
    /** The Where clear cross. */
    clearDestination(state) {
      state.region = REGION_ALL;
      state.destinationInputVal = '';
    },
    setActiveInput(state, action: PayloadAction<SearchInput>) {
      state.activeInput = action.payload;
    },
    /** Clicking an input opens it, or closes it when it is already open. */
    toggleActiveInput(state, action: PayloadAction<SearchInput>) {
      state.activeInput = state.activeInput === action.payload ? '' : action.payload;
    },
    setDateOption(state, action: PayloadAction<DateOption>) {
      state.dateOption = action.payload;
    },
    /** A click on a calendar day (the date-selection machine); `today` disables past days. */
    selectDay(state, action: PayloadAction<{ day: IsoDay; today: IsoDay }>) {
      const { range, outcome } = selectDayRule(rangeOf(state), action.payload.day, action.payload.today);
      writeRange(state, range);
      state.activeInput = nextActiveInput(state.activeInput, outcome);
    },
    /** A hint chip under the dates calendar. */
    setDateFlexibility(state, action: PayloadAction<number>) {
      state.dateFlexibilityDays = action.payload;
    },
    /** A date clear cross or 'Clear dates': both dates go; focus returns to check-in. */
    clearDates(state) {
      writeRange(state, { start: null, end: null });
      if (state.activeInput === 'checkOut') state.activeInput = 'checkIn';
    },
    /** The Who panel's counters (shared/ui GuestCounter, which applies the spec's limits). */
    setGuests(state, action: PayloadAction<GuestCounts>) {
      writeGuests(state, action.payload);
    },
    /** The guests clear cross. */
    clearGuests(state) {
      writeGuests(state, NO_GUESTS);
    },
    /** A month card adds or removes its month. */
    toggleMonth(state, action: PayloadAction<number>) {
      const month = action.payload;
      state.months = state.months.includes(month) ? state.months.filter((m) => m !== month) : [...state.months, month];
        },
    setStayDuration(state, action: PayloadAction<StayDuration>) {
      state.stayDuration = action.payload;
        },
    setCurDot(state, action: PayloadAction<number>) {
      state.curDot = clampDial(action.payload);
    },
    setStartDurationDate(state, action: PayloadAction<IsoDay | null>) {
      state.startDurationDate = action.payload;
    },
    /**
     * The overlay's 'Clear all': every input back to its default (guests, region and typed
     * destination, dates, stay length, months, dial, date mode). The last search's summaries
     * stay until the next search.
     */
    clearAll(state) {
      return { ...initialFormState, searched: state.searched };
    },
    /**
     * The Search click: a lone date gets its partner, the summaries are built, the bar
     * collapses. (The app slice counts the search and resets the category.)
     */
    search(state) {
      showSearch(state, draftCriteria(state));
    },
    /** A search read from the URL (a link, a reload, back or forward): the form shows it. */
    searchLoaded(state, action: PayloadAction<SearchCriteria>) {
      showSearch(state, action.payload);
    },
    /**
     * The form a page was rendered with on the server (its search, read from its URL there): the
     * browser starts from it, so the bar hydrates showing what was painted and keeps showing it.
     */
    formReceived(_state, action: PayloadAction<FormState>) {
      return action.payload;
    },
  },
  selectors: {
    selectRegion: (state) => state.region,
    selectDestinationInput: (state) => state.destinationInputVal,
    selectDateOption: (state) => state.dateOption,
    selectActiveInput: (state) => state.activeInput,
    selectDateFlexibilityDays: (state) => state.dateFlexibilityDays,
    selectMonths: (state) => state.months,
    selectStayDuration: (state) => state.stayDuration,
    selectCurDot: (state) => state.curDot,
    selectStartDurationDate: (state) => state.startDurationDate,
    /** The live guest line of the Who panel: 'Add guest', '2 guests, 1 infant'... */
    selectGuestSummary: (state) => guestSummary(guestsOf(state)),
    selectDateRange: createSelector(
      [(state: FormState) => state.selectedStartDate, (state: FormState) => state.selectedEndDate],
      (start, end): DateRange => ({ start, end }),
    ),
    selectGuestCounts: createSelector(
      [
        (state: FormState) => state.adultCount,
        (state: FormState) => state.childCount,
        (state: FormState) => state.infantCount,
        (state: FormState) => state.petsCount,
      ],
      (adults, children, infants, pets): GuestCounts => ({ adults, children, infants, pets }),
    ),
    /** What Search would ask for now (read when it is clicked). */
    selectDraftCriteria: (state) => draftCriteria(state),
    /** The When text of the dates the form holds: '05 Jun - 09 Jun', 'Jun 5 - Sep 5', 'Week in Jan'... ('' for none). */
    selectDraftWhen: (state) => whenSummary(criteriaOf(state, rangeOf(state))),
    /** The collapsed bar's three buttons: the last search's summaries, else the placeholders. */
    selectSearchSummary: createSelector([(state: FormState) => state.searched], (searched) => searchSummary(searched ?? NO_SEARCH)),
  },
});

export const {
  setRegion,
  setDestination,
  clearDestination,
  setActiveInput,
  toggleActiveInput,
  setDateOption,
  selectDay,
  setDateFlexibility,
  clearDates,
  setGuests,
  clearGuests,
  toggleMonth,
  setStayDuration,
  setCurDot,
  setStartDurationDate,
  clearAll,
  search,
  searchLoaded,
  formReceived,
} = formSlice.actions;

export const {
  selectRegion,
  selectDestinationInput,
  selectDateOption,
  selectActiveInput,
  selectDateFlexibilityDays,
  selectMonths,
  selectStayDuration,
  selectCurDot,
  selectStartDurationDate,
  selectGuestSummary,
  selectDateRange,
  selectGuestCounts,
  selectSearchSummary,
  selectDraftCriteria,
  selectDraftWhen,
} = formSlice.selectors;
