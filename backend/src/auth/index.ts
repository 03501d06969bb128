// /auth/v1: GoTrue's API as supabase-js calls it (contract section 3). Sign-up (autoconfirm, or
// anonymous when allowed), password / refresh_token / pkce grants, GET/PUT /user (an email change
// waits for its confirmation; a new password needs the current one or a /reauthenticate code,
// and either change, for an account with an authenticator app, a session that used it),
// /logout, /settings, /health, JWKS, Google through OpenID Connect (/authorize, /callback,
// linking and unlinking identities) and the local stand-in provider; the
// emailed flows (otp.ts) and the service role's admin API (admin.ts).
import { randomUUID } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import { AuthError, authJson, emailExists, errorResponse, invalidCredentials, invalidEmail, validationFailed } from './errors.ts';
import { adminUsers, generateLink, invite } from './admin.ts';
import {
  bearerClaims,
  checkQuery,
  CLIENT_IP_HEADER,
  EMAIL_PATTERN,
  emailField,
  field,
  givenPassword,
  jsonBody,
  metadataField,
  pathSegment,
  str,
  tooLong,
  weakPassword,
} from './body.ts';
import { LOCAL_OIDC_PATH, localOidc } from './local-oidc.ts';
import { challengeFactor, enrollFactor, requireAal2ForCredentials, unenrollFactor, verifyFactor, type FactorCaller } from './mfa.ts';
import {
  otp,
  reauthenticate,
  recover,
  requestEmailChange,
  resend,
  spendReauthentication,
  verifyCode,
  verifyLink,
  type ReserveGuess,
  type ReserveMail,
} from './otp.ts';
import { allowedRedirect, authorize, callback, idTokenGrant, pkceGrant } from './oauth.ts';
import { LimitsUnavailable } from './limit-store.ts';
import { SIGN_UP_WINDOW_MS, SignInLimiter, WindowCounter } from './rate-limit.ts';
import { createSession, endSessions, refreshSession, sessionExists, type LogoutScope } from './sessions.ts';
import {
  addIdentity,
  checkPassword,
  createAnonymousUser,
  createEmailUser,
  emailIdentityData,
  findUserByEmail,
  findUserById,
  hashPassword,
  isBanned,
  mergeMetadata,
  updateUser,
  userJson,
  type UserRow,
} from './users.ts';

const PREFIX = '/auth/v1';

interface Limiters {
  signIn: SignInLimiter;
  signUp: WindowCounter;
  /** Requests that may send mail (recovery, magic links, resends), per client address. */
  mail: WindowCounter;
}
const limiters = new WeakMap<BackendContext, Limiters>();
function limitersOf(ctx: BackendContext): Limiters {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    const { signInRateLimit, signUpRateLimit } = ctx.config.auth;
    limiter = {
      signIn: new SignInLimiter(ctx.limits, signInRateLimit),
      signUp: new WindowCounter(ctx.limits, 'sign-up', signUpRateLimit, SIGN_UP_WINDOW_MS),
      mail: new WindowCounter(ctx.limits, 'mail', signUpRateLimit, SIGN_UP_WINDOW_MS),
    };
    limiters.set(ctx, limiter);
  }
  return limiter;
}
const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** The mail budget of the request's client address (AUTH_SIGN_UP_RATE_LIMIT per window, as sign-ups). */
function mailBudget(ctx: BackendContext, req: Request): ReserveMail {
  return async () => {
    if (!(await limitersOf(ctx).mail.reserve([req.headers.get(CLIENT_IP_HEADER) || 'unknown']))) throw rateLimited();
  };
}

/**
 * The failed-guess budget (the sign-in limiter's) every way of presenting an emailed code, a
 * link's token or a PKCE code goes through, per client address and per account.
 */
function guessBudget(ctx: BackendContext): ReserveGuess {
  return async (account, ip) => {
    const done = await limitersOf(ctx).signIn.reserve(account, ip);
    if (!done) throw rateLimited();
    return done;
  };
}

function clientOf(req: Request) {
  return { userAgent: req.headers.get('user-agent'), ip: req.headers.get(CLIENT_IP_HEADER) || null };
}

/**
 * Checks `password` against `user` (undefined: no such email) under the sign-in limiter: the
 * slot is reserved before bcrypt runs. An unknown email costs the same bcrypt as a known one.
 * Throws 429 when a bucket is full.
 */
