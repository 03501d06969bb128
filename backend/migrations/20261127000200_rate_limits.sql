-- The auth rate limiters' counters (backend/src/auth/rate-limit.ts), shared by every backend
-- process on this database, so that two processes do not each allow the whole limit. Only the
-- local backend applies this folder: a hosted project's GoTrue keeps its own limits.
--
-- Schema rate_limit is never exposed by the REST API and grants nothing to anon, authenticated
-- or service_role: only the backend's own connection (the database owner) reads and writes it.
-- Every statement may run again (a local ledger that was lost re-applies this as a no-op).

create schema if not exists rate_limit;
revoke all on schema rate_limit from public;

-- One row per bucket a reservation took a slot in (a password check, a sign-up, a mail); the
-- slot counts until expires_at, or until the reservation is given back (its rows deleted).
create table if not exists rate_limit.slots (
  reservation bigint not null,
  bucket text not null,
  expires_at timestamptz not null,
  primary key (reservation, bucket)
);
create index if not exists slots_bucket_expiry on rate_limit.slots (bucket, expires_at);
create index if not exists slots_expiry on rate_limit.slots (expires_at);
create sequence if not exists rate_limit.reservations;

-- (account, address) pairs that signed in with a password: such a pair has a bucket of its own.
create table if not exists rate_limit.trusted_pairs (
  pair text primary key,
  trusted_until timestamptz not null
);
create index if not exists trusted_pairs_expiry on rate_limit.trusted_pairs (trusted_until);

revoke all on all tables in schema rate_limit from public;
revoke all on all sequences in schema rate_limit from public;

-- Takes one slot in every bucket of `buckets`, or none when any of them holds `max_slots` slots
-- that have not expired: the reservation's id, or null. When `pair` is given and trusted, the
-- bucket `pair_bucket` alone is used instead of `buckets`.
-- Atomic across connections: each bucket is locked (a transaction-scoped advisory lock, taken in
-- one order so two reservations never wait on each other crosswise) before it is counted, and a
-- PL/pgSQL statement after the lock sees every slot committed before it. The lock is held until
-- the caller's transaction ends (a single statement: at once). Up to 100 expired slots of any
-- bucket are swept on the way, skipping rows others are sweeping.
create or replace function rate_limit.reserve(buckets text[], max_slots integer, window_ms integer, pair text default null, pair_bucket text default null)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  used text[] := buckets;
  lock_key bigint;
  now_at timestamptz;
  id bigint;
begin
  if pair is not null
     and exists (select 1 from rate_limit.trusted_pairs t where t.pair = reserve.pair and t.trusted_until > now()) then
    used := array[pair_bucket];
  end if;
  for lock_key in
    select distinct hashtextextended(b, 0) as k from unnest(used) b order by k
  loop
    perform pg_advisory_xact_lock(lock_key);
  end loop;
  now_at := clock_timestamp();
  if exists (
    select 1 from unnest(used) b
    where (select count(*) from rate_limit.slots s where s.bucket = b and s.expires_at > now_at) >= max_slots
  ) then
    return null;
  end if;
  id := nextval('rate_limit.reservations');
  insert into rate_limit.slots (reservation, bucket, expires_at)
  select distinct id, b, now_at + make_interval(secs => window_ms / 1000.0) from unnest(used) b;
  delete from rate_limit.slots s
  using (
    select o.reservation, o.bucket from rate_limit.slots o
    where o.expires_at <= now_at order by o.expires_at limit 100 for update skip locked
  ) old
  where s.reservation = old.reservation and s.bucket = old.bucket;
  return id;
end
$$;

revoke all on function rate_limit.reserve(text[], integer, integer, text, text) from public;
