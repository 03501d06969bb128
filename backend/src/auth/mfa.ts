// /auth/v1/factors: TOTP multi-factor authentication as GoTrue has it (internal/api/mfa.go), for
// supabase-js's auth.mfa: enroll (a secret, its otpauth URI and a QR code as SVG), challenge,
// verify (the session becomes aal2, its JWT's amr gains totp) and unenroll. Phone and WebAuthn
// factors are not offered (GoTrue's "enroll is disabled" answers).
//
// The secret is stored encrypted (AES-256-GCM, the factor id as associated data, so a secret
// copied to another row does not decrypt) with a key from AUTH_MFA_ENCRYPTION_KEY, else derived
// from the JWT secret. A wrong code is a guess like a wrong password: it counts against the
// sign-in limiter's buckets of the account and the client address. A right code is accepted once.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { renderSVG } from 'uqr';
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { field, jsonBody, str } from './body.ts';
import { AuthError, authJson, validationFailed } from './errors.ts';
import { upgradeSession } from './sessions.ts';
import type { UserRow } from './users.ts';

/** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION default: a challenge is answered within 5 minutes. */
export const CHALLENGE_SECONDS = 300;
/** How long a used code stays refused: longer than the 90 s the skew lets one code be valid. */
const CODE_REUSE_SECONDS = 120;
/** GoTrue's MFA_FACTOR_EXPIRY_DURATION default: an enrolment not verified by then is dropped. */
const UNVERIFIED_FACTOR_SECONDS = 300;
/** GoTrue's MFA_MAX_ENROLLED_FACTORS default. */
const MAX_FACTORS = 10;
const FRIENDLY_NAME_MAX = 200;

/** The signed-in caller of /factors: their user row, their session and its level. */
export interface FactorCaller {
  user: UserRow;
  sessionId: string | undefined;
  ip: string;
  reserveGuess: (account: string, ip: string) => Promise<(succeeded: boolean) => Promise<void>>;
}

/** A right code already used within CODE_REUSE_SECONDS. */
const CODE_REUSED_MESSAGE = 'This code was already used. Wait for your authenticator app to show the next code.';
const codeReused = () => new AuthError(403, 'mfa_verification_rejected', CODE_REUSED_MESSAGE);

// --- TOTP (RFC 6238 over RFC 4226: HMAC-SHA1, 6 digits, 30 s steps) -------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Whether `code` is the secret's code for now or the step either side (GoTrue's skew 1). */
function totpMatches(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = fromBase32(secret);
  const step = Math.floor(now / 30_000);
  let ok = false;
  for (const counter of [step - 1, step, step + 1]) {
    ok = timingSafeEqual(Buffer.from(hotp(key, counter)), Buffer.from(code)) || ok;
  }
  return ok;
}

// --- The secret at rest -----------------------------------------------------------------------

const keys = new WeakMap<BackendContext, Buffer>();
function secretKey(ctx: BackendContext): Buffer {
  let key = keys.get(ctx);
  if (!key) {
    const material = ctx.config.auth.mfaEncryptionKey ?? ctx.keys.jwtSecret;
    key = Buffer.from(hkdfSync('sha256', material, '', 'homestory auth.mfa_factors.secret', 32));
    keys.set(ctx, key);
  }
  return key;
}

/** `v1:<iv>:<ciphertext and tag>`, base64url, bound to the factor's id. */
function encryptSecret(ctx: BackendContext, factorId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(ctx), iv).setAAD(Buffer.from(factorId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}

function decryptSecret(ctx: BackendContext, factorId: string, stored: string): string {
  const [version, iv, sealed] = stored.split(':');
  if (version !== 'v1' || !iv || !sealed) throw new Error('unknown MFA secret format');
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(ctx), Buffer.from(iv, 'base64url')).setAAD(Buffer.from(factorId));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

// --- Factors ------------------------------------------------------------------------------------

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'unverified' | 'verified';
  secret: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_challenged_at: Date | string | null;
}

async function sessionAal(q: Queryable, sessionId: string | undefined): Promise<string | undefined> {
  if (!sessionId) return undefined;
  const { rows } = await q.query<{ aal: string | null }>('select aal from auth.sessions where id = $1', [sessionId]);
  return rows[0]?.aal ?? undefined;
}

/**
 * A new password or email for an account with a verified factor only from a session that used it
 * (GoTrue's UserUpdate: 401 insufficient_aal): a stolen password alone cannot take the account
 * over by changing them. Checked before the current password, as GoTrue does.
 */
export async function requireAal2ForCredentials(q: Queryable, user: UserRow, sessionId: string | undefined): Promise<void> {
  const { rows } = await q.query('select 1 from auth.mfa_factors where user_id = $1 and status = $2 limit 1', [user.id, 'verified']);
  if (rows.length && (await sessionAal(q, sessionId)) !== 'aal2') {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
}

const notAnonymous = (user: UserRow) => {
  if (user.is_anonymous) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
};

/** POST /factors. */
export async function enrollFactor(ctx: BackendContext, req: Request, caller: FactorCaller): Promise<Response> {
  const { user } = caller;
  notAnonymous(user);
  const body = await jsonBody(req);
  const type = str(body.factor_type);
  if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  const friendlyName = field(body, 'friendly_name', FRIENDLY_NAME_MAX);
  const issuer = field(body, 'issuer', FRIENDLY_NAME_MAX) || new URL(ctx.config.auth.siteUrl).host;
  const secret = base32(randomBytes(20));
  const account = user.email ?? '';
  const uri =
    `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}` +
    `?algorithm=SHA1&digits=6&issuer=${encodeURIComponent(issuer)}&period=30&secret=${secret}`;
  const id = randomUUID();
  await ctx.db.tx(async (q) => {
    // One enrolment at a time per user: the checks below count rows this lock keeps still.
    await q.query('select 1 from auth.users where id = $1 for update', [user.id]);
    await q.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
      [user.id, UNVERIFIED_FACTOR_SECONDS],
    );
    const { rows } = await q.query<{ friendly_name: string | null; status: string }>(
      'select friendly_name, status from auth.mfa_factors where user_id = $1',
      [user.id],
    );
    if (rows.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    if (rows.length >= MAX_FACTORS) {
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    // A second factor is added only by someone who proved the first.
    if (rows.some((f) => f.status === 'verified') && (await sessionAal(q, caller.sessionId)) !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    await q.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, user.id, friendlyName, encryptSecret(ctx, id, secret)],
    );
  });
  return authJson({
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: renderSVG(uri, { border: 1 }), secret, uri },
  });
}

