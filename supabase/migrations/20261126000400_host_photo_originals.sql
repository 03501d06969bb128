-- Hosts' listing photos as originals, rendered to the grid's and the listing page's widths by
-- Storage's image transformations (issue 16). This is the current truth of what
-- 20261126000201_listing_photos_storage.sql says about widths (migrations are not edited):
--
-- * A host's upload is stored as sent, the original, at listing-photos/hosts/<user id>/<32 hex>
--   (no width suffix), by supabase-js's storage.from('listing-photos').upload(path, file) on
--   hosted Supabase and by the local backend's storage server alike. The bucket, its 10 MB limit,
--   its image types and its insert/delete policies of 000201 and 000320 are unchanged.
-- * The widths are rendered on request at /storage/v1/render/image/public/listing-photos/<path>
--   ?width=&height=&resize=cover&quality= (getPublicUrl(path, { transform })): hosted Storage's
--   image transformations (they must be enabled for the project: Pro plan and above, Storage >
--   Settings), and the local backend's parity endpoint (backend/src/storage/render.ts). Rendering
--   a public bucket's object needs no policy: Storage reads it for anyone, as it serves
--   /object/public. shared/src/ui/listing-card/photoUrls.ts is the one place that maps a stored
--   path and a width to its URL.
-- * "Rooms".images keeps a host photo as the original's public path,
--   /storage/v1/object/public/listing-photos/hosts/<user id>/<32 hex>. Catalogue photos keep
--   their -800.webp paths and their -400/-1200 files.
--
-- 1. save_listing (private.save_listing_fields, 20261126000310) accepts those original paths of
--    the caller's own folder. It still accepts the caller's <32 hex>-800.webp paths: the local
--    backend stored photos as three widths before, and places saved then keep showing them (the
--    storage server still serves and removes them). Other users' folders, other buckets, other
--    folders, '..', anything else: refused as before (22023, hint images).
-- 2. private.listing_photo_in_use(object name) finds a photo by either path, so Storage (hosted
--    policy, local server) never removes a photo a place still shows.

