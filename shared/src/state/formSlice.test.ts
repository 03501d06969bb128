import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { NO_FILTERS } from '../rules/searchFilters';
import {
  clearAll,
  clearDates,
  clearDestination,
  clearGuests,
  formReceived,
  formSlice,
  initialFormState,
  search,
  selectDateRange,
  selectDay,
  selectGuestCounts,
  selectGuestSummary,
  searchLoaded,
  selectDraftCriteria,
  selectDraftWhen,
  selectSearchSummary,
  setActiveInput,
  setCurDot,
  setDateOption,
  setDateFlexibility,
  setDestination,
  setGuests,
  setRegion,
  setStartDurationDate,
  setStayDuration,
  toggleActiveInput,
  toggleMonth,
  type FormState,
} from './formSlice';
import { NO_SEARCH, searchQueryOf, type SearchCriteria, type SearchQuery } from 'shared/url';

const TODAY = '2026-05-10';
/** The Who panel's counters set to these counts. */
const guests = (adults: number, children = 0, infants = 0, pets = 0) => setGuests({ adults, children, infants, pets });
/** The calendar clicks that choose these dates. */
const days = (...picked: string[]): UnknownAction[] => picked.map((day) => selectDay({ day, today: TODAY }));
const reduce = (actions: UnknownAction[], from: FormState = initialFormState): FormState =>
  actions.reduce(formSlice.reducer, from);
const root = (form: FormState) => ({ form });
type Summary = ReturnType<typeof selectSearchSummary>;

describe('form defaults (discovery spec section 3)', () => {
  it('starts with region all, dates mode, no guests, a week, dial 3 and " Any week"', () => {
    expect(formSlice.reducer(undefined, { type: 'init' })).toEqual({
      region: 'all',
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
      stayDuration: 'week',
      curDot: 3,
      startDurationDate: null,
      searched: null,
    });
  });
});

describe('where', () => {
  it.each<[FormState['dateOption'], FormState['activeInput']]>([
    ['dates', 'checkIn'],
    ['month', 'month'],
    ['flexible', 'flexible'],
  ])('choosing a region empties the text and opens the %s panel (%s)', (option, panel) => {
    const state = reduce([setDateOption(option), setDestination('Paris'), setRegion('Europe')]);
    expect(state).toMatchObject({ region: 'Europe', destinationInputVal: '', activeInput: panel });
  });

  it('typing a destination searches by it (region back to all)', () => {
    expect(reduce([setRegion('Europe'), setDestination('Lisbon')])).toMatchObject({
      region: 'all',
      destinationInputVal: 'Lisbon',
    });
  });

  it('the Where clear cross resets region to all and text to empty', () => {
    expect(reduce([setRegion('Thailand'), clearDestination()])).toMatchObject({ region: 'all', destinationInputVal: '' });
    expect(reduce([setDestination('Rome'), clearDestination()])).toMatchObject({ region: 'all', destinationInputVal: '' });
  });
});

describe('active input', () => {
  it.each<[FormState['activeInput'], FormState['activeInput'], FormState['activeInput']]>([
    ['', 'destination', 'destination'],
    ['destination', 'destination', ''],
    ['destination', 'addGuest', 'addGuest'],
  ])('from %j, clicking %s makes %j', (from, clicked, to) => {
    expect(reduce([setActiveInput(from), toggleActiveInput(clicked)]).activeInput).toBe(to);
  });
});

