// Emailed one-time codes and links, as GoTrue has them: /recover (password recovery), /otp (magic
// link or code, creating the user when asked), /resend, an email change's confirmations, and
// /verify (a code with its address by POST; a link's token by GET, or by POST as token_hash).
//
// A mail carries two secrets, each good once and for an hour: the six-digit code the user types
// and a link with a random 256-bit token (the link no longer derives from the code, so it cannot
// be worked out from a guessed code). Only hashes are stored, in GoTrue's places: the code's,
// bound to its address, in auth.users' column for its type (confirmation_token, recovery_token,
// email_change_token_new / _current), the token's in auth.one_time_tokens (token_type, relates_to
// the address). Using either spends both. A secret answers only to the verify types of its
// token type (as GoTrue: signup and invite a confirmation_token, recovery and magiclink a
// recovery_token, email either, email_change its two) and only while its address is still the
// one it was sent to. Every presentation of a code or token (here and the PKCE exchange in
// oauth.ts) is a guess counted per client address and per account by the sign-in limiter before
// it is checked. An email change needs both addresses to confirm (GoTrue's secure email change)
// before auth.users.email changes. One email per user and type a minute; requests that may mail
// count against the client address's budget. Mail goes to the local outbox or SMTP (mail.ts).
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import type { Queryable, TxQueryable } from '../db/index.ts';
import { emailField, field, jsonBody, metadataField, requiredEmail } from './body.ts';
import { AuthError, authJson, emailExists, overEmailSendRateLimit, validationFailed } from './errors.ts';
import { sendMail } from './mail.ts';
import { allowedRedirect, errorRedirect, redirect, sessionFragment } from './oauth.ts';
import { createSession, type Session } from './sessions.ts';
import { createEmailUser, findUserByEmail, isBanned, userColumns, type UserRow } from './users.ts';

const CODE_TTL_SECONDS = 3600;
const RESEND_AFTER_SECONDS = 60;
/** A link's token: 32 random bytes, 64 hex digits. */
const LINK_TOKEN_BYTES = 32;

/** Reserves a guess for (account, client address); the returned function reports whether it was right. Throws 429 when full. */
export type ReserveGuess = (account: string, ip: string) => Promise<(ok: boolean) => Promise<void>>;
/** Counts a request that may send mail against the client address's budget; throws 429 when it is spent. */
export type ReserveMail = () => Promise<void>;

interface Client {
  userAgent: string | null;
  ip: string | null;
}

type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current' | 'reauthentication_token';

/** Where a token type's code hash and sending time are kept in auth.users, and the address (column) it is bound to. */
const TOKENS: Record<TokenType, { column: string; sentAt: string; address: 'email' | 'email_change' }> = {
  confirmation_token: { column: 'confirmation_token', sentAt: 'confirmation_sent_at', address: 'email' },
  recovery_token: { column: 'recovery_token', sentAt: 'recovery_sent_at', address: 'email' },
  email_change_token_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at', address: 'email_change' },
  email_change_token_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at', address: 'email' },
  reauthentication_token: { column: 'reauthentication_token', sentAt: 'reauthentication_sent_at', address: 'email' },
};

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email' | 'email_change';
/** The token types each verify type accepts (GoTrue's verifyTokenHash and verifyUserAndToken). */
const ACCEPTS: Record<VerifyType, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};
const isVerifyType = (type: string): type is VerifyType => Object.hasOwn(ACCEPTS, type);

