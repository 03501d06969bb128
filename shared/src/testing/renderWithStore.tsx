/**
 * Renders a component the way the site does: the real store (createAppStore), the runtime
 * config, a router, and the real supabase client against the msw backend of supabaseServer.ts.
 * One helper for every jsdom suite.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'shared/router';
import { ConfigProvider, type RuntimeConfig } from 'shared/config';
import { createAppStore, type AppStore } from 'shared/store';
import { BROWSER_CLIENT_OPTIONS, supabaseSourceOf } from 'shared/supabase';
import { answerReads, TEST_SUPABASE_URL, type ReadAnswer } from './supabaseServer';

export const testConfig: RuntimeConfig = {
  supabaseUrl: TEST_SUPABASE_URL,
  supabaseAnonKey: 'test-anon-key',
  paymentMode: 'test',
  stripePublishableKey: null,
  mapTileUrl: null,
};

/** A client made at once, as the site's is on first use (shared/supabase). */
export function createSupabaseClient(config: RuntimeConfig = testConfig): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, BROWSER_CLIENT_OPTIONS) as SupabaseClient;
}

export function createTestStore(config: RuntimeConfig = testConfig, supabase = createSupabaseClient(config)): AppStore {
  return createAppStore({ extra: { supabase: supabaseSourceOf(supabase), config }, tabSync: false });
}

/** A client signed in with a password account this test's auth knows (see authAccounts). */
export async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  const supabase = createSupabaseClient(testConfig);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return supabase;
}

/** The router's current path and query, for tests of navigation; hidden, so role queries never meet it. */
function Location() {
  const { pathname, search } = useLocation();
  return (
    <div data-testid="location" hidden>
      {pathname}
      {search}
    </div>
  );
}

export interface RenderOptions {
  store?: AppStore;
  /** Where the router starts. */
  path?: string;
  /** The route pattern `ui` is rendered at (it gets its params from it); other paths render nothing. */
  route?: string;
  config?: RuntimeConfig;
  /** How the backend answers this test's reads (default: no rows). */
  answer?: ReadAnswer;
}

export function renderWithStore(
  ui: ReactElement,
  { store = createTestStore(), path = '/', route = '*', config = testConfig, answer }: RenderOptions = {},
) {
  const reads = answerReads(answer ?? (() => ({ data: [] })));
  const result = render(
    <ConfigProvider config={config}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            {route !== '*' && <Route path="*" element={null} />}
          </Routes>
          <Location />
        </MemoryRouter>
      </Provider>
    </ConfigProvider>,
  );
  return { ...result, store, reads };
}
