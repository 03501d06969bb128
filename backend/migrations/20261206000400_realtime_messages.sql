-- Realtime authorization and broadcast from the database, as hosted Supabase has them (schema
-- `realtime`, supabase/realtime's tenant schema): RLS policies on realtime.messages decide who may
-- join a private channel (SELECT) and who may send or track in it (INSERT), for the extension
-- 'broadcast' or 'presence', with realtime.topic() naming the channel; realtime.send() and
-- realtime.broadcast_changes() (for triggers) broadcast by inserting a message. Hosted Realtime
-- reads those inserts from the write-ahead log; here a trigger NOTIFYs realtime_messages with the
-- message's id at commit, and every backend process delivers it to its own subscribers.
-- Idempotent, as every local migration (startup.test.ts).
create schema if not exists realtime;

create table if not exists realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  binary_payload bytea,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
);
create index if not exists messages_inserted_at on realtime.messages (inserted_at);
alter table realtime.messages enable row level security;

create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    final_payload := case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

-- A broadcast message is announced at commit (never when its transaction rolls back, as the
-- authorization checks' own inserts always do).
create or replace function _realtime.message_inserted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.extension = 'broadcast' and new.event is not null then
    perform pg_notify('realtime_messages', new.id::text);
  end if;
  return null;
end
$$;
revoke all on function _realtime.message_inserted() from public;
drop trigger if exists _realtime_message_inserted on realtime.messages;
create trigger _realtime_message_inserted after insert on realtime.messages
  for each row execute function _realtime.message_inserted();

-- The read check's messages, inserted past RLS (as supabase/realtime inserts them as the table's
-- owner) before the caller's role is taken, then selected as that role and rolled back.
create or replace function _realtime.probe(probe_topic text, extensions text[])
returns table (extension text, id uuid)
language sql security definer set search_path = '' as $$
  insert into realtime.messages (topic, extension)
  select probe_topic, e from unnest(extensions) e
  returning realtime.messages.extension, realtime.messages.id
$$;
revoke all on function _realtime.probe(text, text[]) from public;

-- The API roles' grants, as hosted Supabase gives them (the roles come with the project's platform
-- migration; a database without them, as some tests make, gets none).
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('grant usage on schema realtime to %I', r);
      execute format('grant select, insert, update on realtime.messages to %I', r);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'authenticator') then
    grant usage on schema _realtime to authenticator;
    grant execute on function _realtime.probe(text, text[]) to authenticator;
  end if;
end
$$;

-- Broadcast and presence between backend processes on one PostgreSQL database (realtime/bus.ts):
-- NOTIFY realtime_bus carries a message; one past NOTIFY's 8000 bytes waits here and the NOTIFY
-- carries its id. Rows are kept a minute, as the change queue's.
create table if not exists _realtime.bus (
  id bigint generated always as identity primary key,
  sent_at timestamptz not null default clock_timestamp(),
  message text not null
);
create index if not exists bus_sent_at on _realtime.bus (sent_at);