describe('dates', () => {
  it('check-in, then check-out, then a third click starts over', () => {
    let state = reduce([setActiveInput('checkIn'), selectDay({ day: '2026-05-12', today: TODAY })]);
    expect(state).toMatchObject({ selectedStartDate: '2026-05-12', selectedEndDate: null, activeInput: 'checkOut' });
    state = reduce([selectDay({ day: '2026-05-15', today: TODAY })], state);
    expect(state).toMatchObject({ selectedStartDate: '2026-05-12', selectedEndDate: '2026-05-15', activeInput: 'checkOut' });
    state = reduce([selectDay({ day: '2026-05-20', today: TODAY })], state);
    expect(state).toMatchObject({ selectedStartDate: '2026-05-20', selectedEndDate: null });
  });

  it('a click before the start moves the start and clears the end', () => {
    const state = reduce([
      selectDay({ day: '2026-05-12', today: TODAY }),
      selectDay({ day: '2026-05-11', today: TODAY }),
    ]);
    expect(state).toMatchObject({ selectedStartDate: '2026-05-11', selectedEndDate: null });
  });

  it('a past day changes nothing', () => {
    expect(reduce([selectDay({ day: '2026-05-09', today: TODAY })])).toEqual(initialFormState);
  });

  it('the date clear cross resets both dates and returns to check-in', () => {
    const state = reduce([setActiveInput('checkIn'), ...days('2026-05-12', '2026-05-14'), setActiveInput('checkOut'), clearDates()]);
    expect(state).toMatchObject({ selectedStartDate: null, selectedEndDate: null, activeInput: 'checkIn' });
  });

  it('the date range selector keeps its identity while the dates do not change', () => {
    const state = reduce([...days('2026-05-12', '2026-05-14')]);
    expect(selectDateRange(root(state))).toEqual({ start: '2026-05-12', end: '2026-05-14' });
    expect(selectDateRange(root(reduce([setCurDot(5)], state)))).toBe(selectDateRange(root(state)));
  });
});

describe('guests', () => {
  it('the guests clear cross zeroes all counts', () => {
    expect(selectGuestCounts(root(reduce([setGuests({ adults: 2, children: 1, infants: 1, pets: 1 }), clearGuests()])))).toEqual({
      adults: 0,
      children: 0,
      infants: 0,
      pets: 0,
    });
  });

  it.each<[UnknownAction[], string]>([
    [[], 'Add guest'],
    [[guests(1)], '1 guest'],
    [[guests(1, 1, 0, 1)], '2 guests, 1 pet'],
  ])('the Who line reads %s', (actions, text) => {
    expect(selectGuestSummary(root(reduce(actions)))).toBe(text);
  });
});

describe('months and flexible', () => {
  it.each<[UnknownAction[], string]>([
    [[toggleMonth(0)], 'Week in January'],
    [[toggleMonth(0), toggleMonth(1)], 'Week in Jan, Feb'],
    [[toggleMonth(0), toggleMonth(1), toggleMonth(0)], 'Week in February'],
    [[toggleMonth(4), toggleMonth(4)], 'Any week'],
    [[setStayDuration('month'), toggleMonth(6)], 'Month in July'],
    [[toggleMonth(6), setStayDuration('weekend')], 'Weekend in July'],
    [[setStayDuration('weekend')], 'Any weekend'],
  ])('%# reads %s', (actions, text) => {
    expect(selectDraftWhen(root(reduce([setDateOption('flexible'), ...actions])))).toBe(text);
  });

  it('a month card toggles its month', () => {
    expect(reduce([toggleMonth(3), toggleMonth(5)]).months).toEqual([3, 5]);
    expect(reduce([toggleMonth(3), toggleMonth(5), toggleMonth(3)]).months).toEqual([5]);
  });

  it.each([
    [0, 0],
    [12, 12],
    [14, 12],
    [-1, 0],
  ])('the dial keeps %d as %d', (value, kept) => {
    expect(reduce([setCurDot(value)]).curDot).toBe(kept);
  });
});

describe('clear all (the overlay)', () => {
  it('resets guests, region, dates, stay length and date mode, keeping the last search summaries', () => {
    const searched = reduce([setRegion('Europe'), guests(1), search()]);
    const state = reduce(
      [
        setDateOption('flexible'),
        setStayDuration('month'),
        toggleMonth(2),
        ...days('2026-05-12', '2026-05-14'),
        guests(1, 0, 0, 1),
        setDestination('Oslo'),
        clearAll(),
      ],
      searched,
    );
    expect(state).toEqual({ ...initialFormState, searched: searched.searched });
    expect(selectSearchSummary(root(state))).toEqual({ where: 'Europe', when: 'Any week', who: '1 guest' });
  });
});

