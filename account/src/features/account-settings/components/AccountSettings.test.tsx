import { act, screen } from '@testing-library/react';
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

  it('shows no Manage Listings without a signed-in user', () => {
    renderWithStore(<AccountSettings />);
    expect(screen.queryByRole('link', { name: 'Manage Listings' })).toBeNull();
    expect(screen.getByLabelText('Account')).toHaveAttribute('aria-busy', 'true');
  });
});
