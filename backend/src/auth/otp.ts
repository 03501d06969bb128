// Emailed one-time codes and links, as GoTrue has them: /recover (password recovery), /otp (magic
// link or code, creating the user when asked), /resend, an email change's confirmation, and
// /verify (the code by POST, the link by GET).
// A code is six digits, valid for an hour and once; only its hash is stored (auth.users'
// recovery_token), and the link carries that hash. One email per user a minute; code guesses go
// through the sign-in limiter, so six digits cannot be walked; requests that may mail count
// against the client address's budget. Mail goes to the local outbox or SMTP (mail.ts).
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import { emailField, field, jsonBody, metadataField, requiredEmail } from './body.ts';
import { AuthError, authJson, overEmailSendRateLimit, validationFailed } from './errors.ts';
import { sendMail } from './mail.ts';
import { allowedRedirect, errorRedirect, redirect, sessionFragment } from './oauth.ts';
import { createSession, type Session } from './sessions.ts';
import { createEmailUser, findUserByEmail, userColumns, type UserRow } from './users.ts';

const CODE_TTL_SECONDS = 3600;
const RESEND_AFTER_SECONDS = 60;
const VERIFY_TYPES: ReadonlySet<string> = new Set(['recovery', 'magiclink', 'email', 'signup', 'invite', 'email_change']);

/** Reserves a guess for (email, client address); the returned function reports whether it was right. Throws 429 when full. */
export type ReserveGuess = (email: string, ip: string) => Promise<(ok: boolean) => Promise<void>>;
/** Counts a request that may send mail against the client address's budget; throws 429 when it is spent. */
export type ReserveMail = () => Promise<void>;

interface Client {
  userAgent: string | null;
  ip: string | null;
}

const tokenHash = (email: string, code: string) => createHash('sha256').update(`${email.toLowerCase()}:${code}`).digest('hex');
const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** A new six-digit code for an address, and the hash that is stored and put in its link. */
function newCode(email: string): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: tokenHash(email, code) };
}

const verifyUrl = (ctx: BackendContext, hash: string, type: string, redirectTo: string) =>
  `${ctx.publicUrl}/auth/v1/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirectTo })}`;

interface Challenge {
  challenge: string;
  method: 's256' | 'plain';
}

/**
 * A PKCE client (supabase-js's default here) sends a code challenge: the link then comes back to
 * the site with ?code=, exchanged with the verifier at /token?grant_type=pkce, as GoTrue does.
 * Read (and refused when bad) before any mail goes out.
 */
function pkceChallenge(body: Record<string, unknown>): Challenge | undefined {
  const challenge = field(body, 'code_challenge', 256);
  if (!challenge) return undefined;
  const method = field(body, 'code_challenge_method', 16).toLowerCase();
  if (method !== 's256' && method !== 'plain') throw validationFailed('Code challenge method not supported');
  return { challenge, method };
}

async function startFlow(ctx: BackendContext, pkce: Challenge | undefined, user: UserRow, type: string): Promise<void> {
  if (!pkce) return;
  await ctx.db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), user.id, randomUUID(), pkce.method, pkce.challenge, type],
  );
}

export type CodeType = 'recovery' | 'magiclink' | 'signup' | 'invite' | 'email_change';

export interface IssuedCode {
  code: string;
  hash: string;
  link: string;
}

/**
 * Stores a new code for the user (replacing any earlier one) and builds its link. `throttle`:
 * refused within a minute of the last code, for codes that are mailed on request.
 */
