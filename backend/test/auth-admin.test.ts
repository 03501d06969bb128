// GoTrue's admin API through supabase-js's own auth.admin client, on PGlite:
// only the service role may use it; users are created, listed page by page, read, updated
// (metadata, password, email confirmation, bans) and deleted, invited by email and given
// generated links, and sign-in follows.
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));
const PASSWORD = 'correct-horse-battery';

let counter = 0;
const uniqueEmail = () => `admin-made-${Date.now()}-${counter++}@example.com`;

describe.each(databases())('admin users API on %s', (kind) => {
  let backend: TestBackend;
  let admin: SupabaseClient['auth']['admin'];
  const client = (key = backend.keys.anonKey): SupabaseClient =>
    createClient(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
  const signIn = (email: string, password = PASSWORD) => client().auth.signInWithPassword({ email, password });
  /** The outbox's mails to `to` (the service role reads them). */
  const mail = async (to: string) => {
    const outbox = await fetch(`${backend.url}/mail/v1/messages?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${backend.keys.serviceRoleKey}` } });
    return ((await outbox.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
  };

  beforeAll(async () => {
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0' } });
    admin = client(backend.keys.serviceRoleKey).auth.admin;
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('is for the service role only: the anon key and a signed-in user are refused', async () => {
    const anon = await client().auth.admin.listUsers();
    expect([anon.error?.status, anon.error?.code]).toEqual([403, 'not_admin']);
    const email = uniqueEmail();
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const session = (await signIn(email)).data.session!;
    const user = await client(session.access_token).auth.admin.createUser({ email: uniqueEmail(), password: PASSWORD });
    expect([user.error?.status, user.error?.code]).toEqual([403, 'not_admin']);
  });

  it('creates a confirmed user who can sign in, with their metadata; an unconfirmed one cannot', async () => {
    const email = uniqueEmail();
    const { data, error } = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Ada' },
      app_metadata: { plan: 'host' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Ada' }, app_metadata: { provider: 'email', plan: 'host' } });
    expect(data.user?.email_confirmed_at).toBeDefined();
    expect((await signIn(email)).data.user?.id).toBe(data.user?.id);

    const pending = uniqueEmail();
    const unconfirmed = await admin.createUser({ email: pending, password: PASSWORD });
    expect(unconfirmed.data.user?.email_confirmed_at).toBeUndefined();
    expect((await signIn(pending)).error?.code).toBe('email_not_confirmed');
  });

  it('refuses a taken email (422), a bad one, a weak password and a missing email', async () => {
    const email = uniqueEmail();
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const taken = await admin.createUser({ email: email.toUpperCase(), password: PASSWORD });
    expect([taken.error?.status, taken.error?.code]).toEqual([422, 'email_exists']);
    // GoTrue's format check (checkmail): auth-js's own invalid address among them.
    for (const email of ['not-an-email', 'xx:;x@x.x', 'a b@example.com', 'a@-example.com']) {
      expect((await admin.createUser({ email, password: PASSWORD })).error?.code, email).toBe('validation_failed');
    }
    expect((await admin.createUser({ email: uniqueEmail(), password: '123' })).error?.code).toBe('weak_password');
    expect((await admin.createUser({ password: PASSWORD })).error?.code).toBe('validation_failed');
  });

  it('refuses linkIdentity and unlinkIdentity unless AUTH_MANUAL_LINKING allows them (off by default, as GoTrue)', async () => {
    const email = uniqueEmail();
    expect((await admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    const c = client();
    const { data } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    const link = await c.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect([link.error?.status, link.error?.code]).toEqual([404, 'manual_linking_disabled']);
    const unlink = await c.auth.unlinkIdentity(data.user!.identities![0]!);
    expect([unlink.error?.status, unlink.error?.code]).toEqual([404, 'manual_linking_disabled']);
  });

  it('lists users page by page, newest first, with the total, as supabase-js reads it; a malformed page is 400', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      made.push((await admin.createUser({ email: uniqueEmail(), password: PASSWORD, email_confirm: true })).data.user!.email!);
    }
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users.map((u) => u.email)).toEqual([made[2], made[1]]);
    for (const [page, perPage] of [[-1, 10], [1, -5]] as const) {
      const bad = await admin.listUsers({ page, perPage });
      expect([bad.error?.status, bad.data.users]).toEqual([400, []]);
    }
    const { total, lastPage, nextPage, users } = first.data as { total: number; lastPage: number; nextPage: number | null; users: unknown[] };
    expect(users).toHaveLength(2);
    expect(total).toBeGreaterThanOrEqual(3);
    expect([nextPage, lastPage]).toEqual([2, Math.ceil(total / 2)]);
    const last = await admin.listUsers({ page: lastPage, perPage: 2 });
    expect((last.data as { nextPage: number | null }).nextPage).toBeNull();
    const all = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(all.data.users).toHaveLength(total);
  });

  it('gets a user by id; an unknown or malformed id is 404 user_not_found', async () => {
    const { data } = await admin.createUser({ email: uniqueEmail(), password: PASSWORD, email_confirm: true });
    expect((await admin.getUserById(data.user!.id)).data.user?.id).toBe(data.user!.id);
    const unknown = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect([unknown.error?.status, unknown.error?.code]).toEqual([404, 'user_not_found']);
    // supabase-js checks the id itself; the server answers a malformed one the same way.
    const key = backend.keys.serviceRoleKey;
    const raw = await fetch(`${backend.url}/auth/v1/admin/users/x`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
    expect([raw.status, (await raw.json()) as unknown]).toEqual([404, expect.objectContaining({ msg: 'User not found' })]);
  });

  it('updates metadata (merged), the password and the email confirmation', async () => {
    const email = uniqueEmail();
    const { data } = await admin.createUser({ email, password: PASSWORD, user_metadata: { name: 'Ada', city: 'London' } });
    const id = data.user!.id;
    const updated = await admin.updateUserById(id, { user_metadata: { city: null, lang: 'en' }, password: 'another-password', email_confirm: true });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ name: 'Ada', lang: 'en' });
    expect((await signIn(email)).error?.code).toBe('invalid_credentials');
    expect((await signIn(email, 'another-password')).data.user?.id).toBe(id);
  });

  it('a ban ends the sessions and keeps the user out until it is lifted', async () => {
    const email = uniqueEmail();
    const { data } = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const id = data.user!.id;
    const session = (await signIn(email)).data.session!;
    expect((await admin.updateUserById(id, { ban_duration: '24h' })).data.user?.banned_until).toBeDefined();
    expect((await signIn(email)).error?.code).toBe('user_banned');
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe('refresh_token_not_found');
    expect((await admin.updateUserById(id, { ban_duration: 'forever' })).error?.code).toBe('validation_failed');
    await admin.updateUserById(id, { ban_duration: 'none' });
    expect((await signIn(email)).data.user?.id).toBe(id);
  });

  it('deletes a user (their sessions and data go too); a soft delete frees the email', async () => {
    const email = uniqueEmail();
    const { data } = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const session = (await signIn(email)).data.session!;
    expect((await admin.deleteUser(data.user!.id)).error).toBeNull();
    expect((await admin.getUserById(data.user!.id)).error?.code).toBe('user_not_found');
    expect((await signIn(email)).error?.code).toBe('invalid_credentials');
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe('refresh_token_not_found');

    const softEmail = uniqueEmail();
    const soft = await admin.createUser({ email: softEmail, password: PASSWORD, email_confirm: true });
    expect((await admin.deleteUser(soft.data.user!.id, true)).error).toBeNull();
    expect((await admin.getUserById(soft.data.user!.id)).error?.code).toBe('user_not_found');
    expect((await admin.createUser({ email: softEmail, password: PASSWORD })).error).toBeNull();
  });
  it('invites by email: the invitation signs the user in, who then sets a password', async () => {
    const email = uniqueEmail();
    const invited = await admin.inviteUserByEmail(email, { data: { name: 'Grace' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { name: 'Grace' } });
    expect(Date.now() - Date.parse(invited.data.user!.invited_at!)).toBeLessThan(60_000);
    const [message] = await mail(email);
    expect(message?.subject).toBe('You have been invited');
    const guest = client();
    const accepted = await guest.auth.verifyOtp({ email, token: /code (\d{6})/.exec(message!.text)![1]!, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user?.email_confirmed_at).toBeDefined();
    expect((await guest.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect((await signIn(email)).data.user?.id).toBe(invited.data.user!.id);
    expect((await admin.inviteUserByEmail(email)).error?.code).toBe('email_exists');
    expect((await client().auth.admin.inviteUserByEmail(uniqueEmail())).error?.code).toBe('not_admin');
  });

  it('generates links without mailing them: a magic link code signs in, a signup link confirms', async () => {
    const email = uniqueEmail();
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const magic = await admin.generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties).toMatchObject({ verification_type: 'magiclink', email_otp: expect.stringMatching(/^\d{6}$/) as unknown });
    expect(magic.data.properties?.action_link).toContain('/auth/v1/verify?token=');
    const code = magic.data.properties!.email_otp;
    expect((await client().auth.verifyOtp({ email, token: code, type: 'magiclink' })).data.user?.email).toBe(email);

    const newcomer = uniqueEmail();
    const signup = await admin.generateLink({ type: 'signup', email: newcomer, password: PASSWORD });
    expect(signup.data.user?.email_confirmed_at).toBeUndefined();
    expect((await signIn(newcomer)).error?.code).toBe('email_not_confirmed');
    const followed = await fetch(signup.data.properties!.action_link, { redirect: 'manual' });
    expect(new URL(followed.headers.get('location')!).hash).toContain('access_token=');
    expect((await signIn(newcomer)).error).toBeNull();

    expect((await admin.generateLink({ type: 'recovery', email: uniqueEmail() })).error?.code).toBe('user_not_found');
  });

  it("generates an email change's two links: the account keeps its email until both codes are given", async () => {
    const email = uniqueEmail();
    const next = uniqueEmail();
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const current = await admin.generateLink({ type: 'email_change_current', email, newEmail: next });
    expect(current.error).toBeNull();
    expect(current.data.user).toMatchObject({ email, new_email: next });
    expect(current.data.properties).toMatchObject({ verification_type: 'email_change_current', email_otp: expect.stringMatching(/^\d{6}$/) as unknown });
    expect(current.data.properties?.action_link).toContain('type=email_change');
    const fresh = await admin.generateLink({ type: 'email_change_new', email, newEmail: next });
    expect(fresh.data.properties?.verification_type).toBe('email_change_new');
    // Nothing was mailed: the caller sends the links.
    expect(await mail(email)).toEqual([]);
    expect(await mail(next)).toEqual([]);

    const confirmedCurrent = await client().auth.verifyOtp({ email, token: current.data.properties!.email_otp, type: 'email_change' });
    expect(confirmedCurrent.error).toBeNull();
    expect((await signIn(email)).data.user?.email).toBe(email);
    const confirmedNew = await client().auth.verifyOtp({ email: next, token: fresh.data.properties!.email_otp, type: 'email_change' });
    expect(confirmedNew.error).toBeNull();
    expect((await signIn(next)).data.user?.email).toBe(next);

    // Another account's address, no new address, or no such account: refused.
    const other = uniqueEmail();
    await admin.createUser({ email: other, password: PASSWORD, email_confirm: true });
    expect((await admin.generateLink({ type: 'email_change_new', email: next, newEmail: other })).error?.code).toBe('email_exists');
    expect((await admin.generateLink({ type: 'email_change_new', email: next, newEmail: '' })).error?.code).toBe('validation_failed');
    expect((await admin.generateLink({ type: 'email_change_current', email: uniqueEmail(), newEmail: uniqueEmail() })).error?.code).toBe('user_not_found');
  });
});
