// auth.users and auth.identities rows, and the User object GoTrue returns (contract 3.3).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { bcryptCompare, bcryptHash } from './password-hash.ts';

export type Metadata = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  phone: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
  is_anonymous: boolean;
  /** An email change waiting for its confirmation: the new address. */
  email_change: string | null;
  email_change_sent_at: Date | string | null;
  /** When an invitation was sent (admin /invite or an invite link). */
  invited_at: Date | string | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  email: string | null;
}

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt reads at most 72 bytes: a longer password would be cut silently, so it is refused. */
export const PASSWORD_MAX_BYTES = 72;
/**
 * Compared against when the email is unknown, so that a failure costs one bcrypt either way and
 * the answer's timing does not tell registered emails apart. No password matches it (made from
 * random bytes on first use, one per work factor).
 */
const dummyHashes = new Map<number, Promise<string>>();

const USER_COLUMN_NAMES = [
  'id', 'aud', 'role', 'email', 'encrypted_password', 'email_confirmed_at', 'confirmed_at', 'last_sign_in_at',
  'raw_app_meta_data', 'raw_user_meta_data', 'phone', 'created_at', 'updated_at', 'banned_until', 'deleted_at', 'is_anonymous',
  'email_change', 'email_change_sent_at', 'invited_at',
] as const;
/** The auth.users columns of UserRow, optionally qualified by a table alias. */
export const userColumns = (alias?: string) => USER_COLUMN_NAMES.map((c) => (alias ? `${alias}.${c}` : c)).join(', ');
const USER_COLUMNS = userColumns();

const iso = (value: Date | string | null | undefined): string | undefined =>
  value == null ? undefined : new Date(value).toISOString();

export const hashPassword = (password: string, cost: number) => bcryptHash(password, cost);
/** False for a user without a password too, after the same work as a real comparison. */
export async function checkPassword(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  if (hash) return bcryptCompare(password, hash);
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = bcryptHash(randomBytes(24).toString('base64url'), cost)));
  await bcryptCompare(password, await dummy);
  return false;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false`,
    [email],
  );
  return rows[0];
}

export async function findUserByIdentity(q: Queryable, provider: string, providerId: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select ${userColumns('u')} from auth.users u
     join auth.identities i on i.user_id = u.id
     where i.provider = $1 and i.provider_id = $2`,
    [provider, providerId],
  );
  return rows[0];
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  appMetadata: Metadata;
  userMetadata: Metadata;
  identity: { provider: string; providerId?: string; data: Metadata };
  /** Whether the email is confirmed (default: yes, the autoconfirm of sign-up). */
  confirmed?: boolean;
}

/** Inserts a user (confirmed unless told otherwise) with its first identity. */
export async function createUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const providerId = user.identity.providerId ?? id;
  const { rows } = await q.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', lower($2), $3,
       case when $6 then now() end, $4::jsonb, $5::jsonb, now(), now(), false)
     returning ${USER_COLUMNS}`,
    [id, user.email, user.passwordHash, JSON.stringify(user.appMetadata), JSON.stringify(user.userMetadata), user.confirmed ?? true],
  );
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [providerId, id, JSON.stringify({ sub: providerId, ...user.identity.data }), user.identity.provider],
  );
  return rows[0]!;
}

/** A new email account (sign-up, an admin, an invitation, a magic link): provider email, one email identity. */
export function createEmailUser(
  q: Queryable,
  user: {
    email: string;
    passwordHash: string | null;
    userMetadata: Metadata;
    appMetadata?: Metadata;
    confirmed: boolean;
    /** What the identity says (sign-up autoconfirms without verifying); default: confirmed. */
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  return createUser(q, {
    email: user.email,
    passwordHash: user.passwordHash,
    appMetadata: { provider: 'email', providers: ['email'], ...user.appMetadata },
    userMetadata: user.userMetadata,
    confirmed: user.confirmed,
    identity: { provider: 'email', data: emailIdentityData(user.email, user.emailVerified ?? user.confirmed) },
  });
}

/** An email identity's data, as GoTrue keeps it. */
export const emailIdentityData = (email: string, verified: boolean): Metadata => ({
  email: email.toLowerCase(),
  email_verified: verified,
  phone_verified: false,
});

/** An anonymous user (signInAnonymously): no email, no identity, is_anonymous set. */
export async function createAnonymousUser(q: Queryable, userMetadata: Metadata): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', null,
       '{"provider":"anonymous","providers":["anonymous"]}'::jsonb, $2::jsonb, now(), now(), true)
     returning ${USER_COLUMNS}`,
    [randomUUID(), JSON.stringify(userMetadata)],
  );
  return rows[0]!;
}