export async function issueCode(
  ctx: BackendContext,
  user: UserRow,
  type: Exclude<CodeType, 'email_change'>,
  redirectTo: string,
  throttle: boolean,
): Promise<IssuedCode> {
  const { code, hash } = newCode(user.email!);
  const { rows } = await ctx.db.query<{ id: string }>(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now()
     where id = $1 and (not $4 or recovery_sent_at is null or recovery_sent_at < now() - make_interval(secs => $3))
     returning id`,
    [user.id, hash, RESEND_AFTER_SECONDS, throttle],
  );
  if (rows.length === 0) throw overEmailSendRateLimit(RESEND_AFTER_SECONDS);
  return { code, hash, link: verifyUrl(ctx, hash, type, redirectTo) };
}

const SUBJECTS: Record<CodeType, [subject: string, purpose: string]> = {
  recovery: ['Reset your password', 'To reset your password'],
  magiclink: ['Your sign-in link', 'To sign in'],
  signup: ['Confirm your email', 'To confirm your email'],
  invite: ['You have been invited', 'To accept the invitation and sign in'],
  email_change: ['Confirm your new email', 'To use this address for your account'],
};

function mailIssued(ctx: BackendContext, to: string, type: CodeType, { code, link }: { code: string; link: string }): Promise<void> {
  const [subject, purpose] = SUBJECTS[type];
  return sendMail(ctx, {
    to: to.toLowerCase(),
    subject,
    text: `${purpose}, enter the code ${code} or follow this link (valid for an hour, once):\n${link}\n`,
  });
}

/** Issues a code (at most one a minute) and mails it with its link. */
export async function mailCode(ctx: BackendContext, user: UserRow, type: Exclude<CodeType, 'email_change'>, redirectTo: string): Promise<void> {
  await mailIssued(ctx, user.email!, type, await issueCode(ctx, user, type, redirectTo, true));
}

/** POST /recover {email}: mails a recovery code to a known email; the answer is the same for any email. */
export async function recover(ctx: BackendContext, req: Request, url: URL, reserveMail: ReserveMail): Promise<Response> {
  const body = await jsonBody(req);
  const email = requiredEmail(body, 'Password recovery requires an email');
  const pkce = pkceChallenge(body);
  await reserveMail();
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.deleted_at) {
    await mailCode(ctx, user, 'recovery', allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to')));
    await startFlow(ctx, pkce, user, 'recovery');
  }
  return authJson({});
}

/** POST /otp {email, create_user, data}: mails a sign-in code and link, making the account when allowed. */
export async function otp(ctx: BackendContext, req: Request, url: URL, reserveMail: ReserveMail): Promise<Response> {
  const body = await jsonBody(req);
  const email = requiredEmail(body, 'An email address is required');
  const pkce = pkceChallenge(body);
  let user = await findUserByEmail(ctx.db, email);
  if (!user && body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  await reserveMail();
  if (!user) {
    const userMetadata = metadataField(body) ?? {};
    user = await ctx.db.tx(
      async (q) => (await findUserByEmail(q, email)) ?? createEmailUser(q, { email, passwordHash: null, userMetadata, confirmed: false }),
    );
  }
  await mailCode(ctx, user, 'magiclink', allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to')));
  await startFlow(ctx, pkce, user, 'magiclink');
  return authJson({});
}

/**
 * PUT /user {email} for an account with an email: the new address gets a code and a link, and the
 * change waits for it (GoTrue's email change); the account keeps its email until then.
 */
export async function requestEmailChange(ctx: BackendContext, user: UserRow, newEmail: string, redirectTo: string): Promise<UserRow> {
  const { code, hash } = newCode(newEmail);
  const { rows } = await ctx.db.query<UserRow>(
    `update auth.users set email_change = lower($2), email_change_token_new = $3, email_change_sent_at = now(), updated_at = now()
     where id = $1 and (email_change_sent_at is null or email_change_sent_at < now() - make_interval(secs => $4))
     returning ${userColumns()}`,
    [user.id, newEmail, hash, RESEND_AFTER_SECONDS],
  );
  if (!rows[0]) throw overEmailSendRateLimit(RESEND_AFTER_SECONDS);
  await mailIssued(ctx, newEmail, 'email_change', { code, link: verifyUrl(ctx, hash, 'email_change', redirectTo) });
  return rows[0];
}

/** The user whose pending email change the code (for the new address) or the link's hash confirms; the change applied. */
async function consumeEmailChange(ctx: BackendContext, by: { email: string; code: string } | { hash: string }): Promise<UserRow | null> {
  const hash = 'hash' in by ? by.hash : tokenHash(by.email, by.code);
  return ctx.db.tx(async (q) => {
    const { rows } = await q.query<UserRow>(
      `update auth.users set email = email_change, email_change = null, email_change_token_new = null,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where email_change_token_new = $1 and email_change_sent_at > now() - make_interval(secs => $2) and deleted_at is null
         and not exists (select 1 from auth.users o where lower(o.email) = auth.users.email_change and o.id <> auth.users.id)
       returning ${userColumns()}`,
      [hash, CODE_TTL_SECONDS],
    );
    const user = rows[0];
    if (!user) return null;
    await q.query(
      `update auth.identities set identity_data = jsonb_set(identity_data, '{email}', to_jsonb($2::text)), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, user.email],
    );
    return user;
  });
}

