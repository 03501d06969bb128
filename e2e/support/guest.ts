/**
 * Signing in as the site's demo guest without the login screen (for tests about other
 * screens): the password grant through the real backend, the session stored where
 * supabase-js keeps it before the page starts.
 */
import type { APIRequestContext, Page } from '@playwright/test';

interface Config {
  supabaseUrl: string;
  supabaseAnonKey: string;
  guestEmail: string;
  guestPassword: string;
}

export async function siteConfig(request: APIRequestContext): Promise<Config> {
  return (await (await request.get('/config.json')).json()) as Config;
}

/** The first room of the catalogue. */
export async function firstRoomId(request: APIRequestContext): Promise<number> {
  const config = await siteConfig(request);
  const response = await request.get(`${config.supabaseUrl}/rest/v1/Rooms?select=id&order=id.asc&limit=1`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
  });
  const rows = (await response.json()) as Array<{ id: number }>;
  if (!rows[0]) throw new Error('the backend has no rooms');
  return rows[0].id;
}

export async function signInAsGuest(page: Page, request: APIRequestContext): Promise<void> {
  const config = await siteConfig(request);
  const response = await request.post(`${config.supabaseUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
    data: { email: config.guestEmail, password: config.guestPassword },
  });
  if (!response.ok()) throw new Error(`guest sign-in: ${response.status()} ${await response.text()}`);
  const session = (await response.json()) as { expires_in: number; expires_at?: number };
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in;
  // supabase-js's storage key: sb-<first label of the backend host>-auth-token.
  const key = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(([name, value]) => window.localStorage.setItem(name!, value!), [key, JSON.stringify(session)]);
}
