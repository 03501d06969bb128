-- Hosts delete drafts, and photos leave Storage with the places that showed them (issue 16).
--
-- 1. delete_listing(room): the caller's own draft only, never a published place, never one a
--    traveller has paid for (a trip, cancelled or not, or a confirmed stay): hint published /
--    has_bookings, nothing changed. Under the room's row lock (the one publishing and payment
--    confirmation take) it deletes the "Rooms" row; what hangs on it goes with it (hosted_rooms,
--    its policy, blocked nights, wishlist entries, unpaid pending bookings, search rows). It
--    answers the photo paths the place showed that no other place of the host still shows: the
--    delete-listing edge function then removes them from Storage as the host.
-- 2. private.listing_photo_in_use(object name): whether a place still shows a photo. A photo in use
--    is never deleted from Storage (the local storage server asks this; on hosted Supabase the
--    storage policy below does), so a host removes a photo by saving the place without it first,
--    and no place is left showing a missing image.

create function private.listing_photo_in_use(p_name text)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  -- Object names are hosts/<user id>/<name>; "Rooms".images holds their 800 px width's path, and
  -- only under the host's own places (save_listing accepts no other host's photos).
  select exists (
    select 1
    from public.hosted_rooms as h
    join public."Rooms" as r on r.id = h.room_id
    where h.host_id::text = split_part(p_name, '/', 2)
      and ('/storage/v1/object/public/listing-photos/' || p_name || '-800.webp') = any (r.images)
  )
$$;
revoke execute on function private.listing_photo_in_use(text) from public, anon, authenticated, service_role;
-- The storage policy on hosted Supabase runs it as the signed-in host.
grant execute on function private.listing_photo_in_use(text) to authenticated;

create function public.delete_listing(p_room_id bigint)
  returns text[]
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms;
  photos text[];
begin
  -- The lock a delete needs, taken first (lock_hosted_room's is weaker): of concurrent calls one
  -- deletes, the others then find no such place.
  perform 1 from public."Rooms" as r where r.id = p_room_id for update;
  hosted := public.lock_hosted_room(p_room_id);
  if hosted.status <> 'draft' then
    raise exception 'room % is published: unpublish it first', p_room_id using errcode = 'P0001', hint = 'published';
  end if;
  if exists (select 1 from public."Payments" as p where p.room_id = p_room_id)
     or exists (select 1 from public."Bookings" as b where b.room_id = p_room_id and b.status <> 'pending') then
    raise exception 'room % has bookings', p_room_id using errcode = 'P0001', hint = 'has_bookings';
  end if;

  delete from public."Rooms" as r where r.id = p_room_id returning r.images into photos;

  return array(
    select distinct p
    from unnest(coalesce(photos, '{}')) as p
    where not exists (
      select 1
      from public.hosted_rooms as h
      join public."Rooms" as r on r.id = h.room_id
      where h.host_id = hosted.host_id and p = any (r.images)
    )
  );
end
$$;
revoke execute on function public.delete_listing(bigint) from public, anon, authenticated, service_role;
grant execute on function public.delete_listing(bigint) to authenticated;

-- Hosted Supabase: a host deletes only their own photos, and only those no place shows (the
-- local backend has no storage schema; its storage server applies the same rule in code).
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'storage')
     or not exists (select 1 from pg_class where oid = to_regclass('storage.objects')) then
    return;
  end if;
  execute 'drop policy if exists "Hosts remove their own listing photos" on storage.objects';
  execute $policy$
    create policy "Hosts remove their own listing photos" on storage.objects
      for delete to authenticated
      using (
        bucket_id = 'listing-photos'
        and (storage.foldername(name))[1] = 'hosts'
        and (storage.foldername(name))[2] = (select auth.uid())::text
        and not private.listing_photo_in_use(name)
      )
  $policy$;
end
$$;