export type CodeType = 'recovery' | 'magiclink' | 'signup' | 'invite';
const TOKEN_OF: Record<CodeType, TokenType> = {
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
  signup: 'confirmation_token',
  invite: 'confirmation_token',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A code's hash is bound to the address it was sent to. */
const codeHash = (address: string, code: string) => sha256(`${address.toLowerCase()}:${code}`);

const codeExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
const LINK_EXPIRED = 'Email link is invalid or has expired';
/** GoTrue's answer to the first of an email change's two confirmations. */
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const verifyUrl = (ctx: BackendContext, token: string, type: string, redirectTo: string) =>
  `${ctx.publicUrl}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;

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

interface Issued {
  code: string;
  /** The link's token (its sha256 is stored). */
  token: string;
}

/**
 * Stores a new code and link token of `type` for the user, sent to `address`, replacing any
 * earlier one of that type. `throttle`: refused (429) within a minute of the last one.
 */
async function issue(q: Queryable, userId: string, type: TokenType, address: string, throttle: boolean): Promise<Issued> {
  const { column, sentAt } = TOKENS[type];
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = randomBytes(LINK_TOKEN_BYTES).toString('hex');
  const { rows } = await q.query(
    `update auth.users set ${column} = $2, ${sentAt} = now(), updated_at = now()
     where id = $1 and (not $4 or ${sentAt} is null or ${sentAt} < now() - make_interval(secs => $3))
     returning id`,
    [userId, codeHash(address, code), RESEND_AFTER_SECONDS, throttle],
  );
  if (rows.length === 0) throw overEmailSendRateLimit(RESEND_AFTER_SECONDS);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, lower($5), now(), now())
     on conflict (user_id, token_type) do update set id = excluded.id, token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [randomUUID(), userId, type, sha256(token), address],
  );
  return { code, token };
}

export interface IssuedCode extends Issued {
  link: string;
}

/** Issues a code and link of `type` for the user's email (see issue). */
export async function issueCode(ctx: BackendContext, user: UserRow, type: CodeType, redirectTo: string, throttle: boolean): Promise<IssuedCode> {
  const issued = await ctx.db.tx((q) => issue(q, user.id, TOKEN_OF[type], user.email!, throttle));
  return { ...issued, link: verifyUrl(ctx, issued.token, type, redirectTo) };
}

const SUBJECTS: Record<CodeType, [subject: string, purpose: string]> = {
  recovery: ['Reset your password', 'To reset your password'],
  magiclink: ['Your sign-in link', 'To sign in'],
  signup: ['Confirm your email', 'To confirm your email'],
  invite: ['You have been invited', 'To accept the invitation and sign in'],
};

function mailIssued(ctx: BackendContext, to: string, [subject, purpose]: [string, string], { code, link }: { code: string; link: string }): Promise<void> {
  return sendMail(ctx, {
    to: to.toLowerCase(),
    subject,
    text: `${purpose}, enter the code ${code} or follow this link (valid for an hour, once):\n${link}\n`,
  });
}

/** Issues a code (at most one a minute) and mails it with its link. */
export async function mailCode(ctx: BackendContext, user: UserRow, type: CodeType, redirectTo: string): Promise<void> {
  await mailIssued(ctx, user.email!, SUBJECTS[type], await issueCode(ctx, user, type, redirectTo, true));
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
 * An email change's link for one of its two addresses (GoTrue's admin generate_link types
 * email_change_current and email_change_new): the account's pending new address becomes
 * `newEmail` and that address's code and link are issued, not mailed. The account keeps its email
 * until both are confirmed, as when the traveller asks for the change.
 */
export async function issueEmailChangeLink(
  ctx: BackendContext,
  user: UserRow,
  side: 'current' | 'new',
  newEmail: string,
  redirectTo: string,
): Promise<{ user: UserRow; issued: IssuedCode }> {
  return ctx.db.tx(async (q) => {
    const issued =
      side === 'new'
        ? await issue(q, user.id, 'email_change_token_new', newEmail, false)
        : await issue(q, user.id, 'email_change_token_current', user.email!, false);
    const { rows } = await q.query<UserRow>(
      `update auth.users set email_change = lower($2), email_change_confirm_status = 0, updated_at = now() where id = $1
       returning ${userColumns()}`,
      [user.id, newEmail],
    );
    return { user: rows[0]!, issued: { ...issued, link: verifyUrl(ctx, issued.token, 'email_change', redirectTo) } };
  });
}

/**
 * PUT /user {email} for an account with an email (the caller is signed in): the new address and
 * the current one each get a code and a link, and the account keeps its email until both are
 * used (GoTrue's secure email change). At most one request a minute.
 */
export async function requestEmailChange(ctx: BackendContext, user: UserRow, newEmail: string, redirectTo: string): Promise<UserRow> {
  const { changed, toNew, toCurrent } = await ctx.db.tx(async (q) => {
    const toNew = await issue(q, user.id, 'email_change_token_new', newEmail, true);
    const toCurrent = user.email ? await issue(q, user.id, 'email_change_token_current', user.email, false) : undefined;
    const { rows } = await q.query<UserRow>(
      `update auth.users set email_change = lower($2), email_change_confirm_status = 0, updated_at = now() where id = $1
       returning ${userColumns()}`,
      [user.id, newEmail],
    );
    return { changed: rows[0]!, toNew, toCurrent };
  });
  const link = (issued: Issued) => ({ code: issued.code, link: verifyUrl(ctx, issued.token, 'email_change', redirectTo) });
  await mailIssued(ctx, newEmail, ['Confirm your new email', 'To use this address for your account'], link(toNew));
  if (toCurrent) {
    await mailIssued(ctx, user.email!, ['Confirm your email change', `To change your account's email to ${newEmail.toLowerCase()}`], link(toCurrent));
  }
  return changed;
}

