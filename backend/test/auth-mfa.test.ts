// TOTP multi-factor authentication through supabase-js's auth.mfa (enroll, challenge, verify,
// challengeAndVerify, unenroll, listFactors, getAuthenticatorAssuranceLevel), on PGlite: the
// session's level and amr in the JWT, the secret encrypted at rest, the guess limit on codes, and
// what needs aal2 once the user has enrolled: a host's price and cancellation policy changes, a
// password or email change. The codes
// are computed here from RFC 6238 with node:crypto, as an authenticator app computes them.
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCall } from './support/auth-calls.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));
const PASSWORD = 'correct-horse-battery';
/** Wrong codes per account and address before 429 (AUTH_SIGN_IN_RATE_LIMIT here). */
const GUESS_LIMIT = 5;

let counter = 0;
const uniqueEmail = () => `mfa-${Date.now()}-${counter++}@example.com`;
let nextAddress = 10;
const freshAddress = () => `127.0.1.${nextAddress++}`;

/** RFC 6238: HMAC-SHA1 of the 30-second step, dynamically truncated to 6 digits. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counterBytes = Buffer.alloc(8);
  counterBytes.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counterBytes).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(databases())('MFA on %s', (kind) => {
  let backend: TestBackend;
  const client = (): SupabaseClient =>
    createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });

  /** A new account, signed in, with a verified TOTP factor; returns its secret. */
  async function enrolled() {
    const email = uniqueEmail();
    const c = client();
    expect((await c.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    const factorId = data!.id;
    const secret = data!.totp.secret;
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) })).error).toBeNull();
    return { email, c, factorId, secret };
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, {
      migrationsDir: MIGRATIONS,
      env: { SEED_ROOMS: '0', AUTH_SIGN_IN_RATE_LIMIT: String(GUESS_LIMIT) },
    });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('enrolls a TOTP factor (URI, QR code, secret), verifies it, and the session becomes aal2 with totp in its amr', async () => {
    const email = uniqueEmail();
    const c = client();
    expect((await c.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone', issuer: 'Homestory' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'My phone' });
    const { secret, uri, qr_code } = data!.totp;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Homestory:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=Homestory&period=30&secret=${secret}`,
    );
    expect(qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^>]*viewBox=/);

    // Unverified: listed among all, not among the usable ones, and no second level yet.
    let factors = (await c.auth.mfa.listFactors()).data!;
    expect(factors.all.map((f) => [f.id, f.status])).toEqual([[data!.id, 'unverified']]);
    expect(factors.totp).toEqual([]);

    const wrong = await c.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totp(secret, Date.now() - 120_000) });
    expect([wrong.error?.status, wrong.error?.code]).toEqual([422, 'mfa_verification_failed']);

    const challenge = await c.auth.mfa.challenge({ factorId: data!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at - Date.now() / 1000).toBeGreaterThan(290);
    const verified = await c.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: totp(secret) });
    expect(verified.error).toBeNull();
    const token = claims(verified.data!.access_token);
    expect(token.aal).toBe('aal2');
    expect((token.amr as Array<{ method: string }>).map((m) => m.method)).toEqual(['totp', 'password']);
    expect(token.session_id).toBe(claims((await c.auth.getSession()).data.session!.access_token).session_id);

    factors = (await c.auth.mfa.listFactors()).data!;
    expect(factors.totp.map((f) => [f.id, f.status, f.friendly_name])).toEqual([[data!.id, 'verified', 'My phone']]);
    expect(await c.auth.mfa.getAuthenticatorAssuranceLevel()).toMatchObject({ data: { currentLevel: 'aal2', nextLevel: 'aal2' } });

    // A challenge is spent once.
    const replay = await c.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: totp(secret) });
    expect(replay.error?.code).toBe('mfa_ip_address_mismatch');

    // The level survives a refresh.
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claims(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' });
  });

  it('a later sign-in is aal1 until the code, then aal2; other aal1 sessions end', async () => {
    const { email, factorId, secret } = await enrolled();
    const other = client();
    expect((await other.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const c = client();
    const signIn = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(claims(signIn.data.session!.access_token).aal).toBe('aal1');
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // An aal1 session cannot remove the factor or add another.
    const unenroll = await c.auth.mfa.unenroll({ factorId });
    expect([unenroll.error?.status, unenroll.error?.code]).toEqual([422, 'insufficient_aal']);
    const second = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect([second.error?.status, second.error?.code]).toEqual([403, 'insufficient_aal']);

    // The code the enrolment used is spent; the app's next one (within the skew) is not.
    // The code the enrolment just used is right but spent: refused as used, not as wrong.
    const replay = await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) });
    expect([replay.error?.status, replay.error?.code, replay.error?.message]).toEqual([
      403,
      'mfa_verification_rejected',
      'This code was already used. Wait for your authenticator app to show the next code.',
    ]);
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret, Date.now() + 30_000) })).error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await other.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
  });

  it('unenroll from aal2 removes the factor, and the session falls back to aal1 at its next token', async () => {
    const { c, factorId } = await enrolled();
    const { data, error } = await c.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    expect((await c.auth.mfa.listFactors()).data!.all).toEqual([]);
    const refreshed = await c.auth.refreshSession();
    expect(claims(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect((claims(refreshed.data.session!.access_token).amr as Array<{ method: string }>).map((m) => m.method)).toEqual(['password']);
  });

  it("the service role lists a user's factors and removes one (a lost phone); the user's sessions fall back to aal1", async () => {
    const { c, factorId } = await enrolled();
    const admin = createClient(backend.url, backend.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const userId = (await c.auth.getUser()).data.user!.id;
    const listed = await admin.auth.admin.mfa.listFactors({ userId });
    expect(listed.data?.factors.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);
    expect(JSON.stringify(listed.data)).not.toMatch(/secret/);
    expect((await c.auth.admin.mfa.listFactors({ userId })).error?.code).toBe('not_admin');
    const unknown = await admin.auth.admin.mfa.deleteFactor({ userId, id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
    const removed = await admin.auth.admin.mfa.deleteFactor({ userId, id: factorId });
    expect(removed.error).toBeNull();
    expect((await admin.auth.admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);
    expect(claims((await c.auth.refreshSession()).data.session!.access_token).aal).toBe('aal1');
  });

  it("refuses others' factors, unknown ids, other factor types, a duplicate name, a guest's account and an expired challenge", async () => {
    const { factorId } = await enrolled();
    const c = client();
    expect((await c.auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    for (const attempt of [c.auth.mfa.challenge({ factorId }), c.auth.mfa.unenroll({ factorId })]) {
      const { error } = await attempt;
      expect([error?.status, error?.code]).toEqual([404, 'mfa_factor_not_found']);
    }
    expect((await c.auth.mfa.challenge({ factorId: 'not-a-uuid' })).error?.status).toBe(404);
    const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');

    // A guest's account (anonymous sign-in, the site's guest button) has no password to protect.
    const guest = client();
    expect((await guest.auth.signInAnonymously({ options: { data: { name: 'Guest' } } })).error).toBeNull();
    const guestEnroll = await guest.auth.mfa.enroll({ factorType: 'totp' });
    expect([guestEnroll.error?.status, guestEnroll.error?.code]).toEqual([403, 'no_authorization']);

    const first = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    expect(first.error).toBeNull();
    const dup = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    expect(dup.error?.code).toBe('mfa_factor_name_conflict');

    const challenge = await c.auth.mfa.challenge({ factorId: first.data!.id });
    await backend.ctx.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [
      challenge.data!.id,
    ]);
    const late = await c.auth.mfa.verify({ factorId: first.data!.id, challengeId: challenge.data!.id, code: totp(first.data!.totp.secret) });
    expect(late.error?.code).toBe('mfa_challenge_expired');
  });

  it('keeps the secret encrypted at rest and never shows it again', async () => {
    const { factorId, secret, c } = await enrolled();
    const { rows } = await backend.ctx.db.query<{ secret: string }>('select secret from auth.mfa_factors where id = $1', [factorId]);
    expect(rows[0]!.secret).toMatch(/^v1:/);
    expect(rows[0]!.secret).not.toContain(secret);
    expect(JSON.stringify((await c.auth.getUser()).data.user)).not.toContain(secret);
    // The ciphertext is bound to its row: copied to another factor, it does not decrypt.
    const d = client();
    expect((await d.auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    const theirs = await d.auth.mfa.enroll({ factorType: 'totp' });
    await backend.ctx.db.query('update auth.mfa_factors set secret = $1 where id = $2', [rows[0]!.secret, theirs.data!.id]);
    const stolen = await d.auth.mfa.challengeAndVerify({ factorId: theirs.data!.id, code: totp(secret) });
    expect(stolen.error?.status).toBe(500);
  });

  it(`counts wrong codes against the account's sign-in budget: ${GUESS_LIMIT} checked, then 429`, async () => {
    const { email, factorId } = await enrolled();
    const from = freshAddress();
    const signIn = await authCall(backend.url, backend.keys.anonKey, from, 'POST', '/token?grant_type=password', { email, password: PASSWORD });
    const token = signIn.body.access_token as string;
    const statuses: number[] = [];
    for (let i = 0; i < GUESS_LIMIT + 2; i++) {
      const challenge = await authCall(backend.url, backend.keys.anonKey, from, 'POST', `/factors/${factorId}/challenge`, {}, token);
      const answer = await authCall(
        backend.url,
        backend.keys.anonKey,
        from,
        'POST',
        `/factors/${factorId}/verify`,
        { challenge_id: challenge.body.id, code: String(100000 + i) },
        token,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(GUESS_LIMIT).fill(422), 429, 429]);
  });

  it('a password or email change needs aal2 once a factor is verified (401 insufficient_aal), as GoTrue', async () => {
    const { email, factorId, secret } = await enrolled();
    const c = client();
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const password = await c.auth.updateUser({ password: 'new-horse-battery', current_password: PASSWORD });
    expect([password.error?.status, password.error?.code]).toEqual([401, 'insufficient_aal']);
    const address = await c.auth.updateUser({ email: uniqueEmail() });
    expect([address.error?.status, address.error?.code]).toEqual([401, 'insufficient_aal']);
    // Neither was changed nor mailed; the name stays the aal1 session's to change.
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await c.auth.updateUser({ data: { name: 'Ada' } })).error).toBeNull();

    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret, Date.now() + 30_000) })).error).toBeNull();
    expect((await c.auth.updateUser({ password: 'new-horse-battery', current_password: PASSWORD })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'new-horse-battery' })).error).toBeNull();
  });

  it('a forgotten password with a factor: the recovery session gives the code, then sets a new password without the old one', async () => {
    const { email, factorId, secret } = await enrolled();
    const admin = createClient(backend.url, backend.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const link = await admin.auth.admin.generateLink({ type: 'recovery', email });
    expect(link.error).toBeNull();
    const c = client();
    expect((await c.auth.verifyOtp({ email, token: link.data.properties!.email_otp, type: 'recovery' })).error).toBeNull();
    const refused = await c.auth.updateUser({ password: 'recovered-horse-battery' });
    expect([refused.error?.status, refused.error?.code]).toEqual([401, 'insufficient_aal']);
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret, Date.now() + 30_000) })).error).toBeNull();
    expect((await c.auth.updateUser({ password: 'recovered-horse-battery' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'recovered-horse-battery' })).error).toBeNull();
  });

  it("a host who enrolled changes a place's cancellation policy only at aal2; the same policy sent again at aal1", async () => {
    const { email, factorId, secret } = await enrolled();
    const c = client();
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const { data: roomId } = await c.rpc('create_listing');
    // The default policy (moderate) sent with the other fields is no change.
    expect((await c.rpc('save_listing', { p_room_id: roomId, p_fields: { title: 'Cabin', cancellation_policy: 'moderate' } })).error).toBeNull();
    const stricter = await c.rpc('save_listing', { p_room_id: roomId, p_fields: { cancellation_policy: 'strict' } });
    expect([stricter.error?.code, stricter.error?.hint, stricter.error?.message]).toEqual([
      '42501',
      'aal2',
      'To change the cancellation policy, log in again with the code from your authenticator app.',
    ]);
    const policy = () =>
      backend.ctx.db.query<{ policy: string }>('select policy from public.room_cancellation_policies where room_id = $1', [roomId]);
    expect((await policy()).rows[0]?.policy ?? 'moderate').toBe('moderate');

    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret, Date.now() + 30_000) })).error).toBeNull();
    expect((await c.rpc('save_listing', { p_room_id: roomId, p_fields: { cancellation_policy: 'strict' } })).error).toBeNull();
    expect((await policy()).rows[0]!.policy).toBe('strict');
    // Back at aal1, a looser one is refused too; the policy it has is no change.
    const again = client();
    expect((await again.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await again.rpc('save_listing', { p_room_id: roomId, p_fields: { cancellation_policy: 'flexible' } })).error?.hint).toBe('aal2');
    expect((await again.rpc('save_listing', { p_room_id: roomId, p_fields: { cancellation_policy: 'strict', title: 'Cabin 2' } })).error).toBeNull();

    const plain = client();
    expect((await plain.auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    const { data: theirs } = await plain.rpc('create_listing');
    expect((await plain.rpc('save_listing', { p_room_id: theirs, p_fields: { cancellation_policy: 'strict' } })).error).toBeNull();
  });

  it("a host who enrolled changes a place's price only at aal2; other fields and hosts without a factor at aal1", async () => {
    const { email, factorId, secret } = await enrolled();
    const c = client();
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const { data: roomId, error } = await c.rpc('create_listing');
    expect(error).toBeNull();
    expect((await c.rpc('save_listing', { p_room_id: roomId, p_fields: { title: 'Cabin' } })).error).toBeNull();
    const price = await c.rpc('save_listing', { p_room_id: roomId, p_fields: { price: 120, currency: 'USD' } });
    expect([price.error?.code, price.error?.hint]).toEqual(['42501', 'aal2']);
    const { rows } = await backend.ctx.db.query<{ price: string }>('select price from public."Rooms" where id = $1', [roomId]);
    expect(Number(rows[0]!.price)).toBe(0);

    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp(secret, Date.now() + 30_000) })).error).toBeNull();
    expect((await c.rpc('save_listing', { p_room_id: roomId, p_fields: { price: 120, currency: 'USD' } })).error).toBeNull();

    // The same price sent again (the editor sends it with every save) is no change.
    const again = client();
    expect((await again.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await again.rpc('save_listing', { p_room_id: roomId, p_fields: { title: 'Cabin 2', price: 120, currency: 'USD' } })).error).toBeNull();
    // The cleaning fee and the discounts are the price too (issue 42).
    for (const fields of [{ cleaning_fee: 15 }, { weekly_discount: 10 }, { monthly_discount: 20 }]) {
      const fee = await again.rpc('save_listing', { p_room_id: roomId, p_fields: { price: 120, cleaning_fee: 0, ...fields } });
      expect([fields, fee.error?.hint]).toEqual([fields, 'aal2']);
    }
    expect((await again.rpc('save_listing', { p_room_id: roomId, p_fields: { cleaning_fee: 0, weekly_discount: 0 } })).error).toBeNull();

    const plain = client();
    expect((await plain.auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    const { data: theirs } = await plain.rpc('create_listing');
    expect((await plain.rpc('save_listing', { p_room_id: theirs, p_fields: { price: 99 } })).error).toBeNull();
  });
});
