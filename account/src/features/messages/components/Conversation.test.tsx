import { act, screen } from '@testing-library/react';
import { setUserData } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { Conversation } from './Conversation';

// jsdom has no scrolling; the thread scrolls its newest message into view.
Element.prototype.scrollIntoView = () => {};

const summary = {
  id: 5, room_id: 7, room_title: 'Cliff house', room_image: null, booking_id: 9, start_date: '2099-05-01', end_date: '2099-05-04',
  role: 'guest', other_name: 'Hana', last_body: 'See you', last_sender_is_me: false, last_message_at: '2099-04-01T10:00:00Z', unread: 0,
};

function renderConversation(row: Record<string, unknown>) {
  const view = renderWithStore(<Conversation />, {
    path: '/messages/5',
    route: '/messages/:id',
    answer: (read) => (read.rpc === 'my_conversations' ? { data: [row] } : { data: [] }),
  });
  act(() => {
    view.store.dispatch(setUserData({ id: 'u', email: 'tom@example.com', name: 'Tom', isAnonymous: false }));
  });
  return view;
}

describe('Conversation', () => {
  it("names a cancelled booking's stay as the trips page does", async () => {
    renderConversation({ ...summary, stay_state: 'cancelled' });
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cliff house' }).parentElement).toHaveTextContent('Cliff house · 01 May 2099 – 04 May 2099 · Cancelled');
  });

  it('a stay to come is Upcoming; an inquiry names no stay', async () => {
    const { unmount } = renderConversation({ ...summary, stay_state: 'confirmed' });
    expect(await screen.findByText('Upcoming')).toBeInTheDocument();
    unmount();
    renderConversation({ ...summary, booking_id: null, start_date: null, end_date: null, stay_state: null });
    expect(await screen.findByRole('link', { name: 'Cliff house' })).toBeInTheDocument();
    expect(screen.queryByText(/Upcoming|Current|Past|Cancelled/)).not.toBeInTheDocument();
  });
});
