import { screen } from '@testing-library/react';
import { createTestStore, renderWithStore, specQuote } from 'shared/testing';
import { roomsApi } from 'shared/api';
import { MobileReserveBar } from './MobileReserveBar';

const STAY = '/house/1?checkin=2030-06-01&checkout=2030-06-04';

describe('MobileReserveBar', () => {
  // The stay's dates are in the calendar's reach (the URL drops days past it).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 4, 20, 12));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the booking page's total once both dates are chosen", async () => {
    const store = createTestStore();
    await store.dispatch(roomsApi.util.upsertQueryData('getBookedRanges', 7, []));
    const stay = { roomId: 7, checkIn: '2030-06-01', checkOut: '2030-06-04' };
    await store.dispatch(roomsApi.util.upsertQueryData('getStayQuote', stay, specQuote(7, stay.checkIn, stay.checkOut, 10000)));
    renderWithStore(<MobileReserveBar roomId={7} nightlyUsd={121} maxGuests={4} />, { path: STAY, route: '/house/:id', store });
    // $121 x 3 nights = $363, cleaning fee $84, service fee $39.
    expect(screen.getByText('$486 total')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeInTheDocument();
  });

  it('shows the nightly price and a way to the calendar without dates', async () => {
    const store = createTestStore();
    await store.dispatch(roomsApi.util.upsertQueryData('getBookedRanges', 7, []));
    renderWithStore(<MobileReserveBar roomId={7} nightlyUsd={121} maxGuests={4} />, { path: '/house/1', route: '/house/:id', store });
    expect(screen.getByText('$121 night')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check availability' })).toBeEnabled();
  });

  it('sends the visitor back to the calendar when the chosen nights are booked', async () => {
    const store = createTestStore();
    await store.dispatch(roomsApi.util.upsertQueryData('getBookedRanges', 7, [{ start: '2030-06-02', end: '2030-06-03' }]));
    renderWithStore(<MobileReserveBar roomId={7} nightlyUsd={121} maxGuests={4} />, { path: STAY, route: '/house/:id', store });
    expect(screen.getByText('Those dates are not available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reserve' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check availability' })).toBeEnabled();
  });
});
