/**
 * Signing in as the site's demo guest without the login screen (for tests about other
 * screens): the password grant through the real backend, the session put in the site's
 * cookies before the page starts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { addSessionCookies } from './sessionCookies';

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
  const site = new URL((await request.get('/config.json')).url()).origin;
  await addSessionCookies(page.context(), site, config.supabaseUrl, session);
}
