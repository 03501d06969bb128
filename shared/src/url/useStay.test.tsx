import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { guestSummary } from 'shared/rules';
import { injectFormSlice } from 'shared/store';
import { renderWithStore } from 'shared/testing';
import { useStay } from './useStay';

// The search bar's draft is in the store, so the test can see that the stay leaves it alone.
injectFormSlice();

const iso = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

/** A page that plans a stay (the listing, the booking page), reduced to its text and three edits. */
function StayPage() {
  const { stay, setStay } = useStay();
  return (
    <>
      <p>
        {stay.range.start ?? 'no start'} to {stay.range.end ?? 'no end'}, {guestSummary(stay.guests)}
      </p>
      <button type="button" onClick={() => setStay({ range: { start: iso(30), end: iso(32) } })}>
        Other dates
      </button>
      <button type="button" onClick={() => setStay({ range: { start: null, end: null } })}>
        Clear dates
      </button>
      <button type="button" onClick={() => setStay({ ...stay, guests: { ...stay.guests, children: 2 } })}>
        Two children
      </button>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('the stay in the URL', () => {
  it('is the stay the link carries; each edit replaces the URL and nothing else', async () => {
    const stay = `?checkin=${iso(10)}&checkout=${iso(13)}&adults=2&pets=1`;
    const { store } = renderWithStore(<StayPage />, { path: `/house/7${stay}`, route: '/house/:id' });
    const before = store.getState();
    expect(screen.getByText(`${iso(10)} to ${iso(13)}, 2 guests, 1 pet`)).toBeInTheDocument();
    expect(location()).toBe(`/house/7${stay}`);

    await userEvent.click(screen.getByRole('button', { name: 'Other dates' }));
    expect(location()).toBe(`/house/7?checkin=${iso(30)}&checkout=${iso(32)}&adults=2&pets=1`);
    expect(screen.getByText(`${iso(30)} to ${iso(32)}, 2 guests, 1 pet`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Two children' }));
    expect(location()).toBe(`/house/7?checkin=${iso(30)}&checkout=${iso(32)}&adults=2&children=2&pets=1`);
    await userEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(location()).toBe('/house/7?adults=2&children=2&pets=1');
    // The URL is the only owner: no slice (the search bar's draft included) took a copy.
    expect(store.getState().form).toBeDefined();
    expect(store.getState().form).toEqual(before.form);
  });

  it('is for one adult when the link counts nobody, and the rules clean what they refuse', async () => {
    renderWithStore(<StayPage />, { path: `/7/book?checkin=${iso(-2)}&checkout=${iso(3)}&infants=9&where=Oslo`, route: '/:id/book' });
    expect(screen.getByText(`no start to ${iso(3)}, 1 guest, 5 infants`)).toBeInTheDocument();
    await vi.waitFor(() => expect(location()).toBe(`/7/book?checkout=${iso(3)}&adults=1&infants=5`));
  });

  it('clamps what the rules cap and drops what they refuse', async () => {
    renderWithStore(<StayPage />, { path: `/house/7?checkin=${iso(-5)}&checkout=nope&adults=99&junk=1`, route: '/house/:id' });
    await vi.waitFor(() => expect(location()).toBe('/house/7?adults=16'));
  });

  it('leaves a URL without a stay plain, and dates picked before anyone is counted count nobody', async () => {
    renderWithStore(<StayPage />, { path: '/house/7', route: '/house/:id' });
    expect(screen.getByText('no start to no end, 1 guest')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Two children' })).toBeInTheDocument());
    expect(location()).toBe('/house/7');
    await userEvent.click(screen.getByRole('button', { name: 'Other dates' }));
    expect(location()).toBe(`/house/7?checkin=${iso(30)}&checkout=${iso(32)}`);
  });
});