export async function updateUser(
  q: Queryable,
  id: string,
  changes: {
    userMetadata?: Metadata;
    appMetadata?: Metadata;
    passwordHash?: string;
    email?: string;
    signedIn?: boolean;
    /** Confirms the email now (an admin's email_confirm). */
    confirmEmail?: boolean;
    /** Banned until then; null lifts a ban. */
    bannedUntil?: Date | null;
    /** An anonymous user who gave an email is anonymous no more. */
    permanent?: boolean;
  },
): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `update auth.users set
       raw_user_meta_data = coalesce($2::jsonb, raw_user_meta_data),
       raw_app_meta_data = coalesce($3::jsonb, raw_app_meta_data),
       encrypted_password = coalesce($4, encrypted_password),
       email = coalesce(lower($5), email),
       last_sign_in_at = case when $6 then now() else last_sign_in_at end,
       email_confirmed_at = case when $7 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
       banned_until = case when $8 then $9::timestamptz else banned_until end,
       is_anonymous = case when $10 then false else is_anonymous end,
       updated_at = now()
     where id = $1
     returning ${USER_COLUMNS}`,
    [
      id,
      changes.userMetadata ? JSON.stringify(changes.userMetadata) : null,
      changes.appMetadata ? JSON.stringify(changes.appMetadata) : null,
      changes.passwordHash ?? null,
      changes.email ?? null,
      changes.signedIn ?? false,
      changes.confirmEmail ?? false,
      changes.bannedUntil !== undefined,
      changes.bannedUntil?.toISOString() ?? null,
      changes.permanent ?? false,
    ],
  );
  return rows[0]!;
}

/** Whether a ban keeps the user from signing in now. */
export const isBanned = (user: UserRow) => user.banned_until != null && new Date(user.banned_until).getTime() > Date.now();

/** One page of the users that are not deleted, newest first (GoTrue's default sort), and how many there are. */
export async function listUsers(q: Queryable, page: number, perPage: number): Promise<{ rows: UserRow[]; total: number }> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id desc limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const count = await q.query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null');
  return { rows, total: count.rows[0]!.n };
}

/**
 * Deletes a user with their sessions and identities (and, by the foreign keys, their favourites
 * and bookings). Soft: the row stays, marked deleted, without its email, so the address is free.
 */
export async function deleteUser(q: Queryable, id: string, soft: boolean): Promise<void> {
  if (!soft) {
    await q.query('delete from auth.users where id = $1', [id]);
    return;
  }
  await q.query('delete from auth.sessions where user_id = $1', [id]);
  await q.query('delete from auth.identities where user_id = $1', [id]);
  await q.query('update auth.users set deleted_at = now(), email = null, encrypted_password = null, updated_at = now() where id = $1', [id]);
}

export async function addIdentity(q: Queryable, userId: string, provider: string, providerId: string, data: Metadata) {
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data,
       last_sign_in_at = now(), updated_at = now()`,
    [providerId, userId, JSON.stringify(data), provider],
  );
}

/** A user's MFA factors as GoTrue's User.factors and admin factor list show them (no secret). */
export async function factorsOf(q: Queryable, userId: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await q.query<{
    id: string;
    friendly_name: string | null;
    factor_type: string;
    status: string;
    created_at: Date;
    updated_at: Date;
    last_challenged_at: Date | null;
  }>(
    `select id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at
     from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows.map((f) => ({
    id: f.id,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at),
  }));
}

/** The User object of GoTrue's API: timestamps RFC 3339, phone "" not null, unset fields omitted. */
export async function userJson(q: Queryable, row: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at, id`,
    [row.id],
  );
  const user: Record<string, unknown> = {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: row.phone ?? '',
    confirmed_at: iso(row.confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: rows.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous,
  };
  // GoTrue's factors (omitted when none): never the secret.
  const factors = await factorsOf(q, row.id);
  if (factors.length) user.factors = factors;
  if (row.invited_at) user.invited_at = iso(row.invited_at);
  if (row.banned_until) user.banned_until = iso(row.banned_until);
  if (row.email_change) {
    user.new_email = row.email_change;
    user.email_change_sent_at = iso(row.email_change_sent_at);
  }
  return JSON.parse(JSON.stringify(user)) as Record<string, unknown>;
}

/** updateUser({data}): shallow merge, a key set to null is removed. */
export function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}
