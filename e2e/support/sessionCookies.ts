/**
 * The site keeps the session in cookies the way @supabase/ssr does (shared/supabase): under
 * sb-<first label of the backend host>-auth-token, 'base64-' and the session's JSON in base64url,
 * cut into numbered chunks (.0, .1, ...) when long. These put a session there for a test, and
 * read it back, with @supabase/ssr's own encoding and chunking.
 */
import { combineChunks, createChunks, stringFromBase64URL, stringToBase64URL } from '@supabase/ssr';
import type { BrowserContext, Cookie } from '@playwright/test';

const BASE64_PREFIX = 'base64-';

export function sessionCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** The browser starts signed in with `session` on `site` (before any page of it is opened). */
export async function addSessionCookies(context: BrowserContext, site: string, supabaseUrl: string, session: object): Promise<void> {
  const chunks = createChunks(sessionCookieName(supabaseUrl), BASE64_PREFIX + stringToBase64URL(JSON.stringify(session)));
  await context.addCookies(chunks.map(({ name, value }) => ({ name, value, url: site, sameSite: 'Lax' as const })));
}

/** The session's cookies the browser holds for `site`. */
export async function sessionCookiesOf(context: BrowserContext, site: string, supabaseUrl: string): Promise<Cookie[]> {
  const name = sessionCookieName(supabaseUrl);
  return (await context.cookies(site)).filter((cookie) => cookie.name === name || cookie.name.startsWith(`${name}.`));
}

/** The session the browser's cookies hold for `site`, or null. */
export async function sessionInCookies(
  context: BrowserContext,
  site: string,
  supabaseUrl: string,
): Promise<{ access_token: string; refresh_token: string } | null> {
  const cookies = await sessionCookiesOf(context, site, supabaseUrl);
  const value = await combineChunks(sessionCookieName(supabaseUrl), (chunk) => cookies.find((cookie) => cookie.name === chunk)?.value);
  if (!value) return null;
  return JSON.parse(value.startsWith(BASE64_PREFIX) ? stringFromBase64URL(value.slice(BASE64_PREFIX.length)) : value) as never;
}
