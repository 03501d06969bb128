-- The street is private until a stay is booked (issue 40, item 3). A place's "Rooms" row is read
-- by everyone (REST, search_rooms and its friends, the server's render, Realtime), so it now holds
-- only what everyone may know, and the exact location moves to a table of its own:
--
-- 1. public.room_locations: per place, the street address and the exact point the host gave.
--    Readable (RLS, SELECT only) by the place's host and by a traveller with a confirmed stay
--    there (a confirmed booking of theirs with a payment not cancelled); a pending or cancelled
--    booking, another user and anon read no row. Nobody writes it but save_listing. It is embedded
--    from "Rooms" by its foreign key (select=*,room_locations(*)), so "Rooms" and select=* are
--    unchanged for every role. It is not in the Realtime publication.
-- 2. "Rooms" keeps the spec's columns, each one public:
--    * house_location is the area: 'City, Country' for a hosted place, as the seed catalogue
--      writes it (its texts were never a street);
--    * lat, lng are an approximate point: the exact point moved 200 to 600 m in a direction, both
--      drawn from a keyed hash of the room id (private.location_key, a random secret made here),
--      so that every read gives the same point and nothing can be averaged out, and a point moved
--      by the host moves its approximation by the same step. The listing draws a circle of
--      800 m around it (shared/rules' APPROXIMATE_LOCATION_RADIUS_M), which holds the true point.
--    Search (search.room_letters copies lat and lng), distances, map boxes and the results map
--    therefore see the approximate point only. The seed catalogue's places have no host and no
--    row in room_locations: their public row is all there is (a city and a point within 3 km of
--    its centre, drawn by the seed), which the listing shows as an area too.
-- 3. save_listing (private.save_listing_fields) writes the address and the point to
--    room_locations, and the area and the approximate point to "Rooms".
-- 4. my_listings() gives the host their places with the exact address and point, as the editor
--    reads and writes them ("address", "lat", "lng" of save_listing).
-- 5. Places listed before this migration: their address and point move to room_locations, and
--    their "Rooms" row gets the area and the approximate point.

-- 2. The secret of the approximation, one row, never readable through the API.
create table private.location_key (
  only_row boolean primary key default true check (only_row),
  secret text not null default (gen_random_uuid()::text || gen_random_uuid()::text)
);
revoke all on table private.location_key from public, anon, authenticated, service_role;
insert into private.location_key default values;

-- The public point of a place whose exact point is (p_lat, p_lng); nulls when it has none.
create function private.approximate_point(p_room_id bigint, p_lat double precision, p_lng double precision,
                                          out lat double precision, out lng double precision)
  language sql stable security definer
  set search_path = ''
as $$
  with hash as (
    select sha256(convert_to(k.secret || ':' || p_room_id::text, 'UTF8')) as b from private.location_key as k
  ), draw as (
    select ((get_byte(b, 0) * 256 + get_byte(b, 1)) * 256 + get_byte(b, 2))::double precision / 16777216 as u,
           ((get_byte(b, 3) * 256 + get_byte(b, 4)) * 256 + get_byte(b, 5))::double precision / 16777216 as v
    from hash
  ), step as (
    -- metres, and a bearing in radians
    select 200 + 400 * u as metres, 2 * pi() * v as bearing from draw
  )
  select round(greatest(-90, least(90, p_lat + s.metres * cos(s.bearing) / 111320))::numeric, 5)::double precision,
         round(mod((p_lng + s.metres * sin(s.bearing) / (111320 * greatest(cos(radians(p_lat)), 0.01)) + 540)::numeric, 360) - 180, 5)::double precision
  from step as s
  where p_lat is not null and p_lng is not null
$$;
revoke all on function private.approximate_point(bigint, double precision, double precision) from public, anon, authenticated, service_role;

-- 1.
create table public.room_locations (
  room_id bigint primary key references public."Rooms" (id) on delete cascade,
  address text not null default '',
  lat double precision,
  lng double precision
);
alter table public.room_locations enable row level security;
revoke all on table public.room_locations from public, anon, authenticated, service_role;
grant select on table public.room_locations to anon, authenticated;
grant select, insert, update, delete on table public.room_locations to service_role;

-- Whether the caller may read the exact location of p_room_id: its host, or a traveller with a
-- confirmed, paid and not cancelled stay there (as the trips read their own rows: the same user
-- and, for a shared account, the same session).
create function private.sees_exact_location(p_room_id bigint)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select auth.uid() is not null and (
    exists (select 1 from public.hosted_rooms as h where h.room_id = p_room_id and h.host_id = auth.uid())
    or exists (
      select 1
      from public."Bookings" as b
      join public."Payments" as p on p.booking_id = b.id
      where b.room_id = p_room_id and b.user_id = auth.uid() and b.status = 'confirmed'
        and p.room_id = p_room_id and p.user_id = auth.uid() and p.cancelled_at is null
        and not (b.session_id is distinct from public.booking_session_scope())
    )
  )
$$;
revoke all on function private.sees_exact_location(bigint) from public;
grant execute on function private.sees_exact_location(bigint) to anon, authenticated;

create policy "Hosts and booked travellers read a place's exact location" on public.room_locations
  for select to anon, authenticated using (private.sees_exact_location(room_id));

-- 3. As 20261126000400's, with the address and point going to room_locations.
create or replace function private.save_listing_fields(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  room public."Rooms";
  place public.room_locations;
  approximate record;
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
  select * into place from public.room_locations as l where l.room_id = p_room_id;
  place.room_id := p_room_id;
  place.address := coalesce(place.address, '');
  for key, value in select * from jsonb_each(p_fields) loop
    if text_limits ? key then
      if jsonb_typeof(value) <> 'string' or char_length(btrim(value #>> '{}')) > (text_limits ->> key)::integer then
        raise exception '% must be a text of at most % characters', key, text_limits ->> key using errcode = '22023', hint = key;
      end if;
      case key
        when 'category' then room.filter := btrim(value #>> '{}');
        when 'title' then room."house-title" := btrim(value #>> '{}');
        when 'description' then room.house_description := btrim(value #>> '{}');
        when 'address' then place.address := btrim(value #>> '{}');
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
        when 'lat' then place.lat := n;
        when 'lng' then place.lng := n;
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

  -- What everyone reads: the area and the approximate point.
  room.house_location := concat_ws(', ', nullif(room.city, ''), nullif(room.country, ''));
  select * into approximate from private.approximate_point(p_room_id, place.lat, place.lng);
  room.lat := approximate.lat;
  room.lng := approximate.lng;

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
  insert into public.room_locations as l (room_id, address, lat, lng)
  values (p_room_id, place.address, place.lat, place.lng)
  on conflict (room_id) do update set address = excluded.address, lat = excluded.lat, lng = excluded.lng;
  update public.hosted_rooms as h set updated_at = now() where h.room_id = p_room_id;
end
$$;

-- 4. As 20261128000200's, the room with its exact address and point.
create or replace function public.my_listings()
  returns table (room_id bigint, status text, cancellation_policy text, currency text, local_price numeric,
                 facts jsonb, room jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  select h.room_id, h.status, coalesce(c.policy, 'moderate'), h.currency, h.local_price,
         private.facts_json(f),
         to_jsonb(r) || case when l.room_id is null then '{}'::jsonb
                             else jsonb_build_object('house_location', l.address, 'lat', l.lat, 'lng', l.lng) end
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  left join public.room_locations as l on l.room_id = h.room_id
  left join public.room_cancellation_policies as c on c.room_id = h.room_id
  left join public.room_facts as f on f.room_id = h.room_id
  where h.host_id = auth.uid()
  order by h.created_at desc, h.room_id desc
$$;

-- 5.
insert into public.room_locations (room_id, address, lat, lng)
select r.id, coalesce(r.house_location, ''), r.lat, r.lng
from public."Rooms" as r
join public.hosted_rooms as h on h.room_id = r.id;

update public."Rooms" as r
set house_location = concat_ws(', ', nullif(r.city, ''), nullif(r.country, '')),
    lat = (private.approximate_point(r.id, l.lat, l.lng)).lat,
    lng = (private.approximate_point(r.id, l.lat, l.lng)).lng
from public.room_locations as l
where l.room_id = r.id;
