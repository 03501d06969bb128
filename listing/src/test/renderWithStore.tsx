/**
 * Renders listing components with the site's real store, router and runtime config. Server
 * data a test needs is put in the RTK Query cache first, so no request leaves the test; the
 * supabase client points at an address nothing listens on.
 */
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { createAppStore, type AppStore } from 'shared/store';
import { ConfigProvider, type RuntimeConfig } from 'shared/config';
import { createSupabaseClient } from 'shared/supabase';

export const testConfig: RuntimeConfig = {
  supabaseUrl: 'http://127.0.0.1:9',
  supabaseAnonKey: 'test-anon-key',
  guestEmail: 'guest@example.test',
  guestPassword: 'guest-password',
  paymentMode: 'test',
  stripePublishableKey: null,
  mapTileUrl: null,
};

export function createTestStore(): AppStore {
  return createAppStore({ extra: { supabase: createSupabaseClient(testConfig), config: testConfig }, tabSync: false });
}

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

export function renderWithStore(
  ui: ReactElement,
  { store = createTestStore(), path = '/house/1', route = '/house/:id', config = testConfig } = {},
) {
  const wrap = (children: ReactNode) => (
    <ConfigProvider config={config}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={children} />
            <Route path="*" element={null} />
          </Routes>
          <CurrentPath />
        </MemoryRouter>
      </Provider>
    </ConfigProvider>
  );
  return { store, ...render(wrap(ui)) };
}
