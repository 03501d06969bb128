/**
 * Renders account screens with the real store, router and runtime config. The supabase
 * client is a stand-in given by each test (the real round trips are in the e2e suite).
 */
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createAppStore } from 'shared/store';
import { ConfigProvider, type RuntimeConfig } from 'shared/config';

export const testConfig: RuntimeConfig = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon',
  guestEmail: 'guest@homestory.test',
  guestPassword: 'guest-password',
  paymentMode: 'test',
  stripePublishableKey: null,
  mapTileUrl: null,
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderWithStore(
  ui: ReactElement,
  { supabase = {} as SupabaseClient, path = '/' }: { supabase?: SupabaseClient; path?: string } = {},
) {
  const store = createAppStore({ extra: { supabase, config: testConfig }, tabSync: false });
  const result = render(
    <ConfigProvider config={testConfig}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Provider>
    </ConfigProvider>,
  );
  return { store, ...result };
}
