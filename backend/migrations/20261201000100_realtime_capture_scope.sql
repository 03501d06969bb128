-- The capture watches the project's tables only. A `supabase_realtime` publication FOR ALL TABLES
-- (common in Supabase projects) lists every table of the database, the capture's own queue
-- among them: a trigger there queued each queued change again until "stack depth limit
-- exceeded", failing every write (sign-up answered 500, a start that wrote died). Tables of the
-- platform's schemas (auth, storage, realtime, ...) and of the local backend's own (its queue,
-- limits, test card processor, migration ledgers) are never captured, whatever the publication
-- lists, and a trigger put on one before is taken off.
create or replace function _realtime.captured_tables() returns setof regclass
language sql stable set search_path = '' as $$
  select format('%I.%I', p.schemaname, p.tablename)::regclass from pg_catalog.pg_publication_tables p
   where p.pubname = 'supabase_realtime'
     and p.schemaname not like 'pg\_%'
     and p.schemaname not in ('_realtime', 'auth', 'storage', 'realtime', 'extensions', 'graphql',
       'graphql_public', 'vault', 'pgsodium', 'pgsodium_masks', 'net', 'cron', 'pgbouncer',
       'supabase_functions', 'supabase_migrations', 'information_schema', 'rate_limit', 'payments_test')
$$;
revoke all on function _realtime.captured_tables() from public;

-- Puts the capture trigger on every captured table and takes it off the others; the backend runs
-- it at start and before a channel subscribes to changes.
create or replace function _realtime.sync_triggers() returns void
language plpgsql set search_path = '' as $$
declare
  t record;
begin
  for t in
    select g.tgrelid::regclass as rel from pg_catalog.pg_trigger g
    where g.tgname = '_realtime_capture'
      and g.tgrelid not in (select c from _realtime.captured_tables() c)
  loop
    execute format('drop trigger _realtime_capture on %s', t.rel);
  end loop;
  for t in
    select c as rel from _realtime.captured_tables() c
    where not exists (select 1 from pg_catalog.pg_trigger g where g.tgname = '_realtime_capture' and g.tgrelid = c)
  loop
    execute format('create trigger _realtime_capture after insert or update or delete on %s
                    for each row execute function _realtime.capture()', t.rel);
  end loop;
end
$$;
revoke all on function _realtime.sync_triggers() from public;

-- A database the earlier sync gave such triggers (its ledger's among them) is mended at once.
select _realtime.sync_triggers();
