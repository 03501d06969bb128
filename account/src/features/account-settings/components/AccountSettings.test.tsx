import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectUserData, setUserData } from 'shared/state';
import { authAccounts, renderWithStore } from 'shared/testing';
import { signInAsGuest } from 'shared/session';
import { AccountSettings } from './AccountSettings';

describe('AccountSettings', () => {
  it("offers a signed-in user's phone layout Manage Listings to /hosting, after the 'Become a host' teaser", () => {
    const { store } = renderWithStore(<AccountSettings />);
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada Lovelace', isAnonymous: false }));
    });
    const manage = screen.getByRole('link', { name: 'Manage Listings' });
    expect(manage).toHaveAttribute('href', '/hosting');
    // 'Become a host' leads to hosting too (issue 43: hosting exists).
    const teaser = screen.getByRole('link', { name: /^Become a host/ });
    expect(teaser).toHaveAttribute('href', '/hosting');
    const hosting = screen.getByRole('heading', { name: 'Hosting', level: 2 });
    const settings = screen.getByRole('heading', { name: 'Settings', level: 2 });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(teaser, hosting) && follows(hosting, manage) && follows(manage, settings)).toBe(true);
  });

  it('makes every tile work or say it is coming: Personal info links, Login & Security opens its dialog, the rest are not pressable', async () => {
    const { store } = renderWithStore(<AccountSettings />);
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada Lovelace', isAnonymous: false }));
    });
    const tiles = within(screen.getByRole('list', { name: 'Account settings' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(10);
    const pressable = tiles.filter((tile) => within(tile).queryByRole('link') ?? within(tile).queryByRole('button'));
    expect(pressable.map((tile) => tile.querySelector('a, button')!.getAttribute('href') ?? 'button')).toEqual(['/lp', 'button']);
    const soon = tiles.filter((tile) => !pressable.includes(tile));
    expect(soon).toHaveLength(8);
    for (const tile of soon) expect(within(tile).getByText('Coming soon')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Login & Security/ }));
    const dialog = screen.getByRole('dialog', { name: 'Login & Security' });
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(dialog).getByLabelText('New email')).toBeInTheDocument();
  });

  it("opens Login & Security from the phone layout's Account row", async () => {
    const { store } = renderWithStore(<AccountSettings />);
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada Lovelace', isAnonymous: false }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('dialog', { name: 'Login & Security' })).toBeInTheDocument();
  });

  it("offers a guest, at both widths, to create an account, and Login & Security holds only that form (no password, email or authenticator forms)", async () => {
    const { store } = renderWithStore(<AccountSettings />);
    act(() => {
      store.dispatch(setUserData({ id: 'g', email: null, name: 'Guest', isAnonymous: true }));
    });
    expect(screen.getAllByText('Create an account to keep your trips')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /^Login & Security/ }));
    const dialog = screen.getByRole('dialog', { name: 'Login & Security' });
    expect(within(dialog).getByRole('heading', { name: 'Create an account to keep your trips' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    expect(within(dialog).queryByLabelText('New email')).toBeNull();
    expect(within(dialog).queryByText(/authenticator/i)).toBeNull();
  });

  it("makes a guest's account permanent from the dialog: the same user, now with an email, and the account's forms", async () => {
    const authRequests = authAccounts({});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = renderWithStore(<AccountSettings />);
    await act(async () => {
      await store.dispatch(signInAsGuest());
    });
    const guestId = selectUserData(store.getState())!.id;
    await userEvent.click(screen.getAllByRole('button', { name: 'Create an account' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Login & Security' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kept@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(selectUserData(store.getState())).toEqual({ id: guestId, email: 'kept@example.com', name: 'Guest', isAnonymous: false }));
    expect(authRequests.filter((call) => call.endpoint === 'user').map((call) => call.body)).toEqual([
      expect.objectContaining({ email: 'kept@example.com', password: 'secret1' }),
    ]);
    expect(authRequests.some((call) => call.endpoint === 'token' && 'refresh_token' in call.body)).toBe(true);
    expect(await within(dialog).findByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByText('Create an account to keep your trips')).toBeNull();
  });

  it('shows no Manage Listings without a signed-in user', () => {
    renderWithStore(<AccountSettings />);
    expect(screen.queryByRole('link', { name: 'Manage Listings' })).toBeNull();
    expect(screen.getByLabelText('Account')).toHaveAttribute('aria-busy', 'true');
  });
});
