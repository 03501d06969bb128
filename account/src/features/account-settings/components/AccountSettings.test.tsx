import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserData } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { AccountSettings } from './AccountSettings';

describe('AccountSettings', () => {
  it("offers a signed-in user's phone layout Manage Listings to /hosting, after the 'Become a host' teaser", () => {
    const { store } = renderWithStore(<AccountSettings />);
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada Lovelace' }));
    });
    const manage = screen.getByRole('link', { name: 'Manage Listings' });
    expect(manage).toHaveAttribute('href', '/hosting');
    // 'Become a host' still leads to coming soon (ARCHITECTURE.md section 6).
    const teaser = screen.getByRole('link', { name: /^Become a host/ });
    expect(teaser).toHaveAttribute('href', '/comingsoon');
    const hosting = screen.getByRole('heading', { name: 'Hosting', level: 2 });
    const settings = screen.getByRole('heading', { name: 'Settings', level: 2 });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(teaser, hosting) && follows(hosting, manage) && follows(manage, settings)).toBe(true);
  });

  it('makes every tile work or say it is coming: Personal info links, Login & Security opens its dialog, the rest are not pressable', async () => {
    const { store } = renderWithStore(<AccountSettings />);
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada Lovelace' }));
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
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada Lovelace' }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('dialog', { name: 'Login & Security' })).toBeInTheDocument();
  });

  it('shows no Manage Listings without a signed-in user', () => {
    renderWithStore(<AccountSettings />);
    expect(screen.queryByRole('link', { name: 'Manage Listings' })).toBeNull();
    expect(screen.getByLabelText('Account')).toHaveAttribute('aria-busy', 'true');
  });
});
