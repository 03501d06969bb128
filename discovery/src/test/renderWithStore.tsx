import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ConfigProvider, type RuntimeConfig } from 'shared/config';
import { createAppStore } from 'shared/store';
import { fakeSupabase, type Handler } from './fakeSupabase';

export const testConfig: RuntimeConfig = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon',
  guestEmail: 'guest@example.com',
  guestPassword: 'pw',
  paymentMode: 'test',
  stripePublishableKey: null,
  mapTileUrl: null,
};

/** Renders with a real store (the app's factory), the runtime config and a router at /home. */
export function renderWithStore(ui: ReactNode, handler: Handler = () => ({ data: [] }), path = '/home') {
  const supabase = fakeSupabase(handler);
  const store = createAppStore({ extra: { supabase: supabase.client, config: testConfig }, tabSync: false });
  const result = render(
    <ConfigProvider config={testConfig}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </Provider>
    </ConfigProvider>,
  );
  return { ...result, store, reads: supabase.reads };
}
