// /auth/v1 through supabase-js itself (contract section 3), on PGlite.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/auth/demo-accounts.ts';
import { DEFAULT_AUTH_RATE_LIMIT as SIGN_IN_LIMIT } from '../src/config.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

let counter = 0;
const uniqueEmail = () => `user${Date.now()}${counter++}@example.com`;

/** Follows redirects by hand with a cookie jar, as a browser would; stops at `until`. */
async function browse(start: string, until: (url: URL) => boolean, jar = new Map<string, string>(), account = DEMO_ACCOUNTS[0]!) {
  let url = new URL(start);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    if (until(url)) return { url, jar };
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      init = {};
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    // The account chooser: pick a demo account (the first by default), as a user clicking its button.
    const action = /<form method="post" action="([^"]+)" aria-label="Demo Google accounts">/.exec(html)?.[1];
    expect(action).toBeDefined();
    url = new URL(action!.replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: account.sub }).toString(),
    };
  }
  throw new Error(`too many redirects at ${url}`);
}

describe.each(databases())('auth on %s', (kind) => {
  let backend: TestBackend;
  const client = (headers: Record<string, string> = {}): SupabaseClient =>
    createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers },
    });

  beforeAll(async () => {
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0', AUTH_MANUAL_LINKING: 'true' } });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('signs up with autoconfirm and returns a session', async () => {
    const email = uniqueEmail();
    const { data, error } = await client().auth.signUp({ email, password: 'secret123', options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.name).toBe('Ada');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    expect(data.user?.phone).toBe('');
  });

  it('a second sign-up with the same password is 422 user_already_exists (GoTrue); with another it gets an unsaved user and no session; a short password is weak_password', async () => {
    const email = uniqueEmail();
    const first = await client().auth.signUp({ email, password: 'secret123' });
    const again = await client().auth.signUp({ email, password: 'secret123' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.message).toBe('User already registered');
    expect(again.data.session).toBeNull();
    const other = await client().auth.signUp({ email, password: 'another-password' });
    expect(other.error).toBeNull();
    expect(other.data.session).toBeNull();
    expect(other.data.user?.email).toBe(email);
    expect(other.data.user?.id).not.toBe(first.data.user?.id);
    expect(other.data.user?.identities).toEqual([]);
    const weak = await client().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
  });

  it("hashes passwords with bcrypt at the configured work factor (AUTH_BCRYPT_COST, 4 in these suites)", async () => {
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'secret123' });
    const { rows } = await backend.ctx.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [email]);
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$04\$/);
  });

  it('signs in with a password; a wrong one is invalid_credentials; an empty email is refused', async () => {
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'secret123' });
    const ok = await client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(email);
    const wrong = await client().auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const empty = await client().auth.signInWithPassword({ email: '', password: '' });
    expect(empty.error?.status).toBe(400);
    expect(empty.error?.code).toBe('validation_failed');
  });

  it('issues access tokens with the contract claims', async () => {
    const { data } = await client().auth.signUp({ email: uniqueEmail(), password: 'secret123' });
    const claims = await backend.ctx.verifyJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      phone: '',
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.amr as Array<{ method: string }>)[0]!.method).toBe('password');
  });

  it('unlinks a second sign-in method, never the last one', async () => {
    const c = client();
    const email = uniqueEmail();
    const { data } = await c.auth.signUp({ email, password: 'correct-horse-battery' });
    const userId = data.user!.id;
    // A Google identity linked to the same account (as a Google sign-in with this email links it).
    await backend.ctx.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3::jsonb, 'google', now(), now())`,
      [`google-${userId}`, userId, JSON.stringify({ sub: `google-${userId}`, email })],
    );
    const identities = (await c.auth.getUserIdentities()).data!.identities;
    expect(identities.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    const google = identities.find((i) => i.provider === 'google')!;
    expect((await c.auth.unlinkIdentity(google)).error).toBeNull();
    const left = (await c.auth.getUserIdentities()).data!.identities;
    expect(left.map((i) => i.provider)).toEqual(['email']);
    const last = await c.auth.unlinkIdentity(left[0]!);
    expect([last.error?.status, last.error?.code]).toEqual([422, 'single_identity_not_deletable']);
    // Another user's identity is not the caller's to unlink.
    const other = client();
    await other.auth.signUp({ email: uniqueEmail(), password: 'correct-horse-battery' });
    expect((await other.auth.unlinkIdentity(left[0]!)).error?.code).toBe('identity_not_found');
  });

  it('gets and updates the user; a null key deletes metadata', async () => {
    const c = client();
    await c.auth.signUp({ email: uniqueEmail(), password: 'secret123', options: { data: { name: 'Ada', city: 'Paris' } } });
    const got = await c.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.user_metadata).toMatchObject({ name: 'Ada', city: 'Paris' });
    const updated = await c.auth.updateUser({ data: { name: 'Grace', city: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.name).toBe('Grace');
    expect(updated.data.user?.user_metadata).not.toHaveProperty('city');
    expect((await c.auth.getUser()).data.user?.user_metadata.name).toBe('Grace');
  });

  it('rotates refresh tokens; the old one works within 10 s and is refused after', async () => {
    const c = client();
    const { data } = await c.auth.signUp({ email: uniqueEmail(), password: 'secret123' });
    const first = data.session!.refresh_token;
    const refreshed = await c.auth.refreshSession({ refresh_token: first });
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!.refresh_token;
    expect(second).not.toBe(first);
    // Within the reuse interval the old token answers with the session's current token.
    const reused = await client().auth.refreshSession({ refresh_token: first });
    expect(reused.error).toBeNull();
    expect(reused.data.session!.refresh_token).toBe(second);
    // Later, reuse means theft: refused, and the whole session is revoked.
    await backend.ctx.db.query("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [first]);
    const stolen = await client().auth.refreshSession({ refresh_token: first });
    expect(stolen.error?.status).toBe(400);
    expect(stolen.error?.code).toBe('refresh_token_already_used');
    const family = await client().auth.refreshSession({ refresh_token: second });
    expect(family.error?.code).toBe('refresh_token_already_used');
  });

  it('an unknown refresh token is refresh_token_not_found', async () => {
    const r = await client().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(r.error?.status).toBe(400);
    expect(r.error?.code).toBe('refresh_token_not_found');
  });

  it('sign-out revokes the session: its refresh token and access token stop working', async () => {
    const c = client();
    const { data } = await c.auth.signUp({ email: uniqueEmail(), password: 'secret123' });
    const { access_token, refresh_token } = data.session!;
    expect((await c.auth.signOut()).error).toBeNull();
    const refresh = await client().auth.refreshSession({ refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    const res = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('session_not_found');
    // supabase-js turns session_not_found into AuthSessionMissingError.
    expect((await client().auth.getUser(access_token)).error?.name).toBe('AuthSessionMissingError');
  });

  it('logout scope others keeps the current session only', async () => {
    const email = uniqueEmail();
    const a = client();
    const b = client();
    await a.auth.signUp({ email, password: 'secret123' });
    await b.auth.signInWithPassword({ email, password: 'secret123' });
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await b.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('logout scope local ends only the current session', async () => {
    const email = uniqueEmail();
    const a = client();
    const b = client();
    await a.auth.signUp({ email, password: 'secret123' });
    await b.auth.signInWithPassword({ email, password: 'secret123' });
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await b.auth.getUser()).error).toBeNull();
  });

  it('changes the password through updateUser with the current one (GoTrue current_password); the old one stops working', async () => {
    const email = uniqueEmail();
    const c = client();
    await c.auth.signUp({ email, password: 'secret123' });
    expect((await c.auth.updateUser({ password: 'abc', current_password: 'secret123' })).error?.code).toBe('weak_password');
    const without = await c.auth.updateUser({ password: 'new-secret-456' });
    expect([without.error?.status, without.error?.code]).toEqual([400, 'current_password_required']);
    const wrong = await c.auth.updateUser({ password: 'new-secret-456', current_password: 'not-my-password' });
    expect([wrong.error?.status, wrong.error?.code]).toEqual([400, 'current_password_mismatch']);
    expect((await client().auth.signInWithPassword({ email, password: 'new-secret-456' })).error?.code).toBe('invalid_credentials');
    expect((await c.auth.updateUser({ password: 'new-secret-456', current_password: 'secret123' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'new-secret-456' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'secret123' })).error?.code).toBe('invalid_credentials');
    // The name alone needs no password.
    expect((await c.auth.updateUser({ data: { name: 'Ada' } })).error).toBeNull();
  });

  it('answers /user without a token 401 no_authorization and with a bad one 403 bad_jwt, in the versioned shape', async () => {
    const none = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.keys.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const bad = await fetch(`${backend.url}/auth/v1/user`, { headers: { authorization: 'Bearer a.b.c' } });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 403, error_code: 'bad_jwt' });
    const anonKey = await client().auth.getUser(backend.keys.anonKey);
    expect(anonKey.error?.code).toBe('bad_jwt');
  });

  it('serves settings, health and an empty JWKS', async () => {
    const settings = (await (await fetch(`${backend.url}/auth/v1/settings`)).json()) as { external: Record<string, boolean>; mailer_autoconfirm: boolean };
    expect(settings.external.google).toBe(true);
    expect(settings.external.email).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(true);
    expect(((await (await fetch(`${backend.url}/auth/v1/health`)).json()) as { name: string }).name).toBe('GoTrue');
    expect(await (await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`)).json()).toEqual({ keys: [] });
  });

  it('refuses an unknown OAuth provider with validation_failed', async () => {
    const res = await fetch(`${backend.url}/auth/v1/authorize?provider=myspace`, { redirect: 'manual', headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: myspace' });
  });

  it('signInWithIdToken: an ID token the app got from the provider itself signs in, nonce checked as GoTrue does', async () => {
    // What a native app does with Google's SDK, here against the local provider: the code flow
    // with our client's credentials, stopped at the redirect to take the code.
    const issuer = `${backend.ctx.publicUrl}/auth/v1/local-oidc`;
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
      authorization_endpoint: string;
      token_endpoint: string;
    };
    const redirectUri = `${backend.ctx.publicUrl}/auth/v1/callback`;
    const idToken = async (nonce?: string) => {
      const start = new URL(discovery.authorization_endpoint);
      start.search = new URLSearchParams({
        client_id: 'homestory-local',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: 'app',
        ...(nonce ? { nonce: createHash('sha256').update(nonce).digest('hex') } : {}),
      }).toString();
      const { url } = await browse(start.toString(), (u) => u.pathname === '/auth/v1/callback', new Map(), DEMO_ACCOUNTS[1]);
      const res = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: url.searchParams.get('code')!,
          redirect_uri: redirectUri,
          client_id: 'homestory-local',
          client_secret: createHmac('sha256', backend.keys.jwtSecret).update('local-oidc-client').digest('base64url'),
        }),
      });
      return ((await res.json()) as { id_token: string }).id_token;
    };

    const nonce = randomBytes(16).toString('hex');
    const token = await idToken(nonce);
    const refused = [
      await client().auth.signInWithIdToken({ provider: 'google', token }),
      await client().auth.signInWithIdToken({ provider: 'google', token, nonce: 'another' }),
      await client().auth.signInWithIdToken({ provider: 'google', token: `${token.slice(0, -4)}AAAA`, nonce }),
      await client().auth.signInWithIdToken({ provider: 'apple', token, nonce }),
    ];
    expect(refused.map((r) => [r.error?.status, r.data.session])).toEqual(Array(4).fill([400, null]));

    const c = client();
    const { data, error } = await c.auth.signInWithIdToken({ provider: 'google', token, nonce });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DEMO_ACCOUNTS[1]!.email);
    expect(data.user?.app_metadata.providers).toContain('google');
    // A token without a nonce needs none.
    const plain = await client().auth.signInWithIdToken({ provider: 'google', token: await idToken() });
    expect(plain.data.user?.id).toBe(data.user!.id);
    expect((await client().auth.signInWithIdToken({ provider: 'google', token: await idToken(), nonce })).error?.status).toBe(400);
  });

  it('signs in with Google through the local provider (implicit flow)', async () => {
    const redirectTo = 'http://localhost:3000/home';
    const c = client();
    const { data } = await c.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const { url } = await browse(data.url!, (u) => u.origin === 'http://localhost:3000');
    expect(url.pathname).toBe('/home');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect([...fragment.keys()]).toEqual([...fragment.keys()].sort());
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.has('sb')).toBe(true);
    const session = await c.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(session.error).toBeNull();
    const user = session.data.user!;
    expect(user.email).toBe(DEMO_ACCOUNTS[0]!.email);
    expect(user.app_metadata.provider).toBe('google');
    expect(user.user_metadata).toMatchObject({ name: 'Alex Morgan', full_name: 'Alex Morgan', email_verified: true });
    expect(user.user_metadata.avatar_url).toMatch(/^http:\/\/localhost:\d+\/storage\/v1\/object\/public\/avatars\//);
    const claims = await backend.ctx.verifyJwt(fragment.get('access_token')!);
    expect((claims.amr as Array<{ method: string }>)[0]!.method).toBe('oauth');
  });

  it('links Google to a signed-in account (linkIdentity), and refuses an identity another account has', async () => {
    const c = client();
    const email = uniqueEmail();
    const { data: signedUp } = await c.auth.signUp({ email, password: 'correct-horse-battery' });
    const kenji = DEMO_ACCOUNTS[2]!;
    const { data, error } = await c.auth.linkIdentity({ provider: 'google', options: { redirectTo: 'http://localhost:3000/lp', skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const { url } = await browse(data.url!, (u) => u.origin === 'http://localhost:3000', new Map(), kenji);
    expect(url.pathname).toBe('/lp');
    const identities = (await c.auth.getUserIdentities()).data!.identities;
    expect(identities.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect((await c.auth.getUser()).data.user).toMatchObject({ id: signedUp.user!.id, email, app_metadata: { providers: ['email', 'google'] } });

    // The same Google account for someone else: refused, back on the site with the error.
    const other = client();
    await other.auth.signUp({ email: uniqueEmail(), password: 'correct-horse-battery' });
    const again = await other.auth.linkIdentity({ provider: 'google', options: { redirectTo: 'http://localhost:3000/lp', skipBrowserRedirect: true } });
    const refused = await browse(again.data.url!, (u) => u.origin === 'http://localhost:3000', new Map(), kenji);
    expect(refused.url.searchParams.get('error_code')).toBe('identity_already_exists');
  });

  it('signs in with Google with PKCE: code in the query, exchanged once for a session', async () => {
    const verifier = randomBytes(56).toString('hex');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const start = new URL(`${backend.url}/auth/v1/authorize`);
    start.search = new URLSearchParams({
      provider: 'google',
      redirect_to: 'http://localhost:3000/login',
      code_challenge: challenge,
      code_challenge_method: 's256',
    }).toString();
    const { url } = await browse(start.toString(), (u) => u.origin === 'http://localhost:3000');
    const code = url.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'wrong'.repeat(10) }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('bad_code_verifier');
    const ok = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(ok.status).toBe(200);
    const session = (await ok.json()) as { access_token: string; user: { email: string } };
    expect(session.user.email).toBe(DEMO_ACCOUNTS[0]!.email);
    const again = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe('flow_state_not_found');
  });

  it('sends a redirect_to outside the allow-list to the site URL', async () => {
    const c = client();
    const { data } = await c.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'https://evil.example/steal', skipBrowserRedirect: true } });
    const { url } = await browse(data.url!, (u) => u.origin === 'http://localhost:3000' || u.origin === 'https://evil.example');
    expect(url.origin).toBe('http://localhost:3000');
  });

  // Last: it uses up this backend's failure budget for 127.0.0.1.
  it(`answers 429 over_request_rate_limit after ${SIGN_IN_LIMIT} failed password sign-ins from one address`, async () => {
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'secret123' });
    // Earlier tests' failures count too: fail until refused, at most SIGN_IN_LIMIT times.
    let failures = 0;
    for (;;) {
      const r = await client().auth.signInWithPassword({ email: `nobody${failures}@example.com`, password: 'wrong-password' });
      if (r.error?.code === 'over_request_rate_limit') break;
      expect(r.error?.code).toBe('invalid_credentials');
      failures += 1;
      expect(failures).toBeLessThanOrEqual(SIGN_IN_LIMIT);
    }
    expect(failures).toBeGreaterThan(0);
    // Now even the right password is refused from this address.
    const blocked = await client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
  });
});