/**
 * GET /reauthenticate (supabase-js's reauthenticate()): mails the signed-in user a code, the nonce
 * a password change may give instead of the current password (GoTrue's reauthentication). At most
 * one a minute; the request counts against the client address's mail budget.
 */
export async function reauthenticate(ctx: BackendContext, user: UserRow, reserveMail: ReserveMail): Promise<Response> {
  if (!user.email) throw new AuthError(422, 'reauth_nonce_missing', 'Reauthentication requires the user to have an email or a phone number');
  await reserveMail();
  const { code } = await ctx.db.tx((q) => issue(q, user.id, 'reauthentication_token', user.email!, true));
  await sendMail(ctx, {
    to: user.email.toLowerCase(),
    subject: 'Confirm it is you',
    text: `To confirm it is you, enter the code ${code} (valid for an hour, once).\n`,
  });
  return authJson({});
}

/** Spends the user's reauthentication code (`nonce`) as one guess (see presentSecret); false when wrong, used or old. */
export async function spendReauthentication(ctx: BackendContext, reserve: ReserveGuess, client: Client, user: UserRow, nonce: string): Promise<boolean> {
  if (!user.email) return false;
  const spent = await presentSecret(ctx, reserve, client, ['reauthentication_token'], { email: user.email, code: nonce }, async (_q, found) =>
    found.user.id === user.id ? true : null,
  );
  return spent === true;
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

interface Spent {
  user: UserRow;
  type: TokenType;
}

/** Spends the code typed for `address` if it is one of `types` and current: whose it was, else null. */
async function spendCode(q: Queryable, types: TokenType[], address: string, code: string): Promise<Spent | null> {
  for (const type of types) {
    const { column, sentAt, address: bound } = TOKENS[type];
    // One account per address is checked (a new address may be pending for several: the latest
    // asked), so that a guess is tried against one code whatever the number of accounts.
    const { rows } = await q.query<UserRow>(
      `update auth.users set ${column} = '', updated_at = now()
       where id = (select id from auth.users where lower(${bound}) = lower($2) and deleted_at is null
                   order by ${sentAt} desc nulls last limit 1)
         and ${column} = $1 and ${sentAt} > now() - make_interval(secs => $3)
       returning ${userColumns()}`,
      [codeHash(address, code), address, CODE_TTL_SECONDS],
    );
    if (rows[0]) {
      await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type', [rows[0].id, type]);
      return { user: rows[0], type };
    }
  }
  return null;
}

/** Spends a link's token if it is one of `types`, current, and its address still the account's: whose it was, else null. */
async function spendLink(q: Queryable, types: TokenType[], token: string): Promise<Spent | null> {
  // The account's row is locked first, as spendCode and issue lock it, so that a code and its
  // link presented at once queue up instead of deadlocking.
  await q.query(
    `select 1 from auth.users where id = (select user_id from auth.one_time_tokens where token_hash = $1 and token_type::text = any($2::text[]))
     for update`,
    [sha256(token), types],
  );
  const { rows } = await q.query<{ user_id: string; token_type: TokenType; relates_to: string }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type::text = any($2::text[])
     returning user_id, token_type::text as token_type, relates_to`,
    [sha256(token), types],
  );
  const found = rows[0];
  if (!found) return null;
  const { column, sentAt, address } = TOKENS[found.token_type];
  const { rows: users } = await q.query<UserRow>(
    `update auth.users set ${column} = '', updated_at = now()
     where id = $1 and lower(${address}) = $2 and ${sentAt} > now() - make_interval(secs => $3) and deleted_at is null
     returning ${userColumns()}`,
    [found.user_id, found.relates_to, CODE_TTL_SECONDS],
  );
  return users[0] ? { user: users[0], type: found.token_type } : null;
}

type Presented = { email: string; code: string } | { token: string };

/**
 * Presents a code or a link's token as one guess: reserved for (account, client address) before
 * it is checked (429 when either budget is spent) and given back when right. A token's account
 * is its owner's; a token nobody holds counts against the client address (and itself). `complete`
 * runs in the transaction that spends it. Null when it was wrong, used, old or of another type.
 */
async function presentSecret<T>(
  ctx: BackendContext,
  reserve: ReserveGuess,
  client: Client,
  types: TokenType[],
  by: Presented,
  complete: (q: TxQueryable, spent: Spent) => Promise<T>,
): Promise<T | null> {
  let account: string;
  if ('code' in by) account = by.email;
  else {
    const { rows } = await ctx.db.query<{ email: string | null }>(
      `select u.email from auth.one_time_tokens t join auth.users u on u.id = t.user_id
       where t.token_hash = $1 and t.token_type::text = any($2::text[])`,
      [sha256(by.token), types],
    );
    account = rows[0]?.email ?? `token:${sha256(by.token)}`;
  }
  const done = await reserve(account, client.ip ?? 'unknown');
  let result: T | null = null;
  try {
    result = await ctx.db.tx(async (q) => {
      const spent = 'code' in by ? await spendCode(q, types, by.email, by.code) : await spendLink(q, types, by.token);
      return spent && complete(q, spent);
    });
  } finally {
    await done(result !== null);
  }
  return result;
}

const EMAIL_CHANGE_PENDING = 'email_change_pending';

/**
 * One of an email change's confirmations: while the other address's token is outstanding it only
 * waits for it; the second moves auth.users.email to the new address (confirmed by both).
 */
async function confirmEmailChange(q: Queryable, { user, type }: Spent): Promise<UserRow | typeof EMAIL_CHANGE_PENDING> {
  const other: TokenType = type === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
  const { rows: waiting } = await q.query('select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type', [
    user.id,
    other,
  ]);
  if (waiting.length) {
    await q.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
    return EMAIL_CHANGE_PENDING;
  }
  const taken = user.email_change ? await findUserByEmail(q, user.email_change) : undefined;
  if (taken && taken.id !== user.id) throw emailExists();
  const { rows } = await q.query<UserRow>(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1 and coalesce(email_change, '') <> ''
     returning ${userColumns()}`,
    [user.id],
  );
  const changed = rows[0];
  if (!changed) throw codeExpired();
  await q.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [changed.id, changed.email],
  );
  return changed;
}