async function passwordMatches(ctx: BackendContext, ip: string, email: string, password: string, user: UserRow | undefined) {
  const done = await guessBudget(ctx)(email, ip);
  let ok = false;
  try {
    ok = (await checkPassword(password, user?.encrypted_password, ctx.config.auth.bcryptCost)) && !!user && !user.deleted_at;
  } finally {
    await done(ok);
  }
  return ok;
}

/**
 * What sign-up answers for an email that already has an account and a password that is not its
 * own: GoTrue's answer with confirmations on, a user that is not stored (random id, no
 * identities) and no session, in place of a 422 that would tell registered emails apart.
 */
function obfuscatedUser(email: string): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: email.toLowerCase(),
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** The signed-in caller of /user and /logout (GoTrue's requireAuthentication), with how and when the session signed in. */
async function authenticate(
  ctx: BackendContext,
  req: Request,
): Promise<{ user: UserRow; sessionId: string | undefined; signedIn: { method: unknown; at: unknown } | undefined }> {
  const claims = await bearerClaims(ctx, req);
  if (typeof claims.sub !== 'string' || !claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  const user = /^[0-9a-f-]{36}$/i.test(claims.sub) ? await findUserById(ctx.db, claims.sub) : undefined;
  if (!user || user.deleted_at) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (sessionId && !(await sessionExists(ctx.db, sessionId))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  // The sign-in itself: amr lists newest first, and a code the session verified since (totp) is
  // not how it signed in (a recovery session that then gave its code is still a recovery's).
  const entries = Array.isArray(claims.amr) ? (claims.amr as { method?: unknown; timestamp?: unknown }[]) : [];
  const amr = entries.find((entry) => entry?.method !== 'totp');
  return { user, sessionId, signedIn: amr ? { method: amr.method, at: amr.timestamp } : undefined };
}

/** How long after a recovery link or code signed in its session may set a password without the old one. */
export const RECOVERY_PASSWORD_WINDOW_SECONDS = 3600;

/**
 * A new password for a user who has one needs the current one (GoTrue's
 * SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD, always on here) or the code GET
 * /reauthenticate mailed (its `nonce`, GoTrue's reauthentication): a stolen session must not lock
 * the owner out. A wrong one is a guess like a wrong sign-in, counted by the sign-in limiter per
 * client address and per account. Exempt: a user without a password (invited, Google,
 * anonymous), and a session a recovery link or code made within the last hour (the forgotten
 * password's own way in).
 */
async function checkCurrentPassword(
  ctx: BackendContext,
  req: Request,
  user: UserRow,
  signedIn: { method: unknown; at: unknown } | undefined,
  body: Record<string, unknown>,
) {
  if (!user.encrypted_password) return;
  const recoveredAt = signedIn?.method === 'recovery' && typeof signedIn.at === 'number' ? signedIn.at : undefined;
  if (recoveredAt !== undefined && Date.now() / 1000 - recoveredAt < RECOVERY_PASSWORD_WINDOW_SECONDS) return;
  const nonce = field(body, 'nonce', 64);
  if (nonce) {
    if (!(await spendReauthentication(ctx, guessBudget(ctx), clientOf(req), user, nonce))) {
      throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
    }
    return;
  }
  const current = field(body, 'current_password');
  if (!current) throw new AuthError(400, 'current_password_required', 'Current password required when setting new password.');
  const ip = req.headers.get(CLIENT_IP_HEADER) || 'unknown';
  if (tooLong(current) || !(await passwordMatches(ctx, ip, user.email ?? user.id, current, user))) {
    throw new AuthError(400, 'current_password_mismatch', 'Current password does not match.');
  }
}

/** signInAnonymously: a user with no email, when the backend allows it (AUTH_ANONYMOUS_USERS). */
async function anonymousSignup(ctx: BackendContext, req: Request, body: Record<string, unknown>): Promise<Response> {
  if (!ctx.config.auth.anonymousUsers) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const ip = req.headers.get(CLIENT_IP_HEADER) || 'unknown';
  if (!(await limitersOf(ctx).signUp.reserve([ip]))) throw rateLimited();
  const data = metadataField(body) ?? {};
  return authJson(
    await ctx.db.tx(async (q) => createSession(ctx, q, (await createAnonymousUser(q, data)).id, 'anonymous', clientOf(req))),
  );
}

/**
 * Sign-up (autoconfirm). An email that already has an account is revealed only to whoever proves
 * it theirs: with its own password (the account confirmed) the answer is GoTrue's 422 "User
 * already registered" (user_already_exists); with another password it is GoTrue's obfuscated user
 * without a session, after a password check counted by the sign-in limiter (so sign-up is no way
 * around it). Both paths cost one bcrypt. Sign-ups are limited per client address.
 */
async function signup(ctx: BackendContext, req: Request): Promise<Response> {
  const body = await jsonBody(req);
  const email = emailField(body);
  const password = field(body, 'password');
  if (!email && !password && !str(body.phone)) return anonymousSignup(ctx, req, body);
  if (!email) throw validationFailed('To signup, please provide your email');
  if (!EMAIL_PATTERN.test(email)) throw invalidEmail();
  const weak = weakPassword(password);
  if (weak) throw weak;
  const data = metadataField(body) ?? {};
  const ip = req.headers.get(CLIENT_IP_HEADER) || 'unknown';
  if (!(await limitersOf(ctx).signUp.reserve([ip]))) throw rateLimited();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (!(await passwordMatches(ctx, ip, email, password, existing)) || !existing.email_confirmed_at) {
      return authJson(obfuscatedUser(email));
    }
    throw new AuthError(422, 'user_already_exists', 'User already registered');
  }
  const passwordHash = await hashPassword(password, ctx.config.auth.bcryptCost);
  const session = await ctx.db.tx(async (q) => {
    // Signed up meanwhile by a concurrent request.
    if (await findUserByEmail(q, email)) return null;
    const user = await createEmailUser(q, { email, passwordHash, userMetadata: data, confirmed: true, emailVerified: false });
    return createSession(ctx, q, user.id, 'password', clientOf(req));
  });
  return authJson(session ?? obfuscatedUser(email));
}

async function passwordGrant(ctx: BackendContext, req: Request, body: Record<string, unknown>): Promise<Response> {
  const ip = req.headers.get(CLIENT_IP_HEADER) || 'unknown';
  const email = emailField(body);
  const password = field(body, 'password');
  if (!email && !str(body.phone)) throw validationFailed('missing email or phone');
  // No password longer than bcrypt reads can be set, so one cannot match (and is not cut to match).
  if (!email || tooLong(password)) throw invalidCredentials();
  const user = await findUserByEmail(ctx.db, email);
  if (!(await passwordMatches(ctx, ip, email, password, user)) || !user) throw invalidCredentials();
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  const session = await ctx.db.tx((q) => createSession(ctx, q, user.id, 'password', clientOf(req)));
  return authJson(session);
}

async function token(ctx: BackendContext, req: Request, url: URL): Promise<Response> {
  const body = await jsonBody(req);
  const grant = url.searchParams.get('grant_type') ?? str(body.grant_type);
  switch (grant) {
    case 'password':
      return passwordGrant(ctx, req, body);
    case 'refresh_token': {
      const presented = str(body.refresh_token);
      if (!presented) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const result = await ctx.db.tx((q) => refreshSession(ctx, q, presented));
      if (result instanceof AuthError) throw result;
      return authJson(result);
    }
    case 'pkce':
      return authJson(await pkceGrant(ctx, body, clientOf(req), guessBudget(ctx)));
    case 'id_token':
      return authJson(await idTokenGrant(ctx, body, clientOf(req)));
    default:
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
}

async function putUser(ctx: BackendContext, req: Request, url: URL): Promise<Response> {
  const { user, sessionId, signedIn } = await authenticate(ctx, req);
  const body = await jsonBody(req);
  const changes: Parameters<typeof updateUser>[2] = {};
  const data = metadataField(body);
  if (data) changes.userMetadata = mergeMetadata(user.raw_user_meta_data ?? {}, data);
  const password = givenPassword(body);
  const email = emailField(body);
  const emailChanges = !!email && email.toLowerCase() !== (user.email ?? '').toLowerCase();
  if (password !== undefined || emailChanges) await requireAal2ForCredentials(ctx.db, user, sessionId);
  if (password !== undefined) {
    await checkCurrentPassword(ctx, req, user, signedIn, body);
    changes.passwordHash = await hashPassword(password, ctx.config.auth.bcryptCost);
  }
  let emailChange: string | undefined;
  if (email && emailChanges) {
    if (!EMAIL_PATTERN.test(email)) throw invalidEmail();
    // An anonymous user gives their first email at once; an account's email changes once the new address confirms it.
    if (user.is_anonymous) changes.email = email;
    else emailChange = email;
  }
  if (emailChange) {
    const taken = await findUserByEmail(ctx.db, emailChange);
    if (taken && taken.id !== user.id) throw emailExists();
    await requestEmailChange(ctx, user, emailChange, allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to')));
  }
  const updated = await ctx.db.tx(async (q) => {
    if (changes.email) {
      const taken = await findUserByEmail(q, changes.email);
      if (taken && taken.id !== user.id) throw emailExists();
      // An anonymous user who gives an email keeps their data and becomes an email account
      // (confirmed at once: this server autoconfirms, as sign-up does).
      if (user.is_anonymous) {
        changes.permanent = true;
        changes.confirmEmail = true;
        changes.appMetadata = { ...(user.raw_app_meta_data ?? {}), provider: 'email', providers: ['email'] };
        await addIdentity(q, user.id, 'email', user.id, { sub: user.id, ...emailIdentityData(changes.email, false) });
      }
    }
    return userJson(q, await updateUser(q, user.id, changes));
  });
  return authJson(updated);
}

/** linkIdentity and unlinkIdentity only when the operator allows them (AUTH_MANUAL_LINKING), as GoTrue. */
function manualLinkingEnabled(ctx: BackendContext) {
  if (!ctx.config.auth.manualLinking) throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

/** DELETE /user/identities/{identity_id}: unlinks one of the caller's sign-in methods, never the last. */
async function unlinkIdentity(ctx: BackendContext, req: Request, identityId: string): Promise<Response> {
  const { user } = await authenticate(ctx, req);
  manualLinkingEnabled(ctx);
  await ctx.db.tx(async (q) => {
    const { rows } = await q.query<{ id: string; provider: string }>(
      'select id::text as id, provider from auth.identities where user_id = $1 for update',
      [user.id],
    );
    const identity = rows.find((row) => row.id === identityId);
    if (!identity) throw new AuthError(404, 'identity_not_found', 'Identity is not linked to this user');
    if (rows.length <= 1) throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    await q.query('delete from auth.identities where id::text = $1', [identityId]);
    const providers = [...new Set(rows.filter((row) => row.id !== identityId).map((row) => row.provider))];
    const appMetadata = { ...(user.raw_app_meta_data ?? {}), provider: providers[0], providers };
    await updateUser(q, user.id, { appMetadata });
  });
  return authJson({});
}

/** The caller of /factors: who, in which session, from where, and the guess budget a code spends. */
async function factorCaller(ctx: BackendContext, req: Request): Promise<FactorCaller> {
  const { user, sessionId } = await authenticate(ctx, req);
  const budget = guessBudget(ctx);
  return { user, sessionId, ip: req.headers.get(CLIENT_IP_HEADER) || '0.0.0.0', reserveGuess: budget };
}

/** /factors/{id}[/challenge|/verify]. */
async function factorRoute(ctx: BackendContext, req: Request, rest: string): Promise<Response> {
  const [id = '', action = '', ...more] = rest.split('/');
  const factorId = pathSegment(id);
  const key = more.length ? '' : `${req.method} ${action}`;
  if (key === 'POST challenge') return challengeFactor(ctx, await factorCaller(ctx, req), factorId);
  if (key === 'POST verify') return verifyFactor(ctx, req, await factorCaller(ctx, req), factorId);
  if (key === 'DELETE ') return unenrollFactor(ctx, await factorCaller(ctx, req), factorId);
  throw new AuthError(404, 'not_found', `${req.method} ${PREFIX}/factors/${rest} is not an auth endpoint`);
}

async function logout(ctx: BackendContext, req: Request, url: URL): Promise<Response> {
  const { user, sessionId } = await authenticate(ctx, req);
  const scope = (url.searchParams.get('scope') ?? 'global') as LogoutScope;
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  await endSessions(ctx.db, user.id, sessionId, scope);
  return authJson(null, 204);
}

const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    email: true,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: true,
    keycloak: false,
    kakao: false,
    linkedin_oidc: false,
    notion: false,
    phone: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
  },
  disable_signup: false,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  saml_private_key_next_configured: false,
  passkeys_enabled: false,
};

async function route(ctx: BackendContext, req: Request, url: URL, path: string): Promise<Response> {
  const { method } = req;
  if (path === LOCAL_OIDC_PATH.slice(PREFIX.length) || path.startsWith(LOCAL_OIDC_PATH.slice(PREFIX.length) + '/')) {
    return (await localOidc(ctx)).relay(req);
  }
  if (path === '/admin/users' || path.startsWith('/admin/users/')) return adminUsers(ctx, req, url, path.slice('/admin/users'.length));
  if (method === 'DELETE' && path.startsWith('/user/identities/')) return unlinkIdentity(ctx, req, pathSegment(path.slice('/user/identities/'.length)));
  if (path.startsWith('/factors/')) return factorRoute(ctx, req, path.slice('/factors/'.length));
  switch (`${method} ${path}`) {
    case 'POST /factors':
      return enrollFactor(ctx, req, await factorCaller(ctx, req));
    case 'GET /health':
      return authJson({ version: 'homestory-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    case 'GET /settings':
      return authJson({ ...SETTINGS, external: { ...SETTINGS.external, anonymous_users: ctx.config.auth.anonymousUsers } });
    case 'GET /.well-known/jwks.json':
      return authJson({ keys: [] });
    case 'POST /signup':
      return signup(ctx, req);
    case 'POST /token':
      return token(ctx, req, url);
    case 'GET /user': {
      const { user } = await authenticate(ctx, req);
      return authJson(await userJson(ctx.db, user));
    }
    case 'PUT /user':
      return putUser(ctx, req, url);
    case 'POST /logout':
      return logout(ctx, req, url);
    case 'GET /reauthenticate':
      return reauthenticate(ctx, (await authenticate(ctx, req)).user, mailBudget(ctx, req));
    case 'POST /recover':
      return recover(ctx, req, url, mailBudget(ctx, req));
    case 'POST /resend':
      return resend(ctx, req, url, mailBudget(ctx, req));
    case 'POST /invite':
      return invite(ctx, req, url);
    case 'POST /admin/generate_link':
      return generateLink(ctx, req);
    case 'POST /otp':
      return otp(ctx, req, url, mailBudget(ctx, req));
    case 'POST /verify':
      return verifyCode(ctx, req, clientOf(req), guessBudget(ctx));
    case 'GET /verify':
      return verifyLink(ctx, url, clientOf(req), guessBudget(ctx));
    case 'GET /authorize':
      return authorize(ctx, url);
    case 'GET /user/identities/authorize': {
      // linkIdentity: the provider's URL as JSON, for the signed-in caller to follow.
      const { user } = await authenticate(ctx, req);
      manualLinkingEnabled(ctx);
      const location = (await authorize(ctx, url, user.id)).headers.get('location');
      return authJson({ url: location });
    }
    case 'GET /callback':
    case 'POST /callback': {
      let params = url;
      if (method === 'POST') {
        // form_post response mode: the provider's answer is in the body.
        params = new URL(url);
        for (const [k, v] of new URLSearchParams(await req.text())) params.searchParams.set(k, v);
        checkQuery(params.searchParams);
      }
      return callback(ctx, params, clientOf(req));
    }
    default:
      throw new AuthError(404, 'not_found', `${method} ${PREFIX}${path} is not an auth endpoint`);
  }
}

export async function authHandler(req: Request, ctx: BackendContext): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.slice(PREFIX.length) || '/';
  try {
    checkQuery(url.searchParams);
    return await route(ctx, req, url, path);
  } catch (error) {
    if (error instanceof AuthError) return errorResponse(error, req);
    if (error instanceof LimitsUnavailable) {
      // Fail closed: a guess that cannot be counted is not checked.
      return errorResponse(new AuthError(503, 'unexpected_failure', 'Rate limits cannot be checked at the moment, please retry'), req);
    }
    console.error('[auth] unexpected error', error);
    return errorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'), req);
  }
}
