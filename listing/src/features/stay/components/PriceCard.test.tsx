import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserData } from 'shared/state';
import { createTestStore, renderWithStore, specNightlyUsd, specQuote, specStayTotals } from 'shared/testing';
import { roomsApi } from 'shared/api';
import { PriceCard } from './PriceCard';

// 10000 in local currency is ceil(10000 / 83) = $121 a night.
const PRICE = 10000;

/** The card on /house/7, the stay in its URL as a link brings it. */
async function renderCard(
  options: { dates?: boolean; adults?: number; signedIn?: boolean; booked?: { start: string; end: string }[] } = {},
) {
  const store = createTestStore();
  await store.dispatch(roomsApi.util.upsertQueryData('getBookedRanges', 7, options.booked ?? []));
  const quoted = { roomId: 7, checkIn: '2030-06-01', checkOut: '2030-06-04' };
  await store.dispatch(roomsApi.util.upsertQueryData('getStayQuote', quoted, specQuote(7, quoted.checkIn, quoted.checkOut, PRICE)));
  if (options.signedIn) store.dispatch(setUserData({ id: 'u1', email: 'ada@example.test', name: 'Ada', isAnonymous: false }));
  const stay = new URLSearchParams();
  if (options.dates) stay.set('checkin', '2030-06-01');
  if (options.dates) stay.set('checkout', '2030-06-04');
  if (options.adults) stay.set('adults', String(options.adults));
  const path = stay.size > 0 ? `/house/7?${stay.toString()}` : '/house/7';
  return renderWithStore(<PriceCard roomId={7} nightlyUsd={specNightlyUsd(PRICE)} maxGuests={4} />, { store, path, route: '/house/:id' });
}

function breakdownLine(label: string | RegExp) {
  return screen.getByText(label).closest('div')!;
}

describe('PriceCard', () => {
  // The stay's dates are in the calendar's reach (the URL drops days past it).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 4, 20, 12));
  });
  afterEach(() => vi.useRealTimers());

  it("asks for dates: 'Add dates for prices' and a disabled 'Check availability'", async () => {
    await renderCard();
    expect(screen.getByRole('heading', { name: 'Add dates for prices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check availability' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Reserve' })).not.toBeInTheDocument();
    expect(screen.queryByText('Total (USD)')).not.toBeInTheDocument();
  });

  it("shows the booking page's lines: nights, cleaning fee, service fee and the total charged", async () => {
    await renderCard({ dates: true });
    const nightly = specNightlyUsd(PRICE);
    const totals = specStayTotals(nightly, 3);
    expect([nightly, totals]).toEqual([121, { nightsSubtotal: 363, cleaningFee: 84, serviceFee: 39, total: 486 }]);
    expect(screen.getByRole('heading', { name: '$121 night' })).toBeInTheDocument();
    expect(within(breakdownLine('$121 x 3 nights')).getByText('$363')).toBeInTheDocument();
    expect(within(breakdownLine('Cleaning fee')).getByText('$84')).toBeInTheDocument();
    expect(within(breakdownLine('Service fee')).getByText('$39')).toBeInTheDocument();
    expect(within(breakdownLine('Total (USD)')).getByText('$486')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeEnabled();
  });

  it('opens the login dialog when a signed-out visitor reserves, to go on to the booking page with the stay', async () => {
    const { store } = await renderCard({ dates: true });
    await userEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(store.getState().app).toMatchObject({
      showLogin: true,
      loginReturnPath: '/7/book?checkin=2030-06-01&checkout=2030-06-04&adults=1',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/house/7?checkin=2030-06-01&checkout=2030-06-04');
  });

  it('takes a signed-in user to the booking page with the stay in its URL, for at least one adult', async () => {
    await renderCard({ dates: true, signedIn: true });
    await userEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/7/book?checkin=2030-06-01&checkout=2030-06-04&adults=1');
  });

  it("keeps the guests within the listing's capacity", async () => {
    await renderCard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Guests/ }));
    const addAdult = screen.getByRole('button', { name: 'Increase adults' });
    await user.click(addAdult);
    await user.click(addAdult);
    await user.click(addAdult);
    expect(screen.getByRole('button', { name: /Guests/ })).toHaveTextContent('4 guests');
    expect(addAdult).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase children' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase infants' })).toBeEnabled();
  });

  it('does not offer Reserve for nights already booked', async () => {
    await renderCard({ dates: true, signedIn: true, booked: [{ start: '2030-06-03', end: '2030-06-05' }] });
    expect(screen.getByText('Those dates are not available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reserve' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check availability' })).toBeDisabled();
  });

  it("disables Reserve for more guests than the listing sleeps", async () => {
    await renderCard({ dates: true, adults: 5, signedIn: true });
    expect(await screen.findByText('This place has a maximum of 4 guests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  });
});
