/**
 * Helpers of the account suites: the site's runtime config, fresh users signed up through
 * supabase-js against the site's backend, and their session put in the cookies the site keeps
 * it in. SITE_URL points the suites at another copy of the site.
 */
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type BrowserContext, type Page } from '../support/test';
import { addSessionCookies } from '../support/sessionCookies';

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

/** The browser starts signed in as `user` (its session's cookies); a sign-out in the test sticks. */
export async function signInContext(context: BrowserContext, user: TestUser): Promise<void> {
  await addSessionCookies(context, SITE, (await siteConfig()).supabaseUrl, user.session);
}

/** Login & Security, opened the way each size offers it: the tile, or the phone's Account row. */
export async function openLoginSecurity(page: Page, isMobile: boolean) {
  await page.goto('/account-settings');
  if (isMobile) await page.getByRole('button', { name: 'Account', exact: true }).click();
  else await page.getByRole('button', { name: /^Login & Security/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Login & Security' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Email, password and Continue on /login or the login dialog. */
export async function signInOnLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}
