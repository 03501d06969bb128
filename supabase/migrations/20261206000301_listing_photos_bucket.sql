-- Hosts' listing photos as a Storage bucket with policies (issue 44), on hosted Supabase and the
-- local backend alike (the storage schema now exists on both: 20261206000300). This is the
-- current truth of 20261126000201 and 20261126000320, which did nothing locally (the local
-- storage server applied their rules in code), and adds what those rules also said:
--
-- * listing-photos: public to read, at most 10 MB, JPEG, PNG, WebP or AVIF.
-- * A signed-in user writes only hosts/<their user id>/<32 hex digits> (the client's random
--   names), reads its rows (remove and info need them) and removes them, but never a photo a
--   place still shows (private.listing_photo_in_use).
-- * A host stores at most 200 photos, however many uploads race: a trigger counts them under a
--   transaction-scoped advisory lock on the host's folder (SQLSTATE 54000, which the local storage
--   server answers 413).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing-photos', 'listing-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
on conflict (id) do update
  set public = true, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists "Hosts upload their own listing photos" on storage.objects;
create policy "Hosts upload their own listing photos" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'listing-photos'
    and array_length(storage.foldername(name), 1) = 2
    and (storage.foldername(name))[1] = 'hosts'
    and (storage.foldername(name))[2] = (select auth.uid())::text
    and storage.filename(name) ~ '^[0-9a-f]{32}$'
  );

drop policy if exists "Hosts read their own listing photo rows" on storage.objects;
create policy "Hosts read their own listing photo rows" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'listing-photos'
    and (storage.foldername(name))[1] = 'hosts'
    and (storage.foldername(name))[2] = (select auth.uid())::text
  );

drop policy if exists "Hosts remove their own listing photos" on storage.objects;
create policy "Hosts remove their own listing photos" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'listing-photos'
    and (storage.foldername(name))[1] = 'hosts'
    and (storage.foldername(name))[2] = (select auth.uid())::text
    and not private.listing_photo_in_use(name)
  );

create or replace function private.listing_photo_cap()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  folder text := split_part(new.name, '/', 1) || '/' || split_part(new.name, '/', 2) || '/';
begin
  perform pg_advisory_xact_lock(hashtextextended('storage.listing-photos:' || folder, 0));
  if (select count(*) from storage.objects as o where o.bucket_id = 'listing-photos' and left(o.name, length(folder)) = folder) >= 200 then
    raise exception 'A host stores at most 200 photos' using errcode = '54000';
  end if;
  return new;
end
$$;
revoke execute on function private.listing_photo_cap() from public, anon, authenticated, service_role;

drop trigger if exists listing_photo_cap on storage.objects;
create trigger listing_photo_cap
  before insert on storage.objects
  for each row when (new.bucket_id = 'listing-photos')
  execute function private.listing_photo_cap();
