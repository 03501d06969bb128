import { act, screen, within } from '@testing-library/react';
import { setUserData } from 'shared/state';
import { renderWithStore, specQuote } from 'shared/testing';
import { addDaysToIsoDay, NO_FACTS, toIsoDay } from 'shared/rules';
import { TripPage } from './TripPage';

// jsdom has no scrolling; the page scrolls to the top on open.
window.scrollTo = () => {};

const room = {
  id: 7,
  'house-title': 'Cliff house',
  city: 'Goa',
  country: 'India',
  images: ['/a/7.webp'],
  house_location: 'Goa, India',
  lat: 15.5,
  lng: 73.8,
  max_guests: 4,
  // room_locations, embedded: the street and pin a confirmed stay reads (issue 40).
  location: { address: '12 Cliff Road', lat: 15.497, lng: 73.803 },
};
const today = toIsoDay(new Date());

/** 8300 local = $100 a night: 3 nights = 300 + cleaning 70 + service 33 = $403, as its stored quote says. */
function payment(fields: Record<string, unknown> = {}) {
  return {
    id: 'HMABC123-9f',
    startDate: addDaysToIsoDay(today, 30),
    endDate: addDaysToIsoDay(today, 33),
    numOfDays: 3,
    Guest: 'Ada Lovelace',
    amount: 403,
    created_at: new Date().toISOString(),
    cancellation_policy: 'moderate',
    cancelled_at: null,
    refund_amount: null,
    refund_id: null,
    status: 'successful',
    room,
    booking: { adults: 2, children: 1, infants: 0, pets: 1, quote: specQuote(7, '2030-06-01', '2030-06-04', 8300) },
    ...fields,
  };
}

function renderTrip(rows: unknown[], code = 'HMABC123') {
  const rendered = renderWithStore(<TripPage />, {
    path: `/trips/${code}`,
    route: '/trips/:code',
    answer: (read) => {
      if (read.table === 'Payments') return { data: rows };
      // The listing's own check-in and checkout times.
      if (read.rpc === 'listing_facts') return { data: { ...NO_FACTS, check_in_from: '15:00', checkout_before: '11:00' } };
      return { data: [] };
    },
  });
  act(() => {
    rendered.store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
  });
  return rendered;
}

