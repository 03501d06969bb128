import { act, screen, within } from '@testing-library/react';
import { setUserData } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { Trips } from './Trips';

// jsdom has no scrolling; the page scrolls to the top on open.
window.scrollTo = () => {};

const room = { id: 7, 'house-title': 'Cliff house', city: 'Goa', country: 'India', images: ['/a/7.webp'] };

describe('Trips', () => {
  it('reads the payments with their rooms in one request and shows a card per trip', async () => {
    const { store, reads } = renderWithStore(<Trips />, {
      answer: (read) =>
        read.table === 'Payments'
          ? { data: [{ id: 'ABC123-1', startDate: '2099-05-01', endDate: '2099-05-04', Guest: 'Ada', cancelled_at: null, room }] }
          : { data: [] },
    });
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
    });
    const list = await screen.findByRole('list', { name: 'Your trips' });
    const card = within(list).getByRole('article', { name: 'Cliff house' });
    expect(card).toHaveTextContent('Goa, India');
    expect(card).toHaveTextContent('ABC123');
    expect(within(card).getByRole('link', { name: 'Open Cliff house' })).toHaveAttribute('href', '/house/7');
    expect(within(card).getByRole('link', { name: 'View itinerary of Cliff house' })).toHaveAttribute('href', '/trips/ABC123');
    expect(card).toHaveTextContent('UPCOMING');
    expect(reads.map((read) => [read.table ?? read.rpc, read.columns, read.filters])).toEqual([
      ['Payments', 'id,startDate,endDate,Guest,cancelled_at,booking_id,room:Rooms(*),state:Bookings(status,request_expires_at)', [['user_id', 'eq', 'u']]],
      ['reviewable_stays', undefined, []],
    ]);
    expect(within(card).queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('offers a review of a past stay the server says is open, and says when a sent one publishes', async () => {
    const past = (id: string, bookingId: number) => ({ id, startDate: '2026-01-01', endDate: '2026-01-03', Guest: 'Ada', cancelled_at: null, booking_id: bookingId, room });
    const stay = (bookingId: number, published: string | null) => ({
      booking_id: bookingId, room_id: 7, room_title: 'Cliff house', side: 'stay', guest_name: 'Ada',
      start_date: '2026-01-01', end_date: '2026-01-03', review_until: '2026-01-17', my_review_published_at: published,
    });
    const { store } = renderWithStore(<Trips />, {
      answer: (read) =>
        read.table === 'Payments'
          ? { data: [past('AAA-1', 1), past('BBB-1', 2), past('CCC-1', 3)] }
          : read.rpc === 'reviewable_stays'
            ? { data: [stay(1, null), stay(2, '2099-01-18T00:00:00+00:00')] }
            : { data: [] },
    });
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
    });
    const list = await screen.findByRole('list', { name: 'Your trips' });
    const cards = within(list).getAllByRole('article');
    expect(await within(cards[0]!).findByRole('button', { name: 'Write a review' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Review submitted — published when your host reviews you or on Jan 18, 2099');
    expect(within(cards[2]!).queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('a request to book says until when the host may answer', async () => {
    const expires = '2099-05-02T09:30:00Z';
    const { store } = renderWithStore(<Trips />, {
      answer: (read) =>
        read.table === 'Payments'
          ? {
              data: [
                { id: 'REQ1-1', startDate: '2099-06-01', endDate: '2099-06-03', Guest: 'Ada', cancelled_at: null, booking_id: 4,
                  state: { status: 'requested', request_expires_at: expires }, room },
              ],
            }
          : { data: [] },
    });
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
    });
    const card = within(await screen.findByRole('list', { name: 'Your trips' })).getByRole('article', { name: 'Cliff house' });
    expect(card).toHaveTextContent('REQUESTED');
    expect(card).toHaveTextContent(/Requested: the host has until 2 May, \d\d:\d\d to answer/);
  });
});
