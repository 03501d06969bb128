// GoTrue's admin API, for the service role only: users (/admin/users: create, list paged with
// X-Total-Count and Link as supabase-js reads them, get, update, delete), /invite (mails an
// invitation link) and /admin/generate_link (an action link and code, mailed by the caller).
// An operator's tool: it bypasses sign-up's limits and can confirm, ban and delete accounts.
import type { BackendContext } from '../context.ts';
import { bearerClaims, EMAIL_PATTERN, emailField, field, givenPassword, jsonBody, metadataField, pathSegment, requiredEmail, weakPassword } from './body.ts';
import { AuthError, authJson, emailExists, invalidEmail, validationFailed } from './errors.ts';
import { allowedRedirect } from './oauth.ts';
import { issueCode, issueEmailChangeLink, mailCode, type IssuedCode } from './otp.ts';
import { removeFactor } from './mfa.ts';
import { endSessions } from './sessions.ts';
import {
  createEmailUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  listUsers,
  mergeMetadata,
  updateUser,
  userJson,
  userColumns,
  factorsOf,
  type Metadata,
  type UserRow,
} from './users.ts';

const ADMIN_ROLES: ReadonlySet<string> = new Set(['service_role', 'supabase_admin']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PER_PAGE_DEFAULT = 50;
const PER_PAGE_MAX = 1000;

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');

export async function requireAdmin(ctx: BackendContext, req: Request): Promise<void> {
  const claims = await bearerClaims(ctx, req);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw new AuthError(403, 'not_admin', 'User not allowed');
}

/** A Go duration as GoTrue's ban_duration takes it ('24h', '1h30m', '90s'), in milliseconds. */
function durationMs(text: string): number | null {
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return null;
  let total = 0;
  for (const [, amount, , name] of text.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(amount) * unit[name!]!;
  return total;
}

/** ban_duration: 'none' lifts a ban, a duration bans from now; undefined when not asked. */
function banUntil(body: Record<string, unknown>): Date | null | undefined {
  if (body.ban_duration === undefined || body.ban_duration === null) return undefined;
  const text = field(body, 'ban_duration', 64);
  if (text === 'none') return null;
  const ms = durationMs(text);
  if (ms === null) throw new AuthError(400, 'validation_failed', 'invalid format for ban duration: time: invalid duration');
  return new Date(Date.now() + ms);
}

function flag(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw validationFailed(`${name} must be a boolean`);
  return value;
}

async function userById(ctx: BackendContext, id: string): Promise<UserRow> {
  const user = UUID.test(id) ? await findUserById(ctx.db, id) : undefined;
  if (!user || user.deleted_at) throw userNotFound();
  return user;
}

async function create(ctx: BackendContext, req: Request): Promise<Response> {
  const body = await jsonBody(req);
  const email = requiredEmail(body, 'Cannot create a user without either an email or phone');
  const password = givenPassword(body);
  const userMetadata = metadataField(body, 'user_metadata') ?? {};
  const appMetadata = metadataField(body, 'app_metadata');
  const confirmed = flag(body, 'email_confirm');
  const bannedUntil = banUntil(body);
  const passwordHash = password ? await hashPassword(password, ctx.config.auth.bcryptCost) : null;
  const created = await ctx.db.tx(async (q) => {
    if (await findUserByEmail(q, email)) throw emailExists();
    let user = await createEmailUser(q, { email, passwordHash, userMetadata, appMetadata, confirmed });
    if (bannedUntil !== undefined) user = await updateUser(q, user.id, { bannedUntil });
    return userJson(q, user);
  });
  return authJson(created);
}

async function list(ctx: BackendContext, url: URL): Promise<Response> {
  // GoTrue parses both as unsigned integers and refuses anything else (page=-1 included).
  const number = (name: string, fallback: number) => {
    const given = url.searchParams.get(name);
    if (given === null || given === '') return fallback;
    if (!/^\d{1,9}$/.test(given)) throw validationFailed(`Bad Pagination Parameters: ${name} must be a non-negative integer`);
    return Number(given) || fallback;
  };
  const page = number('page', 1);
  const perPage = Math.min(number('per_page', PER_PAGE_DEFAULT), PER_PAGE_MAX);
  const { rows, total } = await listUsers(ctx.db, page, perPage);
  const users = await Promise.all(rows.map((row) => userJson(ctx.db, row)));
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links = [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')];
  return authJson({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(total), link: links.join(', ') });
}

async function update(ctx: BackendContext, req: Request, id: string): Promise<Response> {
  const user = await userById(ctx, id);
  const body = await jsonBody(req);
  const changes: Parameters<typeof updateUser>[2] = {};
  const userMetadata = metadataField(body, 'user_metadata');
  if (userMetadata) changes.userMetadata = mergeMetadata(user.raw_user_meta_data ?? {}, userMetadata);
  const appMetadata = metadataField(body, 'app_metadata');
  if (appMetadata) changes.appMetadata = mergeMetadata(user.raw_app_meta_data ?? {}, appMetadata);
  const password = givenPassword(body);
  if (password !== undefined) changes.passwordHash = await hashPassword(password, ctx.config.auth.bcryptCost);
  const email = emailField(body);
  if (email && email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
    if (!EMAIL_PATTERN.test(email)) throw invalidEmail();
    changes.email = email;
  }
  if (flag(body, 'email_confirm')) changes.confirmEmail = true;
  const bannedUntil = banUntil(body);
  if (bannedUntil !== undefined) changes.bannedUntil = bannedUntil;
  const updated = await ctx.db.tx(async (q) => {
    if (changes.email) {
      const taken = await findUserByEmail(q, changes.email);
      if (taken && taken.id !== user.id) throw emailExists();
    }
    const row = await updateUser(q, user.id, changes);
    // A banned user's sessions end: their refresh tokens stop working at once.
    if (bannedUntil) await endSessions(q, user.id, undefined, 'global');
    return userJson(q, row);
  });
  return authJson(updated);
}

async function remove(ctx: BackendContext, req: Request, id: string): Promise<Response> {
  const user = await userById(ctx, id);
  const body = await jsonBody(req);
  const soft = flag(body, 'should_soft_delete');
  await ctx.db.tx((q) => deleteUser(q, user.id, soft));
  return authJson({});
}

/** A new email account for an invitation or a generated link: unconfirmed until its link is followed. */
async function newEmailUser(
  ctx: BackendContext,
  email: string,
  passwordHash: string | null,
  userMetadata: Metadata,
  invited = false,
): Promise<UserRow> {
  return ctx.db.tx(async (q) => {
    if (await findUserByEmail(q, email)) throw emailExists();
    const user = await createEmailUser(q, { email, passwordHash, userMetadata, confirmed: false });
    if (!invited) return user;
    const { rows } = await q.query<UserRow>(`update auth.users set invited_at = now() where id = $1 returning ${userColumns()}`, [user.id]);
    return rows[0]!;
  });
}

/** POST /invite {email, data}: makes the account and mails its invitation link. */
export async function invite(ctx: BackendContext, req: Request, url: URL): Promise<Response> {
  await requireAdmin(ctx, req);
  const body = await jsonBody(req);
  const email = requiredEmail(body, 'An email address is required');
  const user = await newEmailUser(ctx, email, null, metadataField(body) ?? {}, true);
  await mailCode(ctx, user, 'invite', allowedRedirect(ctx.config.auth, url.searchParams.get('redirect_to')));
  return authJson(await userJson(ctx.db, user));
}

type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change_current' | 'email_change_new';
const LINK_TYPES: ReadonlySet<string> = new Set<LinkType>(['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']);

/**
 * POST /admin/generate_link {type, email, password?, data?, new_email?, redirect_to?}: the link and
 * code, not mailed. The email change types need `new_email`, an address no other account has.
 */
export async function generateLink(ctx: BackendContext, req: Request): Promise<Response> {
  await requireAdmin(ctx, req);
  const body = await jsonBody(req);
  const type = field(body, 'type', 32) as LinkType;
  if (!LINK_TYPES.has(type)) throw validationFailed(`Invalid link type: must be one of ${[...LINK_TYPES].join(', ')}`);
  const email = requiredEmail(body, 'Password recovery requires an email');
  const redirectTo = allowedRedirect(ctx.config.auth, field(body, 'redirect_to', 2048) || null);
  let user = await findUserByEmail(ctx.db, email);
  if (type === 'signup' || type === 'invite') {
    if (user) throw emailExists();
    const password = field(body, 'password');
    if (type === 'signup') {
      const weak = weakPassword(password);
      if (weak) throw weak;
    }
    user = await newEmailUser(
      ctx,
      email,
      type === 'signup' ? await hashPassword(password, ctx.config.auth.bcryptCost) : null,
      metadataField(body) ?? {},
      type === 'invite',
    );
  } else if (!user || user.deleted_at) {
    throw userNotFound();
  }
  if (type === 'email_change_current' || type === 'email_change_new') {
    const newEmail = requiredEmail({ email: body.new_email }, 'An email change requires new_email');
    const taken = await findUserByEmail(ctx.db, newEmail);
    if (taken && taken.id !== user.id) throw emailExists();
    const changed = await issueEmailChangeLink(ctx, user, type === 'email_change_new' ? 'new' : 'current', newEmail, redirectTo);
    return linkJson(ctx, changed.user, changed.issued, type, redirectTo);
  }
  const issued = await issueCode(ctx, user, type, redirectTo, false);
  return linkJson(ctx, user, issued, type, redirectTo);
}

async function linkJson(ctx: BackendContext, user: UserRow, issued: IssuedCode, type: LinkType, redirectTo: string): Promise<Response> {
  return authJson({
    ...(await userJson(ctx.db, user)),
    action_link: issued.link,
    email_otp: issued.code,
    hashed_token: issued.token,
    redirect_to: redirectTo,
    verification_type: type,
  });
}

/** /admin/users/{id}/factors (GET: the user's factors) and /{factor_id} (DELETE: remove one, as a lost phone asks). */
async function factors(ctx: BackendContext, method: string, userId: string, factorId: string | undefined): Promise<Response> {
  const user = await userById(ctx, userId);
  if (factorId === undefined && method === 'GET') return authJson(await factorsOf(ctx.db, user.id));
  if (factorId !== undefined && method === 'DELETE') {
    const removed = await ctx.db.tx(async (q) => {
      const factor = (await factorsOf(q, user.id)).find((f) => f.id === factorId);
      if (factor) await removeFactor(q, factorId);
      return factor;
    });
    if (!removed) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return authJson(removed);
  }
  throw new AuthError(405, 'method_not_allowed', `${method} is not allowed on this factor path`);
}

/** /admin/users{rest}: '' for the collection, '/<id>' for one user. */
export async function adminUsers(ctx: BackendContext, req: Request, url: URL, rest: string): Promise<Response> {
  await requireAdmin(ctx, req);
  const { method } = req;
  if (rest === '' || rest === '/') {
    if (method === 'POST') return create(ctx, req);
    if (method === 'GET') return list(ctx, url);
  } else if (/^\/[^/]+\/factors(\/[^/]+)?$/.test(rest)) {
    const [, userId = '', , factorId] = rest.split('/');
    return factors(ctx, method, pathSegment(userId), factorId === undefined ? undefined : pathSegment(factorId));
  } else {
    const id = pathSegment(rest.slice(1));
    if (method === 'GET') return authJson(await userJson(ctx.db, await userById(ctx, id)));
    if (method === 'PUT') return update(ctx, req, id);
    if (method === 'DELETE') return remove(ctx, req, id);
  }
  throw new AuthError(405, 'method_not_allowed', `${method} is not allowed on /admin/users${rest}`);
}
