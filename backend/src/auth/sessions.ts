// Sessions, refresh-token rotation with reuse detection, and access tokens (contract 3.2, 3.4).
// State lives only in auth.sessions / auth.refresh_tokens, so several processes can share one
// PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { AuthError } from './errors.ts';
import { findUserById, userColumns, userJson, type UserRow } from './users.ts';

/** A rotated refresh token may be presented again this long (GoTrue's refresh_token_reuse_interval). */
export const REUSE_INTERVAL_SECONDS = 10;

export type AuthMethod = 'password' | 'oauth' | 'otp' | 'recovery' | 'anonymous';
const AUTH_METHODS: readonly string[] = ['password', 'oauth', 'otp', 'recovery', 'anonymous'];

interface TokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string;
  updated_at: Date | string;
}

export interface ProviderTokens {
  provider_token?: string;
  provider_refresh_token?: string;
}

const refreshTokenNotFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const refreshTokenAlreadyUsed = () =>
  new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

const newRefreshToken = () => randomBytes(24).toString('base64url');

async function insertRefreshToken(q: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** One way the session proved who it is (the JWT's amr), newest first. */
interface AmrEntry {
  method: string;
  timestamp: number;
}

async function accessToken(ctx: BackendContext, user: UserRow, sessionId: string, aal: string, amr: AmrEntry[]) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.auth.jwtExpirySeconds;
  const token = await ctx.signJwt({
    iss: `${ctx.publicUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, exp };
}

/**
 * The session's level and amr: the sign-in method (its tag, at its creation) and each second
 * factor it verified since (auth.mfa_amr_claims), newest first as GoTrue sorts them.
 */
async function sessionLevel(q: Queryable, sessionId: string): Promise<{ aal: string; amr: AmrEntry[] }> {
  const { rows } = await q.query<{ aal: string | null; tag: string | null; created_at: Date | string }>(
    'select aal, tag, created_at from auth.sessions where id = $1',
    [sessionId],
  );
  const session = rows[0]!;
  const tag = session.tag ?? '';
  const claims = await q.query<{ authentication_method: string; updated_at: Date | string }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
    [sessionId],
  );
  const amr: AmrEntry[] = claims.rows.map((claim) => ({
    method: claim.authentication_method,
    timestamp: Math.floor(new Date(claim.updated_at).getTime() / 1000),
  }));
  // After the factors: a factor verified in the same second as the sign-in still sorts first.
  amr.push({ method: AUTH_METHODS.includes(tag) ? tag : 'password', timestamp: Math.floor(new Date(session.created_at).getTime() / 1000) });
  amr.sort((a, b) => b.timestamp - a.timestamp);
  return { aal: session.aal ?? 'aal1', amr };
}

async function sessionJson(
  ctx: BackendContext,
  q: Queryable,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  providerTokens: ProviderTokens = {},
) {
  const { aal, amr } = await sessionLevel(q, sessionId);
  const { token, exp } = await accessToken(ctx, user, sessionId, aal, amr);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.auth.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(q, user),
    ...providerTokens,
  };
}

export type Session = Awaited<ReturnType<typeof sessionJson>>;

/** A new session for a user who just signed in (also records last_sign_in_at). */
export async function createSession(
  ctx: BackendContext,
  q: Queryable,
  userId: string,
  method: AuthMethod,
  client: { userAgent: string | null; ip: string | null },
  providerTokens: ProviderTokens = {},
): Promise<Session> {
  const sessionId = randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, tag)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet, $5)`,
    // tag records how the session signed in, for the amr claim of refreshed tokens.
    [sessionId, userId, client.userAgent, client.ip, method],
  );
  const { rows } = await q.query<UserRow>(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1
     returning ${userColumns()}`,
    [userId],
  );
  const refreshToken = await insertRefreshToken(q, userId, sessionId, null);
  return sessionJson(ctx, q, rows[0]!, sessionId, refreshToken, providerTokens);
}

/**
 * grant_type=refresh_token. The presented token is revoked and replaced by a child. A revoked
 * token presented again within REUSE_INTERVAL_SECONDS of its rotation answers with the session's
 * current token (two tabs refreshing at once both succeed); later, it is treated as stolen: the
 * whole session is revoked and refresh_token_already_used returned (the caller commits).
 */
export async function refreshSession(ctx: BackendContext, q: Queryable, presented: string): Promise<Session | AuthError> {
  const { rows } = await q.query<TokenRow>(
    `select t.id, t.token, t.user_id, t.revoked, t.session_id, t.updated_at
     from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
     where t.token = $1
     for update of t`,
    [presented],
  );
  const found = rows[0];
  if (!found) throw refreshTokenNotFound();
  const user = await findUserById(q, found.user_id);
  if (!user || user.deleted_at) throw refreshTokenNotFound();

  let refreshToken: string;
  if (found.revoked) {
    const rotatedSecondsAgo = (Date.now() - new Date(found.updated_at).getTime()) / 1000;
    const { rows: active } = await q.query<{ token: string }>(
      'select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [found.session_id],
    );
    if (rotatedSecondsAgo > REUSE_INTERVAL_SECONDS || !active[0]) {
      await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [
        found.session_id,
      ]);
      // Returned, not thrown: the revocation must commit.
      return refreshTokenAlreadyUsed();
    }
    refreshToken = active[0].token;
  } else {
    await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [found.id]);
    refreshToken = await insertRefreshToken(q, found.user_id, found.session_id, found.token);
  }
  await q.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [found.session_id]);
  return sessionJson(ctx, q, user, found.session_id, refreshToken);
}

/**
 * A session that verified its second factor `factorId` (mfa.ts): aal2, totp in its amr, and a
 * new refresh token in place of its current ones (GoTrue's updateMFASessionAndClaims).
 */
export async function upgradeSession(ctx: BackendContext, q: Queryable, userId: string, sessionId: string, factorId: string): Promise<Session> {
  await q.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), 'totp')
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId],
  );
  const { rows } = await q.query<{ token: string }>(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false returning token',
    [sessionId],
  );
  const refreshToken = await insertRefreshToken(q, userId, sessionId, rows[0]?.token ?? null);
  const user = await findUserById(q, userId);
  return sessionJson(ctx, q, user!, sessionId, refreshToken);
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions (their refresh tokens go with them, on delete cascade). */
export async function endSessions(q: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope) {
  if (scope === 'global' || !sessionId) {
    await q.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await q.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else {
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}

export async function sessionExists(q: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}
