import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { setUserData } from 'shared/state';
import { createTestStore, renderWithStore } from 'shared/testing';
import { useReserve, useStayDates, useStayGuests } from './useStay';

const iso = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

/** The listing page's stay controls, reduced to four buttons. */
function StayPage() {
  const { nights, setRange, clear } = useStayDates();
  const { counts, setCounts } = useStayGuests();
  const reserve = useReserve(7);
  return (
    <>
      <p>
        {nights} nights, {counts.adults} adults
      </p>
      <button type="button" onClick={() => setRange({ start: iso(20), end: iso(22) })}>
        Other dates
      </button>
      <button type="button" onClick={clear}>
        Clear dates
      </button>
      <button type="button" onClick={() => setCounts({ adults: 3, children: 0, infants: 0, pets: 0 })}>
        Three adults
      </button>
      <button type="button" onClick={reserve}>
        Reserve
      </button>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe("the listing's stay", () => {
  it('the calendar and the guest picker read and replace the URL; Reserve carries it to the booking page', async () => {
    const store = createTestStore();
    store.dispatch(setUserData({ id: 'u1', email: 'ada@example.test', name: 'Ada', isAnonymous: false }));
    renderWithStore(<StayPage />, { store, path: `/house/7?checkin=${iso(10)}&checkout=${iso(13)}&adults=2`, route: '/house/:id' });
    expect(screen.getByText('3 nights, 2 adults')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Other dates' }));
    expect(location()).toBe(`/house/7?checkin=${iso(20)}&checkout=${iso(22)}&adults=2`);
    expect(screen.getByText('2 nights, 2 adults')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Three adults' }));
    expect(location()).toBe(`/house/7?checkin=${iso(20)}&checkout=${iso(22)}&adults=3`);
    await userEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(location()).toBe('/house/7?adults=3');

    await userEvent.click(screen.getByRole('button', { name: 'Other dates' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(location()).toBe(`/7/book?checkin=${iso(20)}&checkout=${iso(22)}&adults=3`);
  });

  it('books one adult when the link counts nobody', async () => {
    renderWithStore(<StayPage />, { path: '/house/7', route: '/house/:id' });
    expect(screen.getByText('0 nights, 1 adults')).toBeInTheDocument();
    await vi.waitFor(() => expect(location()).toBe('/house/7'));
  });
});
