import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'shared/router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createAppStore } from 'shared/store';
import { setUserData } from 'shared/state';
import type { RuntimeConfig } from 'shared/config';
import { Footer } from './Footer';

function renderAt(path: string) {
  const store = createAppStore({ extra: { supabase: async () => ({}) as SupabaseClient, config: {} as RuntimeConfig }, tabSync: false });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Footer />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('Footer', () => {
  it('shows the breadcrumb, the 2025 copyright, English (IN) and $ Dollar', () => {
    renderAt('/wishlist');
    const footer = screen.getByRole('contentinfo');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('United statesCaliforniaLos Angeles');
    expect(footer).toHaveTextContent('© 2025 Homestory, Inc.');
    expect(footer).toHaveTextContent('English (IN)');
    expect(footer).toHaveTextContent('$ Dollar');
  });

  it('leaves out the breadcrumb on account settings', () => {
    renderAt('/account-settings');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('on /home is a bar for signed-in users only, with $ USD', () => {
    const store = renderAt('/home');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(setUserData({ id: 'u', email: null, name: null, isAnonymous: false }));
    });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('$ USD');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Homestory, Inc.');
  });
});
