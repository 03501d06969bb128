-- Hosts' listing photos in Storage (issue 16). The bucket listing-photos is public to read (the
-- grid and the listing page load its files by URL). A signed-in user writes and deletes objects
-- only under hosts/<their user id>/, as images of at most 10 MB; save_listing accepts only the
-- caller's own hosts/<id>/ paths.
--
-- These are hosted Supabase Storage's bucket row and policies on storage.objects; the local
-- backend has no storage schema (its storage server applies the same rules in code, and also
-- checks the bytes are an image and writes the widths the grid uses), so the statements are
-- guarded and do nothing there. Not done yet: on a hosted project nothing makes those widths, so
-- the <name>-800.webp paths the editor saves exist only on the local backend; a hosted deploy needs
-- a resize step (an edge function or Storage's image transformations) before hosts can add photos.
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'storage')
     or not exists (select 1 from pg_class where oid = to_regclass('storage.buckets')) then
    return;
  end if;

  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('listing-photos', 'listing-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
  on conflict (id) do update
    set public = true, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

  execute $policy$
    create policy "Hosts upload their own listing photos" on storage.objects
      for insert to authenticated
      with check (
        bucket_id = 'listing-photos'
        and (storage.foldername(name))[1] = 'hosts'
        and (storage.foldername(name))[2] = (select auth.uid())::text
      )
  $policy$;
  execute $policy$
    create policy "Hosts remove their own listing photos" on storage.objects
      for delete to authenticated
      using (
        bucket_id = 'listing-photos'
        and (storage.foldername(name))[1] = 'hosts'
        and (storage.foldername(name))[2] = (select auth.uid())::text
      )
  $policy$;
end
$$;