describe('search', () => {
  it('a lone start gets the next day as end and the summary shows both', () => {
    const state = reduce([...days('2026-05-12'), setActiveInput('checkOut'), search()]);
    expect(state).toMatchObject({ selectedStartDate: '2026-05-12', selectedEndDate: '2026-05-13', activeInput: '' });
    expect(selectSearchSummary(root(state)).when).toBe('12 May - 13 May');
  });

  it('a search loaded with a lone checkout gets the previous day as start', () => {
    expect(reduce([searchLoaded({ ...NO_SEARCH, checkOut: '2026-06-01' }), search()])).toMatchObject({
      selectedStartDate: '2026-05-31',
      selectedEndDate: '2026-06-01',
    });
  });

  it.each<[string, UnknownAction[], Partial<Summary>]>([
    ['nothing chosen', [], { where: 'Anywhere', when: 'Any week', who: 'Add guests' }],
    ['a region', [setRegion('Thailand')], { where: 'Thailand' }],
    ['a typed destination', [setDestination('Kyoto')], { where: 'Kyoto' }],
    ['guests', [guests(2, 0, 1)], { who: '2 guests, 1 infant' }],
    ['months mode without a start', [setDateOption('month')], { when: 'Any time' }],
    ['months mode from a start', [setDateOption('month'), setStartDurationDate('2026-06-05'), setCurDot(2)], { when: 'Jun 5 - Aug 5' }],
    ['flexible mode', [setDateOption('flexible'), toggleMonth(0), toggleMonth(1)], { when: 'Week in Jan, Feb' }],
    ['flexible mode untouched', [setDateOption('flexible')], { when: 'Any week' }],
  ])('builds the summaries: %s', (_name, actions, texts) => {
    expect(selectSearchSummary(root(reduce([...actions, search()])))).toMatchObject(texts);
  });

  it('the summaries stay those of the search that ran while the draft changes', () => {
    const state = reduce([setRegion('Europe'), search(), setDestination('Oslo'), guests(1)]);
    expect(selectSearchSummary(root(state))).toEqual({ where: 'Europe', when: 'Any week', who: 'Add guests' });
  });

  it('the collapsed bar shows placeholders until a search says otherwise', () => {
    expect(selectSearchSummary(root(initialFormState))).toEqual({ where: 'Anywhere', when: 'Any week', who: 'Add guests' });
    const state = reduce([setRegion('Europe'), ...days('2026-05-12', '2026-05-14'), guests(1), search()]);
    expect(selectSearchSummary(root(state))).toEqual({ where: 'Europe', when: '12 May - 14 May', who: '1 guest' });
  });

  it.each<[string, UnknownAction[], SearchQuery]>([
    [
      'dates mode',
      [setDestination('New York'), ...days('2026-05-12', '2026-05-14'), guests(1, 1)],
      { searchText: 'newyork', checkIn: '2026-05-12', checkOut: '2026-05-14', stayNights: null, guests: 2, box: null, filters: NO_FILTERS },
    ],
    [
      'dates mode without dates',
      [setDestination('Lisbon')],
      { searchText: 'lisbon', checkIn: null, checkOut: null, stayNights: null, guests: 0, box: null, filters: NO_FILTERS },
    ],
    [
      'dates mode with the 2 days chip',
      [...days('2026-05-20', '2026-05-23'), setDateFlexibility(2)],
      { searchText: '', checkIn: '2026-05-18', checkOut: '2026-05-25', stayNights: 3, guests: 0, box: null, filters: NO_FILTERS },
    ],
    [
      'months mode takes the dial range',
      [setRegion('Europe'), setDateOption('month'), setStartDurationDate('2026-06-05')],
      { searchText: 'europe', checkIn: '2026-06-05', checkOut: '2026-09-05', stayNights: null, guests: 0, box: null, filters: NO_FILTERS },
    ],
    [
      'months mode without a start runs from today',
      [setDateOption('month'), setCurDot(1)],
      { searchText: '', checkIn: TODAY, checkOut: '2026-06-10', stayNights: null, guests: 0, box: null, filters: NO_FILTERS },
    ],
    [
      'flexible mode: a week in the next 12 months',
      [setDateOption('flexible'), ...days('2026-05-12', '2026-05-14')],
      { searchText: '', checkIn: TODAY, checkOut: '2027-05-10', stayNights: 7, guests: 0, box: null, filters: NO_FILTERS },
    ],
    [
      'flexible mode: a weekend in the picked months',
      [setDateOption('flexible'), setStayDuration('weekend'), toggleMonth(7), toggleMonth(6)],
      { searchText: '', checkIn: '2026-07-01', checkOut: '2026-09-01', stayNights: 2, guests: 0, box: null, filters: NO_FILTERS },
    ],
  ])('the server query in %s', (_name, actions, query) => {
    expect(searchQueryOf(selectDraftCriteria(root(reduce([...actions, search()]))), TODAY)).toEqual(query);
  });

  it.each<[string, SearchCriteria, Partial<FormState>, Partial<Summary>]>([
    [
      'a typed place, dates and guests',
      { ...NO_SEARCH, where: 'Palermo', checkIn: '2026-12-12', checkOut: '2026-12-15', guests: { adults: 2, children: 1, infants: 0, pets: 1 } },
      { region: 'all', destinationInputVal: 'Palermo' },
      { where: 'Palermo', when: '12 Dec - 15 Dec', who: '3 guests, 1 pet' },
    ],
    [
      'a region',
      { ...NO_SEARCH, where: 'Europe' },
      { region: 'Europe', destinationInputVal: '' },
      { where: 'Europe', when: 'Any week', who: 'Add guests' },
    ],
    [
      'months mode',
      { ...NO_SEARCH, dateMode: 'month', monthStart: '2026-06-05', monthLength: 2 },
      { dateOption: 'month', startDurationDate: '2026-06-05', curDot: 2 },
      { when: 'Jun 5 - Aug 5' },
    ],
    [
      'flexible mode',
      { ...NO_SEARCH, dateMode: 'flexible', months: [0, 1], stayLength: 'weekend' },
      { dateOption: 'flexible', months: [0, 1], stayDuration: 'weekend' },
      { when: 'Weekend in Jan, Feb' },
    ],
  ])('a search from the URL shows its inputs and texts: %s', (_name, criteria, shown, texts) => {
    const state = reduce([setActiveInput('addGuest'), setDestination('draft'), searchLoaded(criteria)]);
    expect(state).toMatchObject({ ...shown, activeInput: '' });
    expect(selectSearchSummary(root(state))).toMatchObject(texts);
    // What Search would ask for again is what the URL said (the category is the page's own).
    expect(selectDraftCriteria(root(state))).toEqual(criteria);
  });

  it("the browser's form starts as the server rendered it (the URL's search there), whatever it held", () => {
    const rendered = reduce([searchLoaded({ ...NO_SEARCH, where: 'Paris', checkIn: '2026-06-01', checkOut: '2026-06-04' })]);
    expect(reduce([setDestination('draft'), formReceived(rendered)])).toEqual(rendered);
  });

  it("the When text of the form's dates is the summary's, whatever the date mode", () => {
    expect(selectDraftWhen(root(initialFormState))).toBe('');
    expect(selectDraftWhen(root(reduce([...days('2026-05-12')])))).toBe('12 May');
    expect(selectDraftWhen(root(reduce([...days('2026-05-12', '2026-05-14')])))).toBe('12 May - 14 May');
    expect(selectDraftWhen(root(reduce([setDateOption('month'), setStartDurationDate('2026-06-05'), setCurDot(2)])))).toBe('Jun 5 - Aug 5');
  });

  it('a hint chip is kept until Clear all', () => {
    expect(reduce([setDateFlexibility(7)]).dateFlexibilityDays).toBe(7);
    expect(reduce([setDateFlexibility(7), clearDates()]).dateFlexibilityDays).toBe(7);
    expect(reduce([setDateFlexibility(7), clearAll()]).dateFlexibilityDays).toBe(0);
  });
});
