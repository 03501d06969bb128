import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserData } from 'shared/state';
import { renderWithStore, type Read } from 'shared/testing';
import { Notifications } from './Notifications';

const signIn = (store: ReturnType<typeof renderWithStore>['store']) =>
  act(() => {
    store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
  });

const notification = (id: number, kind: string, title: string, path: string, read: boolean) => ({
  id,
  kind,
  booking_id: 9,
  created_at: '2026-11-20T10:00:00Z',
  read_at: read ? '2026-11-21T10:00:00Z' : null,
  data: { title, body: `${title}: Cliff house, 1 Dec – 4 Dec 2026.`, path, role: 'guest' },
});

describe('Notifications', () => {
  it('shows placeholders, not an empty list, while it loads', () => {
    const { container } = renderWithStore(<Notifications />);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByText('No notifications yet')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('says so when there are none, with a way on', async () => {
    const { store } = renderWithStore(<Notifications />, { answer: () => ({ data: [] }) });
    signIn(store);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start exploring' })).toHaveAttribute('href', '/');
  });

  it('reports a failed read and reads again on Try again', async () => {
    let fail = true;
    const { store } = renderWithStore(<Notifications />, {
      answer: () => (fail ? { error: { message: 'down' } } : { data: [] }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(store);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your notifications could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
  });

  it('lists them newest first, leading to their pages; opening an unread one marks it read', async () => {
    const rows = [
      notification(3, 'booking_cancelled', 'Your stay was cancelled', '/trips/HMA1', false),
      notification(2, 'payout_sent', 'Payout sent', '/hosting/earnings', false),
      notification(1, 'booking_confirmed', 'Your stay is confirmed', '/trips/HMA1', true),
    ];
    const marks: Read[] = [];
    const { store } = renderWithStore(<Notifications />, {
      answer: (read) => {
        if (read.rpc === 'mark_notifications_read') {
          marks.push(read);
          return { data: 1 };
        }
        return { data: rows };
      },
    });
    signIn(store);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/trips/HMA1', '/hosting/earnings', '/trips/HMA1']);
    expect(links[0]).toHaveAccessibleName(/^Unread: Your stay was cancelled/);
    expect(links[2]).toHaveAccessibleName(/^Your stay is confirmed/);
    expect(links[0]).toHaveTextContent('Your stay was cancelled: Cliff house, 1 Dec – 4 Dec 2026.');

    // From the keyboard: focus the first and press Enter.
    links[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(marks.map((read) => read.args)).toEqual([{ p_ids: [3] }]);
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(/^Your stay was cancelled/);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(marks.map((read) => read.args)).toEqual([{ p_ids: [3] }, { p_ids: [2] }]);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });
});
