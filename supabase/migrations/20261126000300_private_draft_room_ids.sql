-- draft_room_ids() out of the API (issue 16, hardening).
--
-- The "Rooms" read policy needs the ids of every host's drafts, so its helper runs with definer
-- rights, and every reader must be allowed to execute it. In public that made it an RPC anyone
-- could call: POST /rest/v1/rpc/draft_room_ids answered the ids of all drafts. It now lives in
-- the schema private, which REST does not expose (db-schemas is public only, here and on hosted
-- Supabase), so the policy still calls it and /rpc knows no such function (404 PGRST202).
--
-- anon and authenticated get USAGE on private and EXECUTE on this one function, because the
-- policy runs as them; nothing else in private is theirs unless granted. service_role bypasses
-- row-level security and needs neither.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated;

-- Same body as before: every draft but those the caller has paid a stay of.
create or replace function private.draft_room_ids()
  returns bigint[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(h.room_id), '{}')
  from public.hosted_rooms as h
  where h.status = 'draft'
    and not exists (select 1 from public."Payments" as p where p.room_id = h.room_id and p.user_id = auth.uid())
$$;
revoke execute on function private.draft_room_ids() from public, anon, authenticated, service_role;
grant execute on function private.draft_room_ids() to anon, authenticated;

-- The policy names the function it calls; recreated on the private one, in one transaction with
-- the drop so that no reader ever sees drafts in between.
drop policy if exists "Anyone can read published rooms" on public."Rooms";
create policy "Anyone can read published rooms" on public."Rooms"
  for select to anon, authenticated
  using (id <> all (coalesce((select private.draft_room_ids()), '{}')));

drop function if exists public.draft_room_ids();
