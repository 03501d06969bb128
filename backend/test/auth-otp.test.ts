// Emailed codes and links through supabase-js, on PGlite and on PostgreSQL: password recovery
// (resetPasswordForEmail, verifyOtp, updateUser), magic links (signInWithOtp, creating the
// account), the link itself, email changes, and what stops abuse: a random link token stored
// hashed, one use, an hour, its own type and address, one email a minute, no answer that tells
// registered emails apart (guess limits: auth-abuse.test.ts). Mail is read from the local outbox, and once from a
// real SMTP server (smtp-server) the backend is configured to send through.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));
const PASSWORD = 'correct-horse-battery';

let counter = 0;
const uniqueEmail = () => `otp-${Date.now()}-${counter++}@example.com`;

describe.each(databases('concurrency'))('emailed codes on %s', (kind) => {
  let backend: TestBackend;
  const client = (): SupabaseClient =>
    createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });

  /** The messages the outbox holds for `to`, newest first. */
  async function mail(to: string): Promise<Array<{ subject: string; text: string }>> {
    const key = backend.keys.serviceRoleKey;
    const r = await fetch(`${backend.url}/mail/v1/messages?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${key}` } });
    expect(r.status).toBe(200);
    return ((await r.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
  }
  const codeIn = (text: string) => /code (\d{6})/.exec(text)![1]!;
  const linkIn = (text: string) => /(http\S+\/auth\/v1\/verify\?\S+)/.exec(text)![1]!;

  async function newUser(): Promise<string> {
    const email = uniqueEmail();
    const { error } = await client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return email;
  }

  beforeAll(async () => {
    // Every request here comes from 127.0.0.1, and many present wrong codes on purpose: the guess
    // limit is raised here and tested in auth-abuse.test.ts from distinct addresses.
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0', AUTH_SIGN_IN_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('a forgotten password: the emailed code signs in once, and a new password can be set', async () => {
    const email = await newUser();
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const [message] = await mail(email);
    expect(message?.subject).toBe('Reset your password');
    const code = codeIn(message!.text);

    const traveller = client();
    const { data, error } = await traveller.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await traveller.auth.updateUser({ password: 'a-brand-new-one' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'a-brand-new-one' })).error).toBeNull();

    const again = await client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect([again.error?.status, again.error?.code]).toEqual([403, 'otp_expired']);
  });

  it('reauthenticate mails a code that a password change takes instead of the current password, once (GoTrue nonce)', async () => {
    const email = await newUser();
    const traveller = client();
    expect((await traveller.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await traveller.auth.reauthenticate()).error).toBeNull();
    const [message] = await mail(email);
    expect(message?.subject).toBe('Confirm it is you');
    const nonce = codeIn(message!.text);
    const wrong = await traveller.auth.updateUser({ password: 'reauthenticated-1', nonce: nonce === '000000' ? '000001' : '000000' });
    expect([wrong.error?.status, wrong.error?.code]).toEqual([422, 'reauthentication_not_valid']);
    expect((await traveller.auth.updateUser({ password: 'reauthenticated-1', nonce })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'reauthenticated-1' })).error).toBeNull();
    const again = await traveller.auth.updateUser({ password: 'reauthenticated-2', nonce });
    expect(again.error?.code).toBe('reauthentication_not_valid');
    // Another account's code is not this one's.
    const other = await newUser();
    const otherClient = client();
    await otherClient.auth.signInWithPassword({ email: other, password: PASSWORD });
    expect((await otherClient.auth.reauthenticate()).error).toBeNull();
    const [otherMessage] = await mail(other);
    const borrowed = await traveller.auth.updateUser({ password: 'reauthenticated-3', nonce: codeIn(otherMessage!.text) });
    expect(borrowed.error?.code).toBe('reauthentication_not_valid');
  });

  it('an unknown email gets the same answer and no mail; a wrong code is refused', async () => {
    const stranger = uniqueEmail();
    expect((await client().auth.resetPasswordForEmail(stranger)).error).toBeNull();
    expect(await mail(stranger)).toEqual([]);

    const email = await newUser();
    await client().auth.resetPasswordForEmail(email);
    const code = codeIn((await mail(email))[0]!.text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await client().auth.verifyOtp({ email, token: wrong, type: 'recovery' })).error?.code).toBe('otp_expired');
    expect((await client().auth.verifyOtp({ email: uniqueEmail(), token: code, type: 'recovery' })).error?.code).toBe('otp_expired');
  });

  it('one email a minute per account, and a code older than an hour no longer works', async () => {
    const email = await newUser();
    await client().auth.resetPasswordForEmail(email);
    const second = await client().auth.resetPasswordForEmail(email);
    expect([second.error?.status, second.error?.code]).toEqual([429, 'over_email_send_rate_limit']);
    expect(await mail(email)).toHaveLength(1);

    const code = codeIn((await mail(email))[0]!.text);
    await backend.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`, [email]);
    expect((await client().auth.verifyOtp({ email, token: code, type: 'recovery' })).error?.code).toBe('otp_expired');
  });

  it('a magic link makes the account when asked, and its code or its link signs in', async () => {
    const email = uniqueEmail();
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error?.code).toBe('otp_disabled');
    expect((await client().auth.signInWithOtp({ email, options: { data: { name: 'Ada' } } })).error).toBeNull();
    const [message] = await mail(email);
    expect(message?.subject).toBe('Your sign-in link');
    const { data, error } = await client().auth.verifyOtp({ email, token: codeIn(message!.text), type: 'email' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Ada' } });
    expect(data.user?.email_confirmed_at).toBeDefined();

    // The link: a second code, followed as a browser would.
    await backend.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    await client().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:3000/trips' } });
    const link = linkIn((await mail(email))[0]!.text);
    const followed = await fetch(link, { redirect: 'manual' });
    const location = new URL(followed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/trips');
    const fragment = new URLSearchParams(location.hash.slice(1));
    const signedIn = await client().auth.getUser(fragment.get('access_token')!);
    expect(signedIn.data.user?.email).toBe(email);
    // Used once.
    const reused = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    expect(new URLSearchParams(reused.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('a PKCE client (the site) gets ?code= from the link and exchanges it for the session', async () => {
    const email = await newUser();
    // supabase-js keeps the verifier in its storage: a Map stands in for localStorage.
    const store = new Map<string, string>();
    const pkce = createClient(backend.url, backend.keys.anonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        flowType: 'pkce',
        storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
      },
      realtime: { transport: WebSocket as never },
    });
    expect((await pkce.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset-password' })).error).toBeNull();
    const link = linkIn((await mail(email))[0]!.text);
    const location = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    expect(location.pathname).toBe('/reset-password');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const { data, error } = await pkce.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    // The code is good once.
    expect((await pkce.auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('resend mails a new confirmation to an account still unconfirmed, and nothing to others', async () => {
    const admin = createClient(backend.url, backend.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    }).auth.admin;
    const pending = uniqueEmail();
    await admin.createUser({ email: pending, password: PASSWORD });
    expect((await client().auth.resend({ type: 'signup', email: pending })).error).toBeNull();
    const [message] = await mail(pending);
    expect(message?.subject).toBe('Confirm your email');
    expect((await client().auth.verifyOtp({ email: pending, token: codeIn(message!.text), type: 'signup' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: pending, password: PASSWORD })).error).toBeNull();

    const confirmed = await newUser();
    expect((await client().auth.resend({ type: 'signup', email: confirmed })).error).toBeNull();
    expect(await mail(confirmed)).toEqual([]);
  });

  /** The link's token (what is presented) and its type, from a mail's text. */
  const tokenIn = (text: string) => new URL(linkIn(text)).searchParams.get('token')!;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** POST /verify as supabase-js sends it, with the answer's status and body. */
  async function verify(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
    const r = await fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }
  /** Follows a link as a browser would: where it redirects, with its fragment's parameters. */
  async function follow(link: string): Promise<{ location: URL; fragment: URLSearchParams }> {
    const r = await fetch(link, { redirect: 'manual' });
    expect(r.status).toBe(302);
    const location = new URL(r.headers.get('location')!);
    return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
  }
  const refused = { status: 403, body: { code: 'otp_expired', message: 'Token has expired or is invalid' } };
  const linkRefused = { status: 403, body: { code: 'otp_expired', message: 'Email link is invalid or has expired' } };
  const usersRow = async (email: string) =>
    (await backend.ctx.db.query<Record<string, unknown>>('select * from auth.users where lower(email) = $1', [email])).rows[0]!;
  const tokensOf = async (userId: unknown) =>
    (
      await backend.ctx.db.query<{ token_type: string; token_hash: string; relates_to: string }>(
        'select token_type::text as token_type, token_hash, relates_to from auth.one_time_tokens where user_id = $1 order by token_type',
        [userId],
      )
    ).rows;

  it('a link carries a random token, not one derived from its code; only hashes of both are stored', async () => {
    const email = await newUser();
    await client().auth.resetPasswordForEmail(email);
    const text = (await mail(email))[0]!.text;
    const [code, token] = [codeIn(text), tokenIn(text)];
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // The link used to be sha256(email:code): with the code's 10^6 values, a guessed code gave the link.
    expect(token).not.toBe(sha256(`${email}:${code}`));
    const user = await usersRow(email);
    expect(user.recovery_token).toBe(sha256(`${email}:${code}`));
    expect(await tokensOf(user.id)).toEqual([{ token_type: 'recovery_token', token_hash: sha256(token), relates_to: email }]);
    const stored = JSON.stringify(await backend.ctx.db.query('select u.*, t.* from auth.users u join auth.one_time_tokens t on t.user_id = u.id where u.id = $1', [user.id]));
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(`"${code}"`);

    // A second link replaces the first, which no longer works.
    await backend.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where id = $1`, [user.id]);
    await client().auth.resetPasswordForEmail(email);
    const second = (await mail(email))[0]!.text;
    expect(tokenIn(second)).not.toBe(token);
    expect(await verify({ type: 'recovery', token_hash: token })).toMatchObject(linkRefused);
    expect(await verify({ type: 'recovery', email, token: code })).toMatchObject(refused);
    expect((await verify({ type: 'recovery', token_hash: tokenIn(second) })).status).toBe(200);
  });

  it('a code or a link is good once, and using one spends the other', async () => {
    const email = await newUser();
    await client().auth.signInWithOtp({ email });
    let text = (await mail(email))[0]!.text;
    expect((await verify({ type: 'email', email, token: codeIn(text) })).status).toBe(200);
    expect((await follow(linkIn(text))).fragment.get('error_code')).toBe('otp_expired');
    expect(await verify({ type: 'email', email, token: codeIn(text) })).toMatchObject(refused);

    await backend.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    await client().auth.signInWithOtp({ email });
    text = (await mail(email))[0]!.text;
    expect((await follow(linkIn(text))).fragment.get('access_token')).toBeTruthy();
    expect(await verify({ type: 'magiclink', email, token: codeIn(text) })).toMatchObject(refused);
    expect(await verify({ type: 'magiclink', token_hash: tokenIn(text) })).toMatchObject(linkRefused);
    expect(await tokensOf((await usersRow(email)).id)).toEqual([]);
  });

  it('a code and its link presented 30 times at once sign in once; the rest are refused, none fails', async () => {
    const email = await newUser();
    await client().auth.signInWithOtp({ email });
    const text = (await mail(email))[0]!.text;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 ? verify({ type: 'magiclink', email, token: codeIn(text) }) : verify({ type: 'magiclink', token_hash: tokenIn(text) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(29);
  });

  it('a token of one type is refused as another (GoTrue: signup and invite, recovery and magiclink share one)', async () => {
    const email = await newUser();
    await client().auth.signInWithOtp({ email });
    const text = (await mail(email))[0]!.text;
    for (const type of ['signup', 'invite', 'email_change']) {
      expect(await verify({ type, email, token: codeIn(text) }), type).toMatchObject(refused);
      expect(await verify({ type, token_hash: tokenIn(text) }), type).toMatchObject(linkRefused);
      const link = new URL(linkIn(text));
      link.searchParams.set('type', type);
      const { location, fragment } = await follow(link.toString());
      expect([fragment.get('error_code'), location.searchParams.get('error_description')], type).toEqual(['otp_expired', 'Email link is invalid or has expired']);
    }
    // Still good for its own type after all that.
    expect((await verify({ type: 'magiclink', token_hash: tokenIn(text) })).status).toBe(200);

    // A sign-up confirmation is no recovery.
    const admin = createClient(backend.url, backend.keys.serviceRoleKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    const pending = uniqueEmail();
    await admin.auth.admin.createUser({ email: pending, password: PASSWORD });
    await client().auth.resend({ type: 'signup', email: pending });
    const confirmation = (await mail(pending))[0]!.text;
    for (const type of ['recovery', 'magiclink', 'email_change']) {
      expect(await verify({ type, email: pending, token: codeIn(confirmation) }), type).toMatchObject(refused);
      expect(await verify({ type, token_hash: tokenIn(confirmation) }), type).toMatchObject(linkRefused);
    }
    expect((await verify({ type: 'signup', token_hash: tokenIn(confirmation) })).status).toBe(200);
  });

  it('an expired code or link is refused, and so is one sent to an address the account no longer has', async () => {
    const email = await newUser();
    await client().auth.resetPasswordForEmail(email);
    const text = (await mail(email))[0]!.text;
    await backend.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`, [email]);
    expect((await follow(linkIn(text))).fragment.get('error_code')).toBe('otp_expired');
    expect(await verify({ type: 'recovery', token_hash: tokenIn(text) })).toMatchObject(linkRefused);
    expect(await verify({ type: 'recovery', email, token: codeIn(text) })).toMatchObject(refused);

    const moved = await newUser();
    await backend.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [moved]);
    await client().auth.resetPasswordForEmail(moved);
    const old = (await mail(moved))[0]!.text;
    await backend.ctx.db.query(`update auth.users set email = $2 where email = $1`, [moved, `x${moved}`]);
    expect(await verify({ type: 'recovery', token_hash: tokenIn(old) })).toMatchObject(linkRefused);
  });

  it('an email change needs a session, and changes nothing until both addresses confirm it (secure email change)', async () => {
    const call = (token: string | undefined, body: unknown) =>
      fetch(`${backend.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const email = await newUser();
    const next = uniqueEmail();
    expect((await call(undefined, { email: next })).status).toBe(401);
    expect((await call(backend.keys.anonKey, { email: next })).status).toBe(403);
    expect(await mail(next)).toEqual([]);

    const traveller = client();
    await traveller.auth.signInWithPassword({ email, password: PASSWORD });
    const asked = await traveller.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: next });
    const [toNew] = await mail(next);
    const [toCurrent] = await mail(email);
    expect([toNew?.subject, toCurrent?.subject]).toEqual(['Confirm your new email', 'Confirm your email change']);
    const user = await usersRow(email);
    expect(await tokensOf(user.id)).toEqual([
      { token_type: 'email_change_token_current', token_hash: sha256(tokenIn(toCurrent!.text)), relates_to: email },
      { token_type: 'email_change_token_new', token_hash: sha256(tokenIn(toNew!.text)), relates_to: next },
    ]);

    // The new address's code, given with the current address (or the other way round), confirms nothing.
    expect(await verify({ type: 'email_change', email, token: codeIn(toNew!.text) })).toMatchObject(refused);
    expect(await verify({ type: 'email_change', email: next, token: codeIn(toCurrent!.text) })).toMatchObject(refused);
    // The new address confirms: no session, the email as it was.
    const first = await traveller.auth.verifyOtp({ email: next, token: codeIn(toNew!.text), type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect((await usersRow(email)).email).toBe(email);
    expect((await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    // The current address's link completes it.
    const { fragment } = await follow(linkIn(toCurrent!.text));
    expect(fragment.get('access_token')).toBeTruthy();
    expect((await client().auth.getUser(fragment.get('access_token')!)).data.user).toMatchObject({ email: next });
    expect((await backend.ctx.db.query('select identity_data from auth.identities where user_id = $1', [user.id])).rows[0]).toMatchObject({
      identity_data: { email: next, email_verified: true },
    });
    expect((await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');

    const taken = await traveller.auth.updateUser({ email: await newUser() });
    expect([taken.error?.status, taken.error?.code]).toEqual([422, 'email_exists']);
  });

  it("an email change's stale tokens, and another account's, confirm nothing", async () => {
    const email = await newUser();
    const traveller = client();
    await traveller.auth.signInWithPassword({ email, password: PASSWORD });
    const [first, second] = [uniqueEmail(), uniqueEmail()];
    await traveller.auth.updateUser({ email: first });
    const stale = [(await mail(first))[0]!.text, (await mail(email))[0]!.text];
    await backend.ctx.db.query(`update auth.users set email_change_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    expect((await traveller.auth.updateUser({ email: second })).data.user).toMatchObject({ email, new_email: second });
    const fresh = [(await mail(second))[0]!.text, (await mail(email))[0]!.text];

    // Another account asks for the same new address: its tokens are its own.
    const other = await newUser();
    const mallory = client();
    await mallory.auth.signInWithPassword({ email: other, password: PASSWORD });
    await mallory.auth.updateUser({ email: second });
    const theirs = [(await mail(second))[0]!.text, (await mail(other))[0]!.text];

    expect(await verify({ type: 'email_change', email: first, token: codeIn(stale[0]!) })).toMatchObject(refused);
    expect(await verify({ type: 'email_change', email, token: codeIn(stale[1]!) })).toMatchObject(refused);
    for (const text of stale) expect(await verify({ type: 'email_change', token_hash: tokenIn(text) })).toMatchObject(linkRefused);
    expect(await verify({ type: 'email_change', email, token: codeIn(theirs[1]!) })).toMatchObject(refused);
    expect((await usersRow(email)).email_change).toBe(second);
    // Mallory confirms both of hers (the first link answers GoTrue's message): her account, not this one, has the address.
    const { location, fragment } = await follow(linkIn(theirs[0]!));
    expect([location.origin, fragment.get('message'), fragment.get('access_token')]).toEqual([
      'http://localhost:3000',
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      null,
    ]);
    expect((await verify({ type: 'email_change', token_hash: tokenIn(theirs[1]!) })).status).toBe(200);
    expect((await usersRow(second)).id).not.toBe((await usersRow(email)).id);
    // This account's own fresh tokens now meet an address taken: 422, and nothing changes.
    expect(await verify({ type: 'email_change', token_hash: tokenIn(fresh[0]!) })).toEqual({
      status: 200,
      body: { msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', code: '200' },
    });
    expect(await verify({ type: 'email_change', token_hash: tokenIn(fresh[1]!) })).toMatchObject({ status: 422, body: { code: 'email_exists' } });
    expect((await usersRow(email)).email).toBe(email);
  });

  it('an email change asked 20 times at once mails once; its two links followed twice each at once change the email once', async () => {
    const email = await newUser();
    const traveller = client();
    await traveller.auth.signInWithPassword({ email, password: PASSWORD });
    const next = uniqueEmail();
    const asked = await Promise.all(Array.from({ length: 20 }, () => traveller.auth.updateUser({ email: next })));
    expect(asked.filter((a) => a.error === null)).toHaveLength(1);
    expect(asked.filter((a) => a.error?.code === 'over_email_send_rate_limit')).toHaveLength(19);
    expect([(await mail(next)).length, (await mail(email)).length]).toEqual([1, 1]);
    const tokens = [tokenIn((await mail(next))[0]!.text), tokenIn((await mail(email))[0]!.text)];
    const answers = await Promise.all([...tokens, ...tokens].map((token) => verify({ type: 'email_change', token_hash: token })));
    const outcomes = answers.map((a) => (a.status !== 200 ? String(a.status) : a.body.access_token ? 'session' : 'pending')).sort();
    expect(outcomes).toEqual(['403', '403', 'pending', 'session']);
    expect((await usersRow(next)).email).toBe(next);
  });

  it('the outbox: JSON for the service role only, a page for a browser on this machine', async () => {
    const r = await fetch(`${backend.url}/mail/v1/messages`, { headers: { authorization: `Bearer ${backend.keys.anonKey}` } });
    expect(r.status).toBe(403);
    const email = await newUser();
    await client().auth.resetPasswordForEmail(email);
    const page = await fetch(`${backend.url}/mail/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`To ${email}`);
    expect(html).toMatch(/<a href="http[^"]+\/auth\/v1\/verify\?token=[0-9a-f]{64}&#38;type=recovery/);
  });

  it('the outbox answers only a loopback Host (DNS rebinding): another name, or another port, is refused without the mail', async () => {
    const email = await newUser();
    await client().auth.resetPasswordForEmail(email);
    const port = new URL(backend.url).port;
    /** GET `path` on the backend with `host` as the Host header, as a rebound name's page sends it. */
    const withHost = (path: string, host: string, key?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path, headers: { host, ...(key ? { authorization: `Bearer ${key}` } : {}) } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const key = backend.keys.serviceRoleKey;
    for (const host of [`rebound.example:${port}`, 'rebound.example', `localhost.example:${port}`, `localhost:${Number(port) + 1}`, `127.0.0.2:${port}`]) {
      for (const [path, withKey] of [['/mail/', undefined], ['/mail/v1/messages', key]] as const) {
        const answer = await withHost(path, host, withKey);
        expect([answer.status, answer.body.includes(email)], `${host} ${path}`).toEqual([421, false]);
      }
    }
    for (const host of [`localhost:${port}`, 'localhost', `127.0.0.1:${port}`, '127.0.0.1', `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const page = await withHost('/mail/', host);
      expect([page.status, page.body.includes(`To ${email}`)], host).toEqual([200, true]);
      const messages = await withHost('/mail/v1/messages', host, key);
      expect([messages.status, messages.body.includes(email)], host).toEqual([200, true]);
      // The JSON still needs the service role key.
      expect((await withHost('/mail/v1/messages', host, backend.keys.anonKey)).status, host).toBe(403);
    }
  });
});

describe.each(databases('concurrency'))('mail through a configured SMTP server on %s', (kind) => {
  let backend: TestBackend;
  let smtp: SMTPServer;
  const received: Array<{ from: string; to: string[]; data: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    backend = await startTestBackend(kind, {
      migrationsDir: MIGRATIONS,
      env: { SEED_ROOMS: '0', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_ADMIN_EMAIL: 'auth@homestory.test' },
    });
  });
  afterAll(async () => {
    await backend?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('a reset code goes to the SMTP server, from the configured sender, and not to the outbox', async () => {
    const client = createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const email = uniqueEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const message = received.find((m) => m.to.includes(email));
    expect(message).toMatchObject({ from: 'auth@homestory.test' });
    expect(message!.data).toMatch(/Subject: Reset your password/);
    const code = /code (\d{6})/.exec(message!.data)![1]!;
    expect((await client.auth.verifyOtp({ email, token: code, type: 'recovery' })).error).toBeNull();
    const key = backend.keys.serviceRoleKey;
    const outbox = await fetch(`${backend.url}/mail/v1/messages`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await outbox.json()) as { messages: unknown[] }).messages).toEqual([]);
  });
});
