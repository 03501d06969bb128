-- The storage schema a hosted Supabase project already has (issue 44): storage.buckets and
-- storage.objects, whose RLS policies decide who reads and writes what through /storage/v1, and
-- the helpers policies use (storage.foldername, storage.filename, storage.extension), shaped as
-- supabase/storage's own migrations make them. Like 20261121000001_platform.sql it is a no-op
-- where the schema exists: on hosted Supabase it belongs to the platform. Locally (PGlite, plain
-- PostgreSQL) the backend's storage server (backend/src/storage/api.ts) runs every request as the
-- caller's role with its JWT claims against these tables, as hosted Storage does.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage') then
    return;
  end if;
  execute $sql$
    create schema storage;
    grant usage on schema storage to anon, authenticated, service_role;

    create table storage.buckets (
      id text primary key,
      name text not null,
      owner uuid,
      owner_id text,
      public boolean not null default false,
      avif_autodetection boolean default false,
      file_size_limit bigint,
      allowed_mime_types text[],
      type text not null default 'STANDARD',
      created_at timestamptz default now(),
      updated_at timestamptz default now()
    );
    create unique index bname on storage.buckets (name);

    create table storage.objects (
      id uuid primary key default gen_random_uuid(),
      bucket_id text references storage.buckets (id),
      name text,
      owner uuid,
      owner_id text,
      created_at timestamptz default now(),
      updated_at timestamptz default now(),
      last_accessed_at timestamptz default now(),
      metadata jsonb,
      path_tokens text[] generated always as (string_to_array(name, '/')) stored,
      version text,
      user_metadata jsonb
    );
    create unique index bucketid_objname on storage.objects (bucket_id, name);
    create index name_prefix_search on storage.objects (name text_pattern_ops);

    alter table storage.buckets enable row level security;
    alter table storage.objects enable row level security;
    grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

    create function storage.foldername(name text) returns text[]
      language plpgsql immutable as $f$
    declare
      _parts text[];
    begin
      select string_to_array(name, '/') into _parts;
      return _parts[1 : array_length(_parts, 1) - 1];
    end
    $f$;

    create function storage.filename(name text) returns text
      language plpgsql immutable as $f$
    declare
      _parts text[];
    begin
      select string_to_array(name, '/') into _parts;
      return _parts[array_length(_parts, 1)];
    end
    $f$;

    create function storage.extension(name text) returns text
      language plpgsql immutable as $f$
    declare
      _parts text[];
      _filename text;
    begin
      select string_to_array(name, '/') into _parts;
      select _parts[array_length(_parts, 1)] into _filename;
      return reverse(split_part(reverse(_filename), '.', 1));
    end
    $f$;

    grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
      to anon, authenticated, service_role;
  $sql$;
end
$$;
