import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserData } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { ContactHost } from './ContactHost';

const TRAVELLER = { id: 'u', email: 'tom@example.com', name: 'Tom', isAnonymous: false };

function renderContact(contactHostAnswer: () => { data?: number; error?: { message: string; code: string } } = () => ({ data: 41 })) {
  const view = renderWithStore(<ContactHost roomId={7} />, {
    path: '/house/7',
    answer: (read) => (read.rpc === 'room_has_host' ? { data: true } : read.rpc === 'contact_host' ? contactHostAnswer() : { data: [] }),
  });
  act(() => {
    view.store.dispatch(setUserData(TRAVELLER));
  });
  return view;
}

describe('ContactHost', () => {
  it('opens a dialog whose Send waits for something written: nothing is sent while it is blank', async () => {
    const user = userEvent.setup();
    const { reads } = renderContact();
    await user.click(await screen.findByRole('button', { name: 'Contact host' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact host' });
    const send = within(dialog).getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your message'), '   ');
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reads.filter((read) => read.rpc === 'contact_host')).toEqual([]);
  });

  it('sends the written message with the place and leads to the conversation', async () => {
    const user = userEvent.setup();
    const { reads } = renderContact();
    await user.click(await screen.findByRole('button', { name: 'Contact host' }));
    await user.type(screen.getByLabelText('Your message'), 'Is the garden fenced?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/41'));
    expect(reads.filter((read) => read.rpc === 'contact_host').map((read) => read.args)).toEqual([
      { p_room_id: 7, p_body: 'Is the garden fenced?' },
    ]);
  });

  it('says why a message was refused and keeps what was written', async () => {
    const user = userEvent.setup();
    renderContact(() => ({ error: { message: 'too many messages', code: 'PT429' } }));
    await user.click(await screen.findByRole('button', { name: 'Contact host' }));
    await user.type(screen.getByLabelText('Your message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent. Try again.');
    expect(screen.getByLabelText('Your message')).toHaveValue('Hello');
  });
});
