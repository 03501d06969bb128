-- The local backend's change capture for Realtime's postgres_changes (never deployed: hosted
-- Realtime reads the write-ahead log). A row trigger on each table of the supabase_realtime
-- publication queues the change and NOTIFYs realtime_changes with its id; NOTIFY is delivered at
-- commit, in commit order, and never for a rolled-back change, on PGlite and PostgreSQL alike.
-- Rows are kept a minute so every backend process on one database can read them. Idempotent, as
-- every local migration (startup.test.ts).
create schema if not exists _realtime;
revoke all on schema _realtime from public;

create table if not exists _realtime.changes (
  id bigint generated always as identity primary key,
  committed_at timestamptz not null default clock_timestamp(),
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb
);
create index if not exists changes_committed_at on _realtime.changes (committed_at);

create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  change_id bigint;
begin
  insert into _realtime.changes (schema_name, table_name, type, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end,
          case when tg_op = 'INSERT' then null else to_jsonb(old) end)
  returning id into change_id;
  perform pg_notify('realtime_changes', change_id::text);
  return null;
end
$$;
revoke all on function _realtime.capture() from public;

-- Puts the capture trigger on every table of the publication and takes it off the others; the
-- backend runs it at start and before a channel subscribes to changes.
create or replace function _realtime.sync_triggers() returns void
language plpgsql set search_path = '' as $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as rel from pg_trigger g join pg_class c on c.oid = g.tgrelid
    where g.tgname = '_realtime_capture'
      and not exists (select 1 from pg_publication_tables p join pg_namespace n on n.nspname = p.schemaname
                      where p.pubname = 'supabase_realtime' and p.tablename = c.relname and n.oid = c.relnamespace)
  loop
    execute format('drop trigger _realtime_capture on %s', t.rel);
  end loop;
  for t in
    select format('%I.%I', p.schemaname, p.tablename) as rel from pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (select 1 from pg_trigger g where g.tgname = '_realtime_capture'
                      and g.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass)
  loop
    execute format('create trigger _realtime_capture after insert or update or delete on %s
                    for each row execute function _realtime.capture()', t.rel);
  end loop;
end
$$;
revoke all on function _realtime.sync_triggers() from public;
