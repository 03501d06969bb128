import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { renderWithStore, type Answer, type ReadAnswer } from 'shared/testing';
import { setViewportWidth } from '../../../test/viewport';
import { selectSearching } from '../searchSlice';
import { HomeSearch } from '../../../test/HomeSearch';
import { SearchBar } from './SearchBar';

const dayName = (offset: number) => format(addDays(new Date(), offset), 'EEEE, d MMMM yyyy');

async function openOverlay(answer?: ReadAnswer) {
  setViewportWidth(375);
  const user = userEvent.setup();
  const rendered = renderWithStore(
    <HomeSearch>
      <SearchBar />
    </HomeSearch>,
    { path: '/home', answer },
  );
  await user.click(screen.getByRole('button', { name: /Where to\?/ }));
  const dialog = screen.getByRole('dialog', { name: 'Search' });
  return { user, dialog, ...rendered };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('MobileSearch', () => {
  it('the pill shows the search summary and opens the overlay, locking page scroll', async () => {
    const { dialog } = await openOverlay();
    expect(screen.getByRole('heading', { name: 'Where to?' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog).getByRole('button', { name: 'Clear all' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('suggests the regions; Next appears only once a destination is typed', async () => {
    const { user } = await openOverlay(() => ({ data: [{ id: 1, city: 'Lisbon', country: 'Portugal', 'house-title': 'x' }] }));
    for (const region of ["I'm flexible", 'Arizona', 'Europe', 'Thailand', 'Southeast Asia', 'United Arab Emirates', 'Middle East', 'Indonesia', 'United States']) {
      expect(button(region)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search destination' }), 'lis');
    expect(button('Next')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lisbon, Portugal' })).toBeInTheDocument();
    await user.click(button('Lisbon, Portugal'));
    expect(screen.getByRole('heading', { name: "When's your trip?" })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /Where/ })).toHaveTextContent('Lisbon, Portugal');
  });

  it('When: Skip until something changes, then Reset; Search is hidden while When is open', async () => {
    const { user, dialog } = await openOverlay();
    await user.click(button('Europe'));
    expect(within(dialog).queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    for (const header of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(button('Skip')).toBeInTheDocument();
    // Today: the calendar opens on this month, which holds no later day on its last days.
    await user.click(button(dayName(0)));
    expect(button('Reset')).toBeInTheDocument();
    await user.click(button('Reset'));
    expect(button('Skip')).toBeInTheDocument();
    await user.click(button('Skip'));
    expect(screen.getByRole('heading', { name: "Who's coming?" })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('the When tabs switch between dates, months and flexible', async () => {
    const { user } = await openOverlay();
    await user.click(button(/^When/));
    await user.click(screen.getByRole('tab', { name: 'Months' }));
    expect(screen.getByRole('slider', { name: 'Trip length in months' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Flexible' }));
    expect(button('Weekend')).toBeInTheDocument();
  });

  it('Clear all resets guests, region, dates and the date mode', async () => {
    const { user } = await openOverlay();
    await user.click(button('Thailand'));
    await user.click(screen.getByRole('tab', { name: 'Flexible' }));
    await user.click(button('Next'));
    await user.click(button('Increase adults'));
    await user.click(button('Clear all'));
    expect(button('Increase adults').closest('[role="group"]')).toHaveTextContent('0');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /^Where/ })).toHaveTextContent("I'm flexible");
    await user.click(button(/^When/));
    expect(screen.getByRole('tab', { name: 'Dates' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Search closes the overlay and puts the search in the URL', async () => {
    const { user } = await openOverlay(() => ({ data: [], count: 0 }));
    await user.type(screen.getByRole('textbox', { name: 'Search destination' }), 'Kyoto');
    await user.click(button(/^Who/));
    await user.click(button('Search'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/home?where=Kyoto');
    expect(document.body.style.overflow).toBe('');
    expect(button(/Where to\?/)).toHaveTextContent('Kyoto');
  });

  it("Search flags the search and runs the destination lookup; the flag holds until its matches arrive", async () => {
    let answer: (value: Answer) => void = () => {};
    const { user, store, reads } = await openOverlay((read) =>
      read.rpc ? new Promise<Answer>((resolve) => (answer = resolve)) : { data: [] },
    );
    await user.type(screen.getByRole('textbox', { name: 'Search destination' }), 'Kyoto');
    await user.click(button(/^Who/));
    await user.click(button('Search'));
    expect(selectSearching(store.getState())).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Searching homes…');
    expect(reads.find((read) => read.rpc === 'search_rooms')).toMatchObject({ args: { search_text: 'kyoto' } });
    act(() => answer({ data: [{ id: 7, filter: 'Beach' }], count: 1 }));
    await vi.waitFor(() => expect(selectSearching(store.getState())).toBe(false));
    expect(screen.getByTestId('location')).toHaveTextContent('/home?where=Kyoto');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a failed lookup clears the searching flag too', async () => {
    let failed = false;
    const { user, store } = await openOverlay((read) => {
      if (!read.rpc) return { data: [] };
      failed = true;
      return { error: { message: 'network down' } };
    });
    await user.click(button('Europe'));
    await user.click(button('Skip'));
    await user.click(button('Search'));
    await vi.waitFor(() => expect(failed).toBe(true));
    await vi.waitFor(() => expect(selectSearching(store.getState())).toBe(false));
  });

  it('Escape closes the overlay and gives focus back to the pill', async () => {
    const { user } = await openOverlay();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button(/Where to\?/)).toHaveFocus();
  });

  it('stays open up to 750px and closes by itself at 751px and wider, where the full bar shows', async () => {
    await openOverlay();
    act(() => setViewportWidth(744));
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    act(() => setViewportWidth(750));
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    act(() => setViewportWidth(751));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search stays' })).toBeInTheDocument();
  });

});
