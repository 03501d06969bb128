/**
 * The traveller's session on the server. The browser keeps it in cookies the way @supabase/ssr
 * does (shared/supabase), so a page request carries it: `requestSession` makes a client of the
 * request's cookies (@supabase/ssr's `createServerClient`), asks the auth server who it is (a
 * session it no longer accepts is nobody) and gives the cookies to send back, a refreshed token
 * or a cleared session, as Set-Cookie values. `passwordSignIn` is the /login form's post without
 * JavaScript: the password grant, its session as cookies; `guestSignIn` is its 'Sign in as a Guest
 * user': an account of the visitor's own (anonymous sign-in, named Guest), its session as cookies.
 */
import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { RuntimeConfig } from 'shared/config';
import { GUEST_NAME, GUEST_UNAVAILABLE_MESSAGE, NETWORK_MESSAGE, REQUIRED_MESSAGE, WRONG_PASSWORD_MESSAGE } from 'shared/session';

/** supabase-js's session cookie (`sb-<project>-auth-token`), whole or in chunks (`.0`, `.1`). */
const SESSION_COOKIE = /^sb-.+-auth-token(\.\d+)?$/;

/** Whether a Cookie header holds a session: a page for it is personal (never shared). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return parseCookieHeader(cookieHeader ?? '').some((cookie) => SESSION_COOKIE.test(cookie.name));
}

interface CookieClient {
  client: SupabaseClient;
  /** The Set-Cookie values the client's session changes asked for so far. */
  setCookies: string[];
}

/** A client of one request's cookies; `secure`: the site is served over https. */
function cookieClient(config: RuntimeConfig, cookieHeader: string | undefined, secure: boolean): CookieClient {
  const setCookies: string[] = [];
  const client = createServerClient(config.supabaseUrl, config.supabaseAnonKey, {
    cookies: {
      getAll: () => parseCookieHeader(cookieHeader ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) setCookies.push(serializeCookieHeader(name, value, options));
      },
    },
    cookieOptions: { secure },
    // Never opened (the server subscribes to nothing), but supabase-js needs one on Node 20.
    realtime: { transport: WebSocket as never },
  });
  return { client, setCookies };
}

export interface RequestSession extends CookieClient {
  /** The signed-in user, or null (no session, or one the auth server refused or could not check). */
  user: User | null;
}

/** The request's session: its client (reading as the user, under RLS), user and cookie changes. */
export async function requestSession(config: RuntimeConfig, cookieHeader: string | undefined, secure: boolean): Promise<RequestSession> {
  const made = cookieClient(config, cookieHeader, secure);
  // getUser refreshes an expired access token first (the new one goes out as Set-Cookie); a
  // refresh token that is refused signs the client out, which clears the cookies.
  const { data, error } = await made.client.auth.getUser();
  if (error && error.name !== 'AuthSessionMissingError') console.warn('[ssr] session not accepted:', error.message);
  return { ...made, user: error ? null : data.user };
}

export type PasswordSignIn = { ok: true; setCookies: string[] } | { ok: false; message: string };

/** The password grant (sign-in only: a new email signs up in the form's scripted flow). */
export async function passwordSignIn(config: RuntimeConfig, email: string, password: string, secure: boolean): Promise<PasswordSignIn> {
  if (email === '' || password === '') return { ok: false, message: REQUIRED_MESSAGE };
  const { client, setCookies } = cookieClient(config, undefined, secure);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (!error) return { ok: true, setCookies };
  console.warn('[login] password sign-in refused:', error.message);
  if (error.code === 'invalid_credentials') return { ok: false, message: WRONG_PASSWORD_MESSAGE };
  if (error.name === 'AuthRetryableFetchError') return { ok: false, message: NETWORK_MESSAGE };
  return { ok: false, message: error.message || 'Sign-in failed. Please try again.' };
}

/**
 * 'Sign in as a Guest user' without JavaScript: a new anonymous account named Guest, as the
 * scripted button makes (the backend counts it against the site server's address).
 */
export async function guestSignIn(config: RuntimeConfig, secure: boolean): Promise<PasswordSignIn> {
  const { client, setCookies } = cookieClient(config, undefined, secure);
  const { error } = await client.auth.signInAnonymously({ options: { data: { name: GUEST_NAME } } });
  if (!error) return { ok: true, setCookies };
  console.warn('[login] guest sign-in refused:', error.message);
  if (error.name === 'AuthRetryableFetchError') return { ok: false, message: NETWORK_MESSAGE };
  return { ok: false, message: GUEST_UNAVAILABLE_MESSAGE };
}
