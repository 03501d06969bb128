// Emailed codes and links through supabase-js, on PGlite and on PostgreSQL: password recovery
// (resetPasswordForEmail, verifyOtp, updateUser), magic links (signInWithOtp, creating the
// account), the link itself, and what stops abuse: one use, an hour, one email a minute, no
// answer that tells registered emails apart. Mail is read from the local outbox, and once from a
// real SMTP server (smtp-server) the backend is configured to send through.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));
const PASSWORD = 'correct-horse-battery';

let counter = 0;
const uniqueEmail = () => `otp-${Date.now()}-${counter++}@example.com`;

describe.each(DB_KINDS)('emailed codes on %s', (kind) => {
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
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0' } });
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

  it("an email change waits for the new address's code; then the account signs in with it", async () => {
    const email = await newUser();
    const traveller = client();
    await traveller.auth.signInWithPassword({ email, password: PASSWORD });
    const next = uniqueEmail();
    const asked = await traveller.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: next });
    const [message] = await mail(next);
    expect(message?.subject).toBe('Confirm your new email');
    expect((await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error?.code).toBe('invalid_credentials');

    const confirmed = await traveller.auth.verifyOtp({ email: next, token: codeIn(message!.text), type: 'email_change' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email).toBe(next);
    expect((await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');

    const taken = await traveller.auth.updateUser({ email: await newUser() });
    expect([taken.error?.status, taken.error?.code]).toEqual([422, 'email_exists']);
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

  // Last: it spends this test address's sign-in budget.
  it('guessing codes is limited like guessing passwords', async () => {
    const email = await newUser();
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 40; i += 1) {
      answers.push((await client().auth.verifyOtp({ email, token: String(i).padStart(6, '0'), type: 'recovery' })).error?.code);
    }
    expect(answers).toContain('over_request_rate_limit');
  });
});

describe.each(DB_KINDS)('mail through a configured SMTP server on %s', (kind) => {
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
