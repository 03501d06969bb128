/**
 * Helpers of the account suites: the site's runtime config, fresh users signed up through
 * supabase-js against the site's backend, and their session put where the site's supabase
 * client looks for it. SITE_URL points the suites at another copy of the site.
 */
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext } from '../support/test';

export const SITE = process.env.SITE_URL ?? 'http://localhost:3000';
export const PASSWORD = 'account-e2e-password';

interface SiteConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

let configPromise: Promise<SiteConfig> | undefined;
export function siteConfig(): Promise<SiteConfig> {
  configPromise ??= fetch(`${SITE}/config.json`).then((r) => r.json() as Promise<SiteConfig>);
  return configPromise;
}

class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the account suites');
  }
}

export interface TestUser {
  email: string;
  session: Session;
  client: SupabaseClient;
}

/** A new account (the backend confirms sign-ups at once), optionally with a name. */
export async function newUser(label: string, name?: string): Promise<TestUser> {
  const config = await siteConfig();
  const client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // The suites use no realtime channel; Node 20 has no WebSocket for it to set up.
    realtime: { transport: NoRealtime as never },
  });
  const email = `account-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: name ? { data: { name } } : {} });
  if (error || !data.session) throw error ?? new Error('sign-up returned no session');
  return { email, session: data.session, client };
}

/**
 * The page starts signed in as `user`: the session is stored before any script of the site
 * runs, once per tab and only where none is stored, so a sign-out in the test sticks.
 */
export async function signInContext(context: BrowserContext, user: TestUser): Promise<void> {
  const { supabaseUrl } = await siteConfig();
  const key = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
  await context.addInitScript(
    ([k, value]) => {
      if (window.sessionStorage.getItem('e2e-signed-in') === null && window.localStorage.getItem(k) === null) {
        window.sessionStorage.setItem('e2e-signed-in', '1');
        window.localStorage.setItem(k, value);
      }
    },
    [key, JSON.stringify(user.session)] as const,
  );
}