/** The caller's own factor `factorId` (GoTrue's loadFactor), locked for the transaction. */
async function ownFactor(q: Queryable, user: UserRow, factorId: string): Promise<FactorRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(factorId)) {
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  }
  const { rows } = await q.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2 for update', [
    factorId,
    user.id,
  ]);
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** POST /factors/{id}/challenge. */
export async function challengeFactor(ctx: BackendContext, caller: FactorCaller, factorId: string): Promise<Response> {
  notAnonymous(caller.user);
  const id = randomUUID();
  const { createdAt } = await ctx.db.tx(async (q) => {
    await ownFactor(q, caller.user, factorId);
    const { rows } = await q.query<{ created_at: Date | string }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning created_at`,
      [id, factorId, caller.ip],
    );
    await q.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factorId]);
    return { createdAt: new Date(rows[0]!.created_at) };
  });
  return authJson({ id, type: 'totp', expires_at: Math.floor(createdAt.getTime() / 1000) + CHALLENGE_SECONDS });
}

/** POST /factors/{id}/verify: a right code makes the caller's session aal2 and answers its new tokens. */
export async function verifyFactor(ctx: BackendContext, req: Request, caller: FactorCaller, factorId: string): Promise<Response> {
  const { user } = caller;
  notAnonymous(user);
  const body = await jsonBody(req);
  const challengeId = field(body, 'challenge_id', 64);
  const code = field(body, 'code', 64).trim();
  if (!code) throw validationFailed('Code needs to be non-empty');
  if (!caller.sessionId) throw new AuthError(403, 'session_not_found', 'A session is required to verify a factor');
  const { factor, secret } = await ctx.db.tx(async (q) => {
    const factor = await ownFactor(q, user, factorId);
    const { rows } = await q.query<{ verified_at: Date | null; same_ip: boolean; expired: boolean }>(
      `select verified_at, ip_address = $4::inet as same_ip, created_at < now() - make_interval(secs => $3) as expired
       from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
      [challengeId, factor.id, CHALLENGE_SECONDS, caller.ip],
    );
    const challenge = rows[0];
    if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (challenge.verified_at || !challenge.same_ip) {
      throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.expired) {
      await q.query('delete from auth.mfa_challenges where id::text = $1', [challengeId]);
      return { factor, secret: undefined };
    }
    return { factor, secret: decryptSecret(ctx, factor.id, factor.secret ?? '') };
  });
  if (secret === undefined) {
    throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
  }
  const done = await caller.reserveGuess(user.email ?? user.id, caller.ip);
  const valid = totpMatches(secret, code);
  await done(valid);
  if (!valid) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  const session = await ctx.db.tx(async (q) => {
    // The factor's lock orders this factor's verifications, so the replay check below sees them all.
    await ownFactor(q, user, factorId);
    // A code is accepted once (RFC 6238 section 5.2; GoTrue accepts it again within its window):
    // one read over a shoulder or from a phishing page does not open a second session.
    const spent = createHash('sha256').update(`${factor.id}:${code}`).digest('hex');
    const { rows: replayed } = await q.query(
      `select 1 from auth.mfa_challenges
       where factor_id = $1 and otp_code = $2 and verified_at > now() - make_interval(secs => $3)`,
      [factor.id, spent, CODE_REUSE_SECONDS],
    );
    // The code is right but spent: GoTrue's answer when its MFA verification hook rejects an
    // attempt (403 mfa_verification_rejected, the hook's message), which says to wait, not retype.
    if (replayed.length) throw codeReused();
    // Spent once: of two requests with the same challenge, the second finds it verified.
    const { rowCount } = await q.query(
      'update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id::text = $1 and verified_at is null',
      [challengeId, spent],
    );
    if (!rowCount) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    await q.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    // GoTrue's InvalidateSessionsWithAALLessThan and DeleteUnverifiedFactors.
    await q.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') = 'aal1'`, [user.id, caller.sessionId]);
    await q.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`, [
      user.id,
      factor.factor_type,
    ]);
    return upgradeSession(ctx, q, user.id, caller.sessionId!, factor.id);
  });
  return authJson(session);
}

/** Deletes a factor; the sessions that verified it fall back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
export async function removeFactor(q: Queryable, factorId: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
     where c.session_id = s.id and s.factor_id = $1 and c.authentication_method = 'totp'`,
    [factorId],
  );
  await q.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factorId]);
  await q.query('delete from auth.mfa_factors where id = $1', [factorId]);
}

/** DELETE /factors/{id}: a verified factor only from an aal2 session; its sessions fall back to aal1. */
export async function unenrollFactor(ctx: BackendContext, caller: FactorCaller, factorId: string): Promise<Response> {
  notAnonymous(caller.user);
  await ctx.db.tx(async (q) => {
    const factor = await ownFactor(q, caller.user, factorId);
    if (factor.status === 'verified' && (await sessionAal(q, caller.sessionId)) !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(q, factor.id);
  });
  return authJson({ id: factorId });
}

