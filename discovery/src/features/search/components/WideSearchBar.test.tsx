import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, addMonths, format, startOfMonth } from 'date-fns';
import { renderWithStore, type ReadAnswer } from 'shared/testing';
import { HomeSearch } from '../../../test/HomeSearch';
import { WideSearchBar } from './WideSearchBar';

const day = (offset: number) => addDays(new Date(), offset);
const dayName = (offset: number) => format(day(offset), 'EEEE, d MMMM yyyy');
const shown = (offset: number) => format(day(offset), 'dd MMM');
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

function setup(answer?: ReadAnswer) {
  window.scrollY = 0;
  const user = userEvent.setup();
  const rendered = renderWithStore(
    <HomeSearch>
      <WideSearchBar />
    </HomeSearch>,
    { path: '/home', answer },
  );
  return { user, ...rendered };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('WideSearchBar', () => {
  it('shows the full bar at the top of the home page', () => {
    setup();
    expect(screen.getByLabelText('Where')).toHaveAttribute('placeholder', 'Search destinations');
    expect(button(/Check in/)).toHaveTextContent('Add dates');
    expect(button(/Check out/)).toHaveTextContent('Add dates');
    expect(button(/Who/)).toHaveTextContent('Add guest');
    expect(button('Search')).toBeInTheDocument();
  });

  it('the Where panel lists the regions; choosing one fills Where and opens the dates', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('Where'));
    expect(screen.getByRole('heading', { name: 'Search by region' })).toBeInTheDocument();
    for (const label of ["I'm flexible", 'Europe', 'Thailand', 'Southeast Asia', 'United Arab Emirates', 'Middle East']) {
      expect(button(label)).toBeInTheDocument();
    }
    await user.click(button('Europe'));
    expect(screen.getByLabelText('Where')).toHaveValue('Europe');
    expect(button(/Check in/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('tab', { name: 'Dates' })).toHaveAttribute('aria-selected', 'true');
  });

  it('typing a destination suggests places, best first; picking one fills Where and opens the dates', async () => {
    const rows = [
      { id: 1, city: 'Oporto', country: 'Portugal', 'house-title': 'Flat' },
      { id: 2, city: 'Porto Alegre', country: 'Brazil', 'house-title': 'House' },
      { id: 3, city: 'Lisbon', country: 'Portugal', 'house-title': 'Loft' },
    ];
    const { user } = setup((read) => (read.table === 'Rooms' ? { data: rows } : { data: [] }));
    await user.type(screen.getByLabelText('Where'), 'porto');
    const list = await screen.findByRole('list', { name: 'Suggested destinations' });
    // A place that begins with the text, then one that contains it; Lisbon, Portugal does neither.
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Porto Alegre, Brazil', 'Oporto, Portugal']);
    await user.click(within(list).getByRole('button', { name: 'Porto Alegre, Brazil' }));
    expect(screen.getByLabelText('Where')).toHaveValue('Porto Alegre, Brazil');
    expect(button(/Check in/)).toHaveAttribute('aria-expanded', 'true');
  });

  it('a region is suggested by the start of its name', async () => {
    const { user } = setup((read) => (read.table === 'Rooms' ? { data: [] } : { data: [] }));
    await user.type(screen.getByLabelText('Where'), 'eur');
    const list = await screen.findByRole('list', { name: 'Suggested destinations' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Europe']);
  });

  it('the Where clear cross resets the destination', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Where'), 'Lisbon');
    await user.click(button('Clear destination'));
    expect(screen.getByLabelText('Where')).toHaveValue('');
  });

  it('dates: the first click sets check-in and moves to check-out, the second sets check-out', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    for (const chip of ['Exact dates', '1 day', '2 days', '3 days', '7 days', '14 days']) expect(button(chip)).toBeInTheDocument();
    await user.click(button(dayName(3)));
    expect(button(/Check in/)).toHaveTextContent(shown(3));
    expect(button(/Check out/)).toHaveAttribute('aria-expanded', 'true');
    await user.click(button(dayName(6)));
    expect(button(/Check out/)).toHaveTextContent(shown(6));
  });

  it('past days cannot be chosen', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    await user.click(button(dayName(-1)));
    expect(button(/Check in/)).toHaveTextContent('Add dates');
  });

  it('the date clear cross resets both dates', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    await user.click(button(dayName(3)));
    await user.click(button(dayName(5)));
    await user.click(button('Clear dates'));
    expect(button(/Check in/)).toHaveTextContent('Add dates');
    expect(button(/Check out/)).toHaveTextContent('Add dates');
  });

  it('guests: a child brings an adult, the summary counts them, the clear cross zeroes all', async () => {
    const { user } = setup();
    await user.click(button(/Who/));
    await user.click(button('Increase children'));
    expect(button(/Who/)).toHaveTextContent('2 guests');
    await user.click(button('Increase infants'));
    expect(button(/Who/)).toHaveTextContent('2 guests, 1 infant');
    expect(button('Decrease adults')).toBeDisabled();
    await user.click(button('Clear guests'));
    expect(button(/Who/)).toHaveTextContent('Add guest');
  });

  it('months: the dial starts at 3, the keyboard changes it, and the modal sets the start', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    await user.click(screen.getByRole('tab', { name: 'Months' }));
    expect(button(/When/)).toHaveTextContent('Any time');
    const dial = screen.getByRole('slider', { name: 'Trip length in months' });
    expect(dial).toHaveAttribute('aria-valuenow', '3');
    dial.focus();
    await user.keyboard('{ArrowRight}');
    expect(dial).toHaveAttribute('aria-valuenow', '4');
    await user.click(button(/^Starting on/));
    const modal = screen.getByRole('dialog', { name: 'Choose a start date' });
    expect(within(modal).getByRole('button', { name: 'Clear dates' })).toBeInTheDocument();
    // Today: the modal shows this month alone, which holds no later day on its last days.
    await user.click(within(modal).getByRole('button', { name: dayName(0) }));
    await user.click(within(modal).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const start = format(day(0), 'MMM d');
    // Four months on, to the month's last day when it is shorter (31 Oct -> 28 Feb).
    const end = format(addMonths(day(0), 4), 'MMM d');
    expect(button(/When/)).toHaveTextContent(`${start} - ${end}`);
  });

  it('the months dial shows 12 for the 12th dot', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    await user.click(screen.getByRole('tab', { name: 'Months' }));
    const dial = screen.getByRole('slider', { name: 'Trip length in months' });
    dial.focus();
    await user.keyboard('{End}');
    expect(dial).toHaveAttribute('aria-valuetext', '12 months');
  });

  it('flexible: stay length and month cards build the summary', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    await user.click(screen.getByRole('tab', { name: 'Flexible' }));
    expect(button(/When/)).toHaveTextContent('Any week');
    await user.click(button('Month'));
    expect(button(/When/)).toHaveTextContent('Any month');
    const cards = within(screen.getByRole('list', { name: /Go/ })).getAllByRole('button');
    expect(cards).toHaveLength(12);
    expect(cards[0]).toHaveTextContent(format(new Date(), 'MMMM'));
    await user.click(cards[0]!);
    expect(button(/When/)).toHaveTextContent(`Month in ${format(new Date(), 'MMMM')}`);
    await user.click(cards[1]!);
    expect(button(/When/)).toHaveTextContent(`Month in ${format(new Date(), 'MMM')}, ${format(addDays(new Date(new Date().getFullYear(), new Date().getMonth(), 1), 32), 'MMM')}`);
    await user.click(cards[0]!);
    await user.click(cards[1]!);
    expect(button(/When/)).toHaveTextContent('Any month');
  });

  it('Search fills a lone check-in with the next day, collapses the bar and runs the search', async () => {
    const { user, reads } = setup(() => ({ data: [{ id: 4, filter: 'Beach' }], count: 1 }));
    await user.type(screen.getByLabelText('Where'), 'Lisbon');
    await user.click(button(/Check in/));
    await user.click(button(dayName(3)));
    await user.click(button(/Who/));
    await user.click(button('Increase adults'));
    await user.click(button('Search'));
    expect(button('Lisbon')).toBeInTheDocument();
    expect(button(`${shown(3)} - ${shown(4)}`)).toBeInTheDocument();
    expect(button(/1 guest/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/home?where=Lisbon&checkin=${iso(day(3))}&checkout=${iso(day(4))}&adults=1`);
    expect(reads.find((read) => read.rpc === 'search_rooms')).toMatchObject({
      args: { search_text: 'lisbon', check_in: format(day(3), 'yyyy-MM-dd'), check_out: format(day(4), 'yyyy-MM-dd'), guests: 1 },
    });
  });

  it('a hint chip widens the dates: a stay as long, starting up to N days earlier or ending N days later', async () => {
    const { user, reads } = setup(() => ({ data: [], count: 0 }));
    await user.click(button(/Check in/));
    expect(button('Exact dates')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button(dayName(10)));
    await user.click(button(dayName(13)));
    await user.click(button('2 days'));
    expect(button('2 days')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Exact dates')).toHaveAttribute('aria-pressed', 'false');
    await user.click(button('Search'));
    await vi.waitFor(() => expect(reads.some((read) => read.rpc === 'search_rooms')).toBe(true));
    expect(reads.find((read) => read.rpc === 'search_rooms')?.args).toEqual({
      search_text: '',
      check_in: iso(day(8)),
      check_out: iso(day(15)),
      guests: null,
      stay_nights: 3,
    });
  });

  it("months mode searches the dial's start and end", async () => {
    const { user, reads } = setup(() => ({ data: [], count: 0 }));
    await user.click(button(/Check in/));
    await user.click(screen.getByRole('tab', { name: 'Months' }));
    await user.click(button('Search'));
    await vi.waitFor(() => expect(reads.some((read) => read.rpc === 'search_rooms')).toBe(true));
    expect(reads.find((read) => read.rpc === 'search_rooms')?.args).toEqual({
      search_text: '',
      check_in: iso(day(0)),
      check_out: iso(addMonths(day(0), 3)),
      guests: null,
    });
  });

  it('flexible mode searches a weekend, week or month of nights within the picked months', async () => {
    const { user, reads } = setup(() => ({ data: [], count: 0 }));
    await user.click(button(/Check in/));
    await user.click(screen.getByRole('tab', { name: 'Flexible' }));
    await user.click(button('Weekend'));
    const nextMonth = startOfMonth(addMonths(new Date(), 1));
    await user.click(within(screen.getByRole('list', { name: /Go/ })).getAllByRole('button')[1]!);
    await user.click(button('Search'));
    await vi.waitFor(() => expect(reads.some((read) => read.rpc === 'search_rooms')).toBe(true));
    expect(reads.find((read) => read.rpc === 'search_rooms')?.args).toEqual({
      search_text: '',
      check_in: iso(nextMonth),
      check_out: iso(addMonths(nextMonth, 1)),
      guests: null,
      stay_nights: 2,
    });
  });

  it("an open panel's contents follow its field in the tab order, before the next field and Search", async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('Where'));
    await user.tab();
    expect(button("I'm flexible")).toHaveFocus();

    await user.click(button(/Check in/));
    await user.tab();
    expect(button(/Check out/)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Dates' })).toHaveFocus();

    await user.click(button(/Who/));
    await user.tab();
    expect(button('Increase adults')).toHaveFocus();
    const order: string[] = [];
    while (!button('Search').matches(':focus') && order.length < 12) {
      await user.tab();
      order.push(document.activeElement?.textContent ?? '');
    }
    expect(order).toContain('Bringing a service animal?');
    expect(order.at(-1)).toBe(button('Search').textContent);
    // Escape closes the panel and gives the focus back to its field.
    await user.tab({ shift: true });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Increase adults' })).not.toBeInTheDocument();
    expect(button(/Who/)).toHaveFocus();
  });

  it('a summary button opens the full bar with the focus on its field, its panel next', async () => {
    const { user } = setup();
    act(() => {
      window.scrollY = 300;
      fireEvent.scroll(window);
    });
    button(/Add guests/).focus();
    await user.keyboard('{Enter}');
    expect(button(/Who/)).toHaveFocus();
    await user.tab();
    expect(button('Increase adults')).toHaveFocus();
  });

  it('scrolling down collapses the bar to Anywhere, Any week, Add guests; a button expands it with its panel', async () => {
    const { user } = setup();
    act(() => {
      window.scrollY = 300;
      fireEvent.scroll(window);
    });
    expect(button('Anywhere')).toBeInTheDocument();
    expect(button('Any week')).toBeInTheDocument();
    await user.click(button(/Add guests/));
    expect(button(/Who/)).toHaveAttribute('aria-expanded', 'true');
    expect(button('Increase adults')).toBeInTheDocument();
    expect(screen.getByTestId('search-backdrop')).toBeInTheDocument();
  });

  it('a click outside or Escape closes the open panel', async () => {
    const { user } = setup();
    await user.click(button(/Who/));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Increase adults' })).not.toBeInTheDocument();
    expect(button(/Who/)).toHaveFocus();
    await user.click(button(/Who/));
    await user.click(document.body);
    expect(screen.queryByRole('button', { name: 'Increase adults' })).not.toBeInTheDocument();
  });

  it('clicking an open input closes it', async () => {
    const { user } = setup();
    await user.click(button(/Check in/));
    expect(screen.getByRole('tablist', { name: 'Date mode' })).toBeInTheDocument();
    await user.click(button(/Check in/));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});
