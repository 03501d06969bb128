import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { injectFormSlice } from 'shared/store';
import { renderWithStore } from 'shared/testing';
import { useStayDates, useStayGuests } from './useStay';
import { useStayInUrl } from './useStayInUrl';

const form = injectFormSlice();
const iso = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

/** The listing page's stay controls, reduced to two buttons. */
function StayPage() {
  useStayInUrl();
  const { setRange, clear } = useStayDates();
  const { setCounts } = useStayGuests();
  return (
    <>
      <button type="button" onClick={() => setRange({ start: iso(20), end: iso(22) })}>
        Other dates
      </button>
      <button type="button" onClick={clear}>
        Clear dates
      </button>
      <button type="button" onClick={() => setCounts({ adults: 1, children: 0, infants: 0, pets: 0 })}>
        One adult
      </button>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('the stay in the listing URL', () => {
  it('a link with a stay fills the calendar and the guests; the calendar and the picker replace the URL', async () => {
    const stay = `?checkin=${iso(10)}&checkout=${iso(13)}&adults=2&pets=1`;
    const { store } = renderWithStore(<StayPage />, { path: `/house/7${stay}`, route: '/house/:id' });
    expect(form.selectors.selectDateRange(store.getState())).toEqual({ start: iso(10), end: iso(13) });
    expect(form.selectors.selectGuestCounts(store.getState())).toEqual({ adults: 2, children: 0, infants: 0, pets: 1 });
    expect(location()).toBe(`/house/7${stay}`);

    await userEvent.click(screen.getByRole('button', { name: 'Other dates' }));
    expect(location()).toBe(`/house/7?checkin=${iso(20)}&checkout=${iso(22)}&adults=2&pets=1`);
    await userEvent.click(screen.getByRole('button', { name: 'One adult' }));
    expect(location()).toBe(`/house/7?checkin=${iso(20)}&checkout=${iso(22)}&adults=1`);
    await userEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(location()).toBe('/house/7?adults=1');
  });

  it('a stay the rules refuse is dropped and the URL cleaned', async () => {
    renderWithStore(<StayPage />, { path: `/house/7?checkin=${iso(-5)}&checkout=nope&adults=99&junk=1`, route: '/house/:id' });
    await vi.waitFor(() => expect(location()).toBe('/house/7?adults=16'));
  });

  it('without a stay the URL stays plain', async () => {
    renderWithStore(<StayPage />, { path: '/house/7', route: '/house/:id' });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'One adult' })).toBeInTheDocument());
    expect(location()).toBe('/house/7');
  });
});