/** POST /resend {type: 'signup', email}: a new confirmation for an account still unconfirmed; the same answer for any email. */
export async function resend(ctx: BackendContext, req: Request, url: URL, reserveMail: ReserveMail): Promise<Response> {
  const body = await jsonBody(req);
  const type = field(body, 'type', 32);
  if (type !== 'signup') throw validationFailed('Missing one of these types: signup');
  const email = requiredEmail(body, 'Missing email address');
  await reserveMail();
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.deleted_at && !user.email_confirmed_at) {
    await mailCode(ctx, user, 'signup', allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to')));
  }
  return authJson({});
}

/** The user a code or a link's hash belongs to, the code used up; null when it is wrong, used or old. */
async function consume(ctx: BackendContext, by: { email: string; code: string } | { hash: string }): Promise<UserRow | null> {
  const hash = 'hash' in by ? by.hash : tokenHash(by.email, by.code);
  const { rows } = await ctx.db.query<UserRow>(
    `update auth.users set recovery_token = null,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2) and deleted_at is null
       ${'email' in by ? 'and lower(email) = lower($3)' : ''}
     returning ${userColumns()}`,
    'email' in by ? [hash, CODE_TTL_SECONDS, by.email] : [hash, CODE_TTL_SECONDS],
  );
  return rows[0] ?? null;
}

async function signInVerified(ctx: BackendContext, user: UserRow, type: string, client: Client): Promise<Session> {
  return ctx.db.tx((q) => createSession(ctx, q, user.id, type === 'recovery' ? 'recovery' : 'otp', client));
}

/** POST /verify {type, email, token} or {type, token_hash}: a session for a right code. */
export async function verifyCode(ctx: BackendContext, req: Request, client: Client, reserve: ReserveGuess): Promise<Response> {
  const body = await jsonBody(req);
  const type = field(body, 'type', 32);
  if (!VERIFY_TYPES.has(type)) throw validationFailed(`Verify requires a verification type (${[...VERIFY_TYPES].join(', ')})`);
  const hash = field(body, 'token_hash', 128);
  const email = emailField(body);
  const code = field(body, 'token', 32).trim();
  if (!hash && !(email && code)) throw validationFailed('Verify requires either a token or a token hash');
  const done = await reserve(email || hash, client.ip ?? 'unknown');
  let user: UserRow | null = null;
  try {
    const by = hash ? { hash } : { email, code };
    user = type === 'email_change' ? await consumeEmailChange(ctx, by) : await consume(ctx, by);
  } finally {
    await done(user !== null);
  }
  if (!user) throw expired();
  return authJson(await signInVerified(ctx, user, type, client));
}

/** GET /verify?token=<hash>&type=…&redirect_to=…: the emailed link, signing in on the redirect's fragment. */
export async function verifyLink(ctx: BackendContext, url: URL, client: Client): Promise<Response> {
  const redirectTo = allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to'));
  const type = url.searchParams.get('type') ?? '';
  const hash = url.searchParams.get('token') ?? '';
  const valid = VERIFY_TYPES.has(type) && /^[0-9a-f]{64}$/.test(hash);
  const user = !valid ? null : type === 'email_change' ? await consumeEmailChange(ctx, { hash }) : await consume(ctx, { hash });
  if (!user) return errorRedirect(redirectTo, 'access_denied', 'otp_expired', 'Email link is invalid or has expired');
  // A PKCE flow started with the request: the site exchanges the code for the session.
  const { rows: flows } = await ctx.db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and provider_type = 'email'
                   and authentication_method = $2 and created_at > now() - make_interval(secs => $3)
                 order by created_at desc limit 1)
     returning auth_code`,
    [user.id, type === 'recovery' ? 'recovery' : 'magiclink', CODE_TTL_SECONDS],
  );
  if (flows[0]) {
    const target = new URL(redirectTo);
    target.searchParams.set('code', flows[0].auth_code);
    return redirect(target.toString());
  }
  const target = new URL(redirectTo);
  target.hash = sessionFragment(await signInVerified(ctx, user, type, client), { type });
  return redirect(target.toString());
}