/** What a spent code or token does: confirms the email (sign-in types) or takes an email change a step. */
async function completeVerify(q: Queryable, spent: Spent): Promise<UserRow | typeof EMAIL_CHANGE_PENDING> {
  if (isBanned(spent.user)) throw new AuthError(403, 'user_banned', 'User is banned');
  if (spent.type === 'email_change_token_new' || spent.type === 'email_change_token_current') return confirmEmailChange(q, spent);
  const { rows } = await q.query<UserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1
     returning ${userColumns()}`,
    [spent.user.id],
  );
  return rows[0]!;
}

const sessionMethod = (type: VerifyType) => (type === 'recovery' ? 'recovery' : 'otp');

/** POST /verify {type, email, token} or {type, token_hash}: a session for a right code or token. */
export async function verifyCode(ctx: BackendContext, req: Request, client: Client, reserve: ReserveGuess): Promise<Response> {
  const body = await jsonBody(req);
  const type = field(body, 'type', 32);
  if (!isVerifyType(type)) throw validationFailed(`Verify requires a verification type (${Object.keys(ACCEPTS).join(', ')})`);
  const token = field(body, 'token_hash', 128);
  const email = emailField(body);
  const code = field(body, 'token', 32).trim();
  if (!token === !code) throw validationFailed('Verify requires either a token or a token hash');
  if (token && email) throw validationFailed('Only the token_hash and type should be provided');
  if (code && !email) throw validationFailed('Only an email address or phone number should be provided on verify');
  const result = await presentSecret(ctx, reserve, client, ACCEPTS[type], code ? { email, code } : { token }, async (q, spent) => {
    const verified = await completeVerify(q, spent);
    return verified === EMAIL_CHANGE_PENDING ? verified : createSession(ctx, q, verified.id, sessionMethod(type), client);
  });
  if (!result) throw code ? codeExpired() : new AuthError(403, 'otp_expired', LINK_EXPIRED);
  if (result === EMAIL_CHANGE_PENDING) return authJson({ msg: SINGLE_CONFIRMATION, code: '200' });
  return authJson(result);
}

/** GET /verify?token=…&type=…&redirect_to=…: the emailed link, signing in on the redirect's fragment (or ?code= for PKCE). */
export async function verifyLink(ctx: BackendContext, url: URL, client: Client, reserve: ReserveGuess): Promise<Response> {
  const redirectTo = allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to'));
  const type = url.searchParams.get('type') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  if (!isVerifyType(type)) return errorRedirect(redirectTo, 'invalid_request', 'validation_failed', 'Invalid email verification type');
  let outcome: { session: Session } | { code: string } | typeof EMAIL_CHANGE_PENDING | null;
  try {
    outcome = await presentSecret(ctx, reserve, client, ACCEPTS[type], { token }, async (q, spent) => {
      const verified = await completeVerify(q, spent);
      if (verified === EMAIL_CHANGE_PENDING) return verified;
      if (spent.type === 'recovery_token') {
        // A PKCE flow started with the request: the site exchanges the code for the session.
        const { rows: flows } = await q.query<{ auth_code: string }>(
          `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
           where id = (select id from auth.flow_state where user_id = $1 and provider_type = 'email'
                         and authentication_method = $2 and created_at > now() - make_interval(secs => $3)
                       order by created_at desc limit 1)
           returning auth_code`,
          [verified.id, type === 'recovery' ? 'recovery' : 'magiclink', CODE_TTL_SECONDS],
        );
        if (flows[0]) return { code: flows[0].auth_code };
      }
      return { session: await createSession(ctx, q, verified.id, sessionMethod(type), client) };
    });
  } catch (error) {
    // The guess limiter's 429 is answered as such; a refusal of the link goes back to the site.
    if (!(error instanceof AuthError) || error.status === 429) throw error;
    return errorRedirect(redirectTo, error.status === 403 ? 'access_denied' : 'invalid_request', error.code, error.message);
  }
  if (!outcome) return errorRedirect(redirectTo, 'access_denied', 'otp_expired', LINK_EXPIRED);
  const target = new URL(redirectTo);
  if (outcome === EMAIL_CHANGE_PENDING) target.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION, sb: '' }).toString();
  else if ('code' in outcome) target.searchParams.set('code', outcome.code);
  else target.hash = sessionFragment(outcome.session, { type });
  return redirect(target.toString());
}
