-- Platform objects a hosted Supabase project already has: API roles, the auth schema with
-- GoTrue-shaped tables and helper functions, the extensions schema. Every statement is guarded so
-- it is a no-op where the object exists: on hosted Supabase these belong to the platform and are
-- not ours to replace. Locally (PGlite, plain PostgreSQL) they make the same SQL run unchanged.

-- Roles -------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not pg_has_role('authenticator', 'anon', 'member') then
    grant anon to authenticator;
  end if;
  if not pg_has_role('authenticator', 'authenticated', 'member') then
    grant authenticated to authenticator;
  end if;
  if not pg_has_role('authenticator', 'service_role', 'member') then
    grant service_role to authenticator;
  end if;
end
$$;

-- Schemas and extensions --------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'extensions') then
    create schema extensions;
    grant usage on schema extensions to anon, authenticated, service_role;
  end if;
  if not exists (select 1 from pg_extension where extname = 'btree_gist') then
    create extension btree_gist with schema extensions;
  end if;
  -- pgcrypto is optional here (gen_random_uuid() is core); install it where it is available.
  if not exists (select 1 from pg_extension where extname = 'pgcrypto')
     and exists (select 1 from pg_available_extensions where name = 'pgcrypto') then
    create extension pgcrypto with schema extensions;
  end if;
end
$$;

do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'auth') then
    create schema auth;
    grant usage on schema auth to anon, authenticated, service_role;
  end if;
end
$$;

-- auth tables, shaped like GoTrue's (only the local auth service writes them) ------------------
do $$
begin
  if to_regclass('auth.users') is null then
    create table auth.users (
      instance_id uuid,
      id uuid primary key,
      aud varchar(255),
      role varchar(255),
      email varchar(255),
      encrypted_password varchar(255),
      email_confirmed_at timestamptz,
      invited_at timestamptz,
      confirmation_token varchar(255),
      confirmation_sent_at timestamptz,
      recovery_token varchar(255),
      recovery_sent_at timestamptz,
      email_change_token_new varchar(255),
      email_change varchar(255),
      email_change_sent_at timestamptz,
      last_sign_in_at timestamptz,
      raw_app_meta_data jsonb,
      raw_user_meta_data jsonb,
      is_super_admin boolean,
      created_at timestamptz,
      updated_at timestamptz,
      phone text unique default null,
      phone_confirmed_at timestamptz,
      phone_change text default '',
      phone_change_token varchar(255) default '',
      phone_change_sent_at timestamptz,
      confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
      email_change_token_current varchar(255) default '',
      email_change_confirm_status smallint default 0,
      banned_until timestamptz,
      reauthentication_token varchar(255) default '',
      reauthentication_sent_at timestamptz,
      is_sso_user boolean not null default false,
      deleted_at timestamptz,
      is_anonymous boolean not null default false
    );
    create unique index users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;
  end if;

  if to_regclass('auth.identities') is null then
    create table auth.identities (
      provider_id text not null,
      user_id uuid not null references auth.users (id) on delete cascade,
      identity_data jsonb not null,
      provider text not null,
      last_sign_in_at timestamptz,
      created_at timestamptz,
      updated_at timestamptz,
      email text generated always as (lower(identity_data ->> 'email')) stored,
      id uuid primary key default gen_random_uuid(),
      unique (provider_id, provider)
    );
    create index identities_user_id_idx on auth.identities (user_id);
  end if;

  if to_regclass('auth.sessions') is null then
    create table auth.sessions (
      id uuid primary key,
      user_id uuid not null references auth.users (id) on delete cascade,
      created_at timestamptz,
      updated_at timestamptz,
      factor_id uuid,
      aal text,
      not_after timestamptz,
      refreshed_at timestamp,
      user_agent text,
      ip inet,
      tag text
    );
    create index sessions_user_id_idx on auth.sessions (user_id);
  end if;

  if to_regclass('auth.refresh_tokens') is null then
    create table auth.refresh_tokens (
      instance_id uuid,
      id bigserial primary key,
      token varchar(255) unique,
      user_id varchar(255),
      revoked boolean,
      created_at timestamptz,
      updated_at timestamptz,
      parent varchar(255),
      session_id uuid references auth.sessions (id) on delete cascade
    );
    create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
    create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
  end if;

  if to_regclass('auth.flow_state') is null then
    create table auth.flow_state (
      id uuid primary key,
      user_id uuid,
      auth_code text not null,
      code_challenge_method text not null,
      code_challenge text not null,
      provider_type text not null,
      provider_access_token text,
      provider_refresh_token text,
      created_at timestamptz,
      updated_at timestamptz,
      authentication_method text not null,
      auth_code_issued_at timestamptz
    );
    create index idx_auth_code on auth.flow_state (auth_code);
  end if;
end
$$;

-- auth helper functions, as Supabase defines them (read the per-request claims) -----------------
do $do$
begin
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
      language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $fn$;
  end if;
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
      language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      )::uuid
    $fn$;
  end if;
  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
      language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
      )::text
    $fn$;
  end if;
  if to_regprocedure('auth.email()') is null then
    create function auth.email() returns text
      language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.email', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
      )::text
    $fn$;
  end if;
end
$do$;
