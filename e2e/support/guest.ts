/**
 * Signing in as a guest without the login screen (for tests about other screens): a new
 * account of the test's own, as 'Sign in as a Guest user' makes (anonymous sign-in through the
 * real backend, named Guest), the session put in the site's cookies before the page starts. Each
 * call is a fresh account, so no test sees another's favourites or trips.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { addSessionCookies } from './sessionCookies';

interface Config {
  supabaseUrl: string;
  supabaseAnonKey: string;
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

/** The guest's session as GoTrue answers it (its user's id is the guest's). */
export interface GuestSession {
  access_token: string;
  expires_in: number;
  expires_at?: number;
  user: { id: string };
}

export async function signInAsGuest(page: Page, request: APIRequestContext): Promise<GuestSession> {
  const config = await siteConfig(request);
  const response = await request.post(`${config.supabaseUrl}/auth/v1/signup`, {
    headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
    data: { data: { name: 'Guest' } },
  });
  if (!response.ok()) throw new Error(`guest sign-in: ${response.status()} ${await response.text()}`);
  const session = (await response.json()) as GuestSession;
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in;
  const site = new URL((await request.get('/config.json')).url()).origin;
  await addSessionCookies(page.context(), site, config.supabaseUrl, session);
  return session;
}
