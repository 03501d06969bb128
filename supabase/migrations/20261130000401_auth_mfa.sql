-- TOTP multi-factor authentication, as GoTrue keeps it (its migrations 20221003041349 to
-- 20240729123726): auth.mfa_factors (the secret encrypted by the auth server, never readable
-- through the API), auth.mfa_challenges (one per sign-in attempt, bound to the client address)
-- and auth.mfa_amr_claims (how a session proved who it is, for the JWT's amr). A platform object:
-- guarded like 20261121000001_platform.sql, a no-op on hosted Supabase, where GoTrue made it.
do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;

  if to_regclass('auth.mfa_factors') is null then
    create table auth.mfa_factors (
      id uuid primary key,
      user_id uuid not null references auth.users (id) on delete cascade,
      friendly_name text,
      factor_type auth.factor_type not null,
      status auth.factor_status not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      secret text,
      phone text,
      last_challenged_at timestamptz
    );
    create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
      where trim(friendly_name) <> '';
    create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
  end if;

  if to_regclass('auth.mfa_challenges') is null then
    create table auth.mfa_challenges (
      id uuid primary key,
      factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
      created_at timestamptz not null,
      verified_at timestamptz,
      ip_address inet not null,
      otp_code text
    );
    create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
  end if;

  if to_regclass('auth.mfa_amr_claims') is null then
    create table auth.mfa_amr_claims (
      session_id uuid not null references auth.sessions (id) on delete cascade,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      authentication_method text not null,
      id uuid primary key,
      unique (session_id, authentication_method)
    );
  end if;
end
$$;

-- Whether the caller's session is as strong as their account asks: aal2 (signed in with a second
-- factor) when they have a verified factor, any session otherwise. Supabase's documented RLS
-- pattern for "MFA for enrolled users only"; security definer because auth.mfa_factors is not
-- readable by the API roles.
create function private.mfa_satisfied()
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors as f where f.user_id = auth.uid() and f.status = 'verified'
    )
$$;
revoke execute on function private.mfa_satisfied() from public, anon, authenticated, service_role;

-- A host who has enrolled an authenticator changes what guests pay (and so their payout: price
-- and currency) only from a session that used it: a stolen password alone cannot reprice their
-- places. Other listing fields stay at aal1. Same checks and writes as 20261127000400's otherwise.
create or replace function private.save_listing_price(p_room_id bigint, p_price jsonb, p_currency jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms;
  code text;
  amount numeric;
  usd numeric;
begin
  select * into hosted from public.hosted_rooms as h where h.room_id = p_room_id;
  code := hosted.currency;
  amount := hosted.local_price;
  if p_currency is not null then
    if jsonb_typeof(p_currency) is distinct from 'string'
       or not exists (select 1 from public.currency_rates as c where c.currency = p_currency #>> '{}') then
      raise exception 'currency must be a currency of the rate table' using errcode = '22023', hint = 'currency';
    end if;
    code := p_currency #>> '{}';
  end if;
  if p_price is not null then
    amount := case when jsonb_typeof(p_price) = 'number' then (p_price #>> '{}')::numeric end;
    if amount is null or amount <= 0 or amount <> trunc(amount) then
      raise exception 'price must be a positive whole number' using errcode = '22023', hint = 'price';
    end if;
  end if;
  -- The editor sends the price with every save: only a change needs the second factor.
  if (code is distinct from hosted.currency and hosted.currency is not null or amount is distinct from hosted.local_price)
     and not private.mfa_satisfied() then
    raise exception 'To change the price, log in again with the code from your authenticator app.'
      using errcode = '42501', hint = 'aal2';
  end if;
  code := coalesce(
    code,
    (select cc.currency from public.country_currencies as cc
     join public."Rooms" as r on r.country = cc.country where r.id = p_room_id),
    'USD'
  );
  if amount is not null then
    usd := public.nightly_usd_at_rate(amount, (select c.per_usd from public.currency_rates as c where c.currency = code));
    if usd > private.max_nightly_usd() then
      raise exception 'price must be worth at most % US dollars a night', private.max_nightly_usd()
        using errcode = '22023', hint = 'price';
    end if;
    -- The spec's unit: ceil(price / 83) is exactly these dollars.
    update public."Rooms" as r set price = usd * 83 where r.id = p_room_id;
  end if;
  update public.hosted_rooms as h set currency = code, local_price = amount where h.room_id = p_room_id;
end
$$;