-- 1.
create or replace function private.save_listing_fields(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  room public."Rooms";
  key text;
  text_limits constant jsonb := '{"category": 40, "title": 100, "description": 5000, "address": 200, "city": 100, "country": 100}';
  count_limits constant jsonb := '{"guests": [1, 16], "bedrooms": [0, 50], "beds": [1, 50], "baths": [1, 50]}';
  photo_prefix text := '/storage/v1/object/public/listing-photos/hosts/' || hosted.host_id::text || '/';
  value jsonb;
  n numeric;
begin
  if jsonb_typeof(p_fields) is distinct from 'object' then
    raise exception 'fields must be an object' using errcode = '22023';
  end if;
  select * into room from public."Rooms" as r where r.id = p_room_id;
  for key, value in select * from jsonb_each(p_fields) loop
    if text_limits ? key then
      if jsonb_typeof(value) <> 'string' or char_length(btrim(value #>> '{}')) > (text_limits ->> key)::integer then
        raise exception '% must be a text of at most % characters', key, text_limits ->> key using errcode = '22023', hint = key;
      end if;
      case key
        when 'category' then room.filter := btrim(value #>> '{}');
        when 'title' then room."house-title" := btrim(value #>> '{}');
        when 'description' then room.house_description := btrim(value #>> '{}');
        when 'address' then room.house_location := btrim(value #>> '{}');
        when 'city' then room.city := btrim(value #>> '{}');
        when 'country' then room.country := btrim(value #>> '{}');
      end case;
    elsif count_limits ? key then
      if jsonb_typeof(value) <> 'number' or (value #>> '{}')::numeric <> trunc((value #>> '{}')::numeric)
         or (value #>> '{}')::numeric not between (count_limits -> key ->> 0)::integer and (count_limits -> key ->> 1)::integer then
        raise exception '% must be a whole number from % to %', key, count_limits -> key ->> 0, count_limits -> key ->> 1
          using errcode = '22023', hint = key;
      end if;
      case key
        when 'guests' then room.max_guests := (value #>> '{}')::integer; room.guest_count := public.count_text(room.max_guests, 'guest');
        when 'bedrooms' then room.bedroom_count := public.count_text((value #>> '{}')::integer, 'bedroom');
        when 'beds' then room.bed_count := public.count_text((value #>> '{}')::integer, 'bed');
        when 'baths' then room.bathroom_count := public.count_text((value #>> '{}')::integer, 'bathroom');
      end case;
    elsif key in ('lat', 'lng', 'price') then
      n := case when jsonb_typeof(value) = 'number' then (value #>> '{}')::numeric end;
      if n is null
         or (key = 'lat' and n not between -90 and 90)
         or (key = 'lng' and n not between -180 and 180)
         -- local currency; 83 is one US dollar (the pricing rule), 8,300,000 a hundred thousand
         or (key = 'price' and (n <> trunc(n) or n not between 83 and 8300000)) then
        raise exception '% is out of range', key using errcode = '22023', hint = key;
      end if;
      case key
        when 'lat' then room.lat := n;
        when 'lng' then room.lng := n;
        when 'price' then room.price := n;
      end case;
    elsif key = 'images' then
      -- The caller's own uploads only, at most 20, no repeats: an original,
      -- hosts/<caller>/<32 hex>, or a photo of before originals, hosts/<caller>/<32 hex>-800.webp.
      if jsonb_typeof(value) <> 'array' or jsonb_array_length(value) > 20
         or exists (
           select 1 from jsonb_array_elements(value) as e
           where jsonb_typeof(e) <> 'string'
              or not starts_with(e #>> '{}', photo_prefix)
              or substr(e #>> '{}', char_length(photo_prefix) + 1) !~ '^[0-9a-f]{32}(-800\.webp)?$'
         )
         or (select count(distinct e) from jsonb_array_elements(value) as e) <> jsonb_array_length(value) then
        raise exception 'images must be at most 20 of your uploaded photos' using errcode = '22023', hint = 'images';
      end if;
      room.images := array(select e from jsonb_array_elements_text(value) as e);
    else
      raise exception 'unknown field %', key using errcode = '22023', hint = key;
    end if;
  end loop;

  -- What the listing page derives from those (the seed writes the same).
  room.title_1 := 'Entire place in ' || concat_ws(', ', nullif(room.city, ''), nullif(room.country, ''));
  room.title_2 := concat_ws(' · ', nullif(room.guest_count, ''), nullif(room.bedroom_count, ''),
                            nullif(room.bed_count, ''), nullif(room.bathroom_count, ''));
  room.sleep_bed_1_link := room.images[least(2, cardinality(room.images))];
  room.sleep_bed_2_link := room.images[least(3, cardinality(room.images))];

  if hosted.status = 'published' and not public.room_is_complete(room) then
    raise exception 'a published place must stay complete' using errcode = 'P0001', hint = 'incomplete';
  end if;

  update public."Rooms" as r
  set filter = room.filter, "house-title" = room."house-title", house_description = room.house_description,
      house_location = room.house_location, city = room.city, country = room.country, lat = room.lat,
      lng = room.lng, price = room.price, images = room.images, max_guests = room.max_guests,
      guest_count = room.guest_count, bedroom_count = room.bedroom_count, bed_count = room.bed_count,
      bathroom_count = room.bathroom_count, title_1 = room.title_1, title_2 = room.title_2,
      sleep_bed_1_link = room.sleep_bed_1_link, sleep_bed_2_link = room.sleep_bed_2_link
  where r.id = p_room_id;
  update public.hosted_rooms as h set updated_at = now() where h.room_id = p_room_id;
end
$$;

-- Object names are hosts/<user id>/<name>; "Rooms".images holds the original's public path, or,
-- for a photo stored before originals, its 800 px width's; only under the host's own places
-- (save_listing accepts no other host's photos).
create or replace function private.listing_photo_in_use(p_name text)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (
    select 1
    from public.hosted_rooms as h
    join public."Rooms" as r on r.id = h.room_id
    where h.host_id::text = split_part(p_name, '/', 2)
      and (('/storage/v1/object/public/listing-photos/' || p_name) = any (r.images)
           or ('/storage/v1/object/public/listing-photos/' || p_name || '-800.webp') = any (r.images))
  )
$$;
