/**
 * The page's one supabase client, made on first use. Nothing in a page's first render needs it
 * (a server-rendered page carries its reads), so supabase-js (auth, storage, PostgREST,
 * realtime: about 54 KB gzip) is loaded and its client made only when a read, the session or a
 * sign-in first asks for it, not before hydration. The library is still the federation's one
 * shared copy: the dynamic import goes through the same share scope as a static one.
 *
 * The session is kept in cookies the way @supabase/ssr keeps it (its `createBrowserClient`), so
 * the server reads it too and renders a signed-in page for the signed-in traveller (the shell's
 * server makes a `createServerClient` from the request's cookies). The cookies are @supabase/ssr's
 * defaults: Path=/, SameSite=Lax, not HttpOnly (this client reads them), Secure on https.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from 'shared/config';

/** Gives the page's client, the same one every time (the store's extra argument holds it). */
export type SupabaseClientSource = () => Promise<SupabaseClient>;

/** The browser's auth options; the cookie names follow supabase-js's storage key rule. */
export const BROWSER_CLIENT_OPTIONS = {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
} as const;

/** One client for the page, created (and its library loaded) when first asked for. */
export function supabaseOnFirstUse(config: RuntimeConfig): SupabaseClientSource {
  let client: Promise<SupabaseClient> | undefined;
  return () => {
    client ??= import('@supabase/ssr').then(
      ({ createBrowserClient }) =>
        createBrowserClient(config.supabaseUrl, config.supabaseAnonKey, {
          ...BROWSER_CLIENT_OPTIONS,
          cookieOptions: { secure: window.location.protocol === 'https:' },
          // One client per store (a test makes several); the page has one store.
          isSingleton: false,
        }),
      (error: unknown) => {
        // A chunk that failed to load (a network blip) is asked for again next time.
        client = undefined;
        throw error;
      },
    );
    return client;
  };
}

/** supabase-js's session cookie as @supabase/ssr keeps it: `sb-<project>-auth-token`, whole or in chunks (`.0`, `.1`). */
const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;]+-auth-token(?:\.\d+)?=/;
/** What the auth client reads from a page a sign-in comes back to (detectSessionInUrl): a PKCE code, tokens or an error. */
const SIGN_IN_REDIRECT = /[?&#](?:code|access_token|error_description)=/;

/**
 * Whether the auth client could find a session on this page (`cookie`: document.cookie, `url`:
 * its search and hash): the session's cookie, or a sign-in coming back. Without either the
 * visitor is signed out, as the server rendered them, until something signs them in.
 */
export function mayHoldSession(cookie: string, url: string): boolean {
  return SESSION_COOKIE.test(cookie) || SIGN_IN_REDIRECT.test(url);
}

/** A client made already (the server's, a test's) as the store's source of it. */
export function supabaseSourceOf(client: SupabaseClient): SupabaseClientSource {
  return () => Promise.resolve(client);
}