describe('TripPage', () => {
  it("reads the trip by its code with its room and guests, and shows the stay, the receipt's lines and the policy", async () => {
    const { reads } = renderTrip([payment()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cliff house' })).toBeInTheDocument();
    expect(screen.getByText('UPCOMING')).toBeInTheDocument();
    expect(screen.getByText('12 Cliff Road')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Map showing Goa, India' })).toBeInTheDocument();
    expect(screen.queryByTestId('approximate-area')).not.toBeInTheDocument();
    expect(screen.getByText('3 guests, 1 pet')).toBeInTheDocument();

    const receipt = screen.getByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText('$100.00 x 3 nights').nextSibling).toHaveTextContent('$300.00');
    expect(within(receipt).getByText('Cleaning fee').nextSibling).toHaveTextContent('$70.00');
    expect(within(receipt).getByText('Service fee').nextSibling).toHaveTextContent('$33.00');
    expect(within(receipt).getByText('Total charged (USD)').nextSibling).toHaveTextContent('$403.00');
    expect(within(receipt).getByText('HMABC123')).toBeInTheDocument();

    const policy = screen.getByRole('region', { name: 'Cancellation policy' });
    expect(policy).toHaveTextContent('Free cancellation for 48 hours');
    expect(policy).toHaveTextContent('If you cancel now, you get back the full $403.00.');
    expect(within(policy).getByRole('button', { name: 'Cancel trip' })).toBeEnabled();

    expect(await screen.findByText('Check-in after 3:00 pm · Checkout before 11:00 am')).toBeInTheDocument();
    expect(reads[0]!.columns).toContain('room:Rooms(*,location:room_locations(address,lat,lng))');
    expect(reads.map((read) => [read.table ?? read.rpc, read.table ? read.filters : read.args])).toEqual([
      ['Payments', [['id', 'like', 'HMABC123-%']]],
      ['listing_facts', { p_room_id: 7 }],
    ]);
  });

  it('after the free window, a moderate listing offers half back', async () => {
    renderTrip([payment({ created_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString() })]);
    const policy = await screen.findByRole('region', { name: 'Cancellation policy' });
    expect(policy).toHaveTextContent('If you cancel now, you get back $201.50 of $403.00.');
  });

  it('a cancelled trip shows CANCELLED and its refund, and cannot be cancelled again', async () => {
    renderTrip([payment({ cancelled_at: new Date().toISOString(), refund_amount: 403, refund_id: 're_1' })]);
    expect(await screen.findByText('CANCELLED')).toBeInTheDocument();
    expect(screen.getByText('Refunded').nextSibling).toHaveTextContent('$403.00');
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });

  it('a trip whose room comes without its street (cancelled, or a seed place) shows the area and no pin', async () => {
    renderTrip([payment({ cancelled_at: new Date().toISOString(), refund_amount: 403, refund_id: 're_1', room: { ...room, location: null } })]);
    expect(await screen.findByText('CANCELLED')).toBeInTheDocument();
    expect(screen.getAllByText('Goa, India')).toHaveLength(3); // under the title, as the address, on the map
    expect(screen.queryByText('12 Cliff Road')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Map showing the approximate area of Goa, India' })).toBeInTheDocument();
  });

  it('a cancelled trip whose refund is still owed says so and offers to send it again', async () => {
    renderTrip([payment({ cancelled_at: new Date().toISOString(), refund_amount: 403, refund_id: null })]);
    expect(await screen.findByText('Refund on its way')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send my refund again' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });

  it('a stay under way is CURRENT and can no longer be cancelled', async () => {
    renderTrip([payment({ startDate: today, endDate: addDaysToIsoDay(today, 3) })]);
    expect(await screen.findByText('CURRENT')).toBeInTheDocument();
    expect(screen.getByText('This stay has begun, so it can no longer be cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });

  it('shows only the total when the lines would not add up to what was charged', async () => {
    const quote = specQuote(7, '2030-06-01', '2030-06-04', 120 * 83);
    renderTrip([payment({ booking: { adults: 2, children: 1, infants: 0, pets: 1, quote } })]);
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).queryByText('Cleaning fee')).not.toBeInTheDocument();
    expect(within(receipt).getByText('Total charged (USD)').nextSibling).toHaveTextContent('$403.00');
  });

  it("a code that is not one of the user's trips is a trip not found", async () => {
    renderTrip([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your trips' })).toHaveAttribute('href', '/trips');
  });

  it('a failed read says so and reads again on Try again', async () => {
    let attempts = 0;
    const rendered = renderWithStore(<TripPage />, {
      path: '/trips/HMABC123',
      route: '/trips/:code',
      answer: () => {
        attempts += 1;
        return attempts === 1 ? { error: { message: 'boom', code: 'XX000' } } : { data: [payment()] };
      },
    });
    act(() => {
      rendered.store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your trip could not be loaded.');
    act(() => {
      within(alert).getByRole('button', { name: 'Try again' }).click();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cliff house' })).toBeInTheDocument();
  });

  it('a malformed code reads nothing', async () => {
    const { reads } = renderTrip([payment()], 'HM%25');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip not found' })).toBeInTheDocument();
    expect(reads).toEqual([]);
  });

  it('a request waiting for the host: until when, the card held, and a way to withdraw it instead of a cancellation', async () => {
    renderTrip([payment({ status: 'authorised', state: { status: 'requested', request_expires_at: '2099-05-02T09:30:00Z' } })]);
    expect(await screen.findByText('REQUESTED')).toBeInTheDocument();
    expect(screen.getByText(/^Requested: the host has until 2 May, \d\d:\d\d to answer$/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Receipt' })).getByText('Total held, not charged (USD)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });
});
