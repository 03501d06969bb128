import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore, createTestStore } from 'shared/testing';
import { roomsApi } from 'shared/api';
import { StayCalendar } from './StayCalendar';

async function setup() {
  const store = createTestStore();
  await store.dispatch(roomsApi.util.upsertQueryData('getBookedRanges', 7, [{ start: '2027-03-10', end: '2027-03-13' }]));
  renderWithStore(<StayCalendar roomId={7} city="Lisbon" />, { path: '/house/1', route: '/house/:id', store });
  return { user: userEvent.setup() };
}

const day = (name: string) => screen.getByRole('button', { name });

describe('StayCalendar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 2, 2, 12));
  });
  afterEach(() => vi.useRealTimers());

  it('walks the heading from check-in to checkout to the nights in the city', async () => {
    const { user } = await setup();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Select check-In date');
    await user.click(day('Wednesday, 3 March 2027'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Select checkout date');
    await user.click(day('Saturday, 6 March 2027'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('3 nights in Lisbon');
    expect(screen.getByTestId('location')).toHaveTextContent('/house/1?checkin=2027-03-03&checkout=2027-03-06');
  });

  it("'Clear dates' resets both dates and the heading", async () => {
    const { user } = await setup();
    await user.click(day('Wednesday, 3 March 2027'));
    await user.click(day('Friday, 5 March 2027'));
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Select check-In date');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/house\/1$/);
  });

  it('disables past days and nights already booked', async () => {
    await setup();
    expect(day('Monday, 1 March 2027')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Wednesday, 10 March 2027')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Friday, 12 March 2027')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Saturday, 13 March 2027')).not.toHaveAttribute('aria-disabled');
  });

  it('lets a stay end on the first booked night but not run past it', async () => {
    const { user } = await setup();
    await user.click(day('Friday, 5 March 2027'));
    expect(day('Wednesday, 10 March 2027')).not.toHaveAttribute('aria-disabled');
    expect(day('Thursday, 11 March 2027')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Monday, 15 March 2027')).toHaveAttribute('aria-disabled', 'true');
  });
});
