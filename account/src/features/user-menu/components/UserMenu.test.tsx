import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserData } from 'shared/state';
import { renderWithStore } from 'shared/testing';
import { loginPathReturningTo } from 'shared/url';
import { UserMenu } from './UserMenu';

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
  return screen.getByRole('navigation', { name: 'User menu' });
};

const entries = (menu: HTMLElement) => Array.from(menu.querySelectorAll<HTMLElement>('a, button'));

describe('UserMenu', () => {
  it('offers Sign up, Log in, Become a host and Help center when signed out, with the default avatar', async () => {
    renderWithStore(<UserMenu />);
    const menu = await open();
    const names = entries(menu).map((item) => item.textContent);
    expect(names).toEqual(['Sign up', 'Log in', 'Become a host', 'Help center']);
    expect(within(menu).getByRole('link', { name: 'Become a host' })).toHaveAttribute('href', '/comingsoon');
  });

  it('opens the login dialog from Log in and Sign up, closing itself; without scripts they are links to /login', async () => {
    const { store } = renderWithStore(<UserMenu />);
    let menu = await open();
    for (const name of ['Log in', 'Sign up']) {
      expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', loginPathReturningTo('/'));
    }
    await userEvent.click(within(menu).getByRole('link', { name: 'Log in' }));
    expect(store.getState().app.showLogin).toBe(true);
    expect(screen.getByRole('button', { name: 'Open user menu' })).toHaveAttribute('aria-expanded', 'false');
    menu = await open();
    await userEvent.click(within(menu).getByRole('link', { name: 'Sign up' }));
    expect(store.getState().app.showLogin).toBe(true);
  });

  it('lists the signed-in entries with their targets and shows the name initial', async () => {
    const { store } = renderWithStore(<UserMenu />);
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'ada lovelace', isAnonymous: false }));
    });
    expect(screen.getByRole('button', { name: 'Open user menu' })).toHaveTextContent('A');
    const menu = await open();
    const items = entries(menu);
    expect(items.map((item) => item.textContent)).toEqual([
      'Messages',
      'Notification',
      'Trips',
      'Wishlist',
      'Manage Listings',
      'Refer a host',
      'Account',
      'Help center',
      'Log out',
    ]);
    expect(within(menu).getByRole('link', { name: 'Trips' })).toHaveAttribute('href', '/trips');
    expect(within(menu).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(within(menu).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account-settings');
    expect(within(menu).getByRole('link', { name: 'Manage Listings' })).toHaveAttribute('href', '/hosting');
    expect(within(menu).getByRole('link', { name: 'Notification' })).toHaveAttribute('href', '/notifications');
  });

  it('shows the unread notifications’ count on its button and on the Notification entry', async () => {
    const { store, reads } = renderWithStore(<UserMenu />, {
      answer: (read) => (read.table === 'notifications' ? { data: [], count: 2 } : { data: [] }),
    });
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: 'ada@example.com', name: 'Ada', isAnonymous: false }));
    });
    const button = await screen.findByRole('button', { name: 'Open user menu, 2 unread notifications' });
    expect(button).toHaveTextContent('2');
    expect(reads.find((read) => read.table === 'notifications')).toMatchObject({ method: 'HEAD', filters: [['read_at', 'is', 'null']] });
    await userEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'User menu' });
    expect(within(menu).getByRole('link', { name: 'Notification 2 unread' })).toHaveAttribute('href', '/notifications');
  });

  it.each([
    ['an outside click', () => fireEvent.mouseDown(document.body)],
    ['a wheel scroll', () => fireEvent.wheel(window)],
    ['a touch scroll', () => fireEvent.touchMove(window)],
    ['a scrolling key outside it', () => fireEvent.keyDown(document.body, { key: 'PageDown' })],
    ['window blur', () => fireEvent.blur(window)],
    [
      'a hidden tab',
      () => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        fireEvent(document, new Event('visibilitychange'));
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      },
    ],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
  ])('closes on %s', async (_name, dismiss) => {
    renderWithStore(<UserMenu />);
    const menu = await open();
    expect(menu).toBeVisible();
    act(dismiss);
    expect(menu).not.toBeVisible();
  });

  it('stays open when the page scrolls by itself (a page still settling)', async () => {
    renderWithStore(<UserMenu />);
    const menu = await open();
    act(() => {
      fireEvent.scroll(window);
    });
    expect(menu).toBeVisible();
  });

  it('the arrow keys, Home and End move between the entries without leaving the menu', async () => {
    renderWithStore(<UserMenu />);
    const button = screen.getByRole('button', { name: 'Open user menu' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = screen.getByRole('navigation', { name: 'User menu' });
    const items = entries(menu);
    expect(menu).toBeVisible();
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(items[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items.at(-1)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    expect(menu).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('Log in gives focus back to the menu button, where the dialog will return it', async () => {
    renderWithStore(<UserMenu />);
    const menu = await open();
    await userEvent.click(within(menu).getByRole('link', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Open user menu' })).toHaveFocus();
  });

  it('stays open on a click inside', async () => {
    renderWithStore(<UserMenu />);
    const menu = await open();
    fireEvent.mouseDown(menu);
    expect(menu).toBeVisible();
  });
});
