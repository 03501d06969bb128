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
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada' }));
    });
    const list = await screen.findByRole('list', { name: 'Your trips' });
    const card = within(list).getByRole('article', { name: 'Cliff house' });
    expect(card).toHaveTextContent('Goa, India');
    expect(card).toHaveTextContent('ABC123');
    expect(within(card).getByRole('link', { name: 'Open Cliff house' })).toHaveAttribute('href', '/house/7');
    expect(within(card).getByRole('link', { name: 'View itinerary of Cliff house' })).toHaveAttribute('href', '/trips/ABC123');
    expect(card).toHaveTextContent('UPCOMING');
    expect(reads.map((read) => [read.table, read.columns, read.filters])).toEqual([
      ['Payments', 'id,startDate,endDate,Guest,cancelled_at,room:Rooms(*)', [['user_email', 'eq', 'ada@example.com']]],
    ]);
  });
});
