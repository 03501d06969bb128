-- search_rooms' distance order, cheaper (issue 31: a box or a place search at p95 <= 50 ms on
-- PostgreSQL, <= 100 ms on PGlite, with 100,000 homes). A continent-sized map box holds 26,000
-- homes, and EXPLAIN ANALYZE of its page and its count showed where their time went: the
-- haversine expression, about twenty SQL operator and function calls per home, evaluated for
-- every home in the box, then the sort of all of them on three keys, the first a constant.
--
-- 1. Each home's position is also kept as a point on the unit sphere (x, y, z), a `cube` (the
--    extension both PostgreSQL and PGlite ship; no earthdistance: its ll_to_earth calls earth()
--    unqualified, which fails under a trigger's empty search_path). The straight-line distance
--    between two such points, cube's `<->`, one C call, grows with the great-circle distance
--    (chord = 2 sin(km / 2R)), so ordering by it is ordering by kilometres, haversine's or any
--    exact formula's; the cards still measure kilometres (shared/src/rules/distance.ts).
--    A city's radius is the same test: chord <= 2 sin(radius / 2R).
-- 2. The position and place indexes carry it, so the box, radius and country branches stay
--    index-only scans.
-- 3. The hits are sorted on one rank, then the id: the distance for a place or a box, the
--    place's rank for the letter rule (those branches never run together), and infinity for a
--    city's homes without coordinates, last. A sort whose first key is a float8 compares it
--    directly; a constant first key sent every comparison on to the slower ones.
--
-- p95 over HTTP, page of 16 with its exact count (backend/bench/place.ts), 100k homes, load 2-2.5:
--   PostgreSQL  place 20.2 -> 13.9 ms, box 50.7 -> 36.1 ms (a continent box 62.4 -> 43.4 ms)
--   PGlite      place 26.2 -> 15.0 ms, box 90.0 -> 44.7 ms (a continent box 107.5 -> 49.2 ms)
--
-- Not used: a nearest-first index scan (GiST ordering by `<->`). PostgreSQL cannot add the id
-- tie-break on top of it (no incremental sort over an ordering operator), and without the id two
-- homes at the same spot could swap between pages.

create extension if not exists cube with schema extensions;

-- (x, y, z) on the unit sphere; null without coordinates
create function search.earth_point(lat double precision, lng double precision) returns extensions.cube
  language sql immutable strict parallel safe
as $$
  select extensions.cube(array[cos(radians(lat)) * cos(radians(lng)), cos(radians(lat)) * sin(radians(lng)), sin(radians(lat))])
$$;
revoke execute on function search.earth_point(double precision, double precision) from public;
grant execute on function search.earth_point(double precision, double precision) to anon, authenticated, service_role;

alter table search.room_letters add column earth extensions.cube generated always as (search.earth_point(lat, lng)) stored;

drop index search.room_letters_position;
create index room_letters_position on search.room_letters using gist (position) include (room_id, max_guests, earth);
drop index search.room_letters_place;
create index room_letters_place on search.room_letters (country_key, city_key, room_id) include (max_guests, position, earth);

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
    -- nothing resolved (a misspelling, a prefix), a region, or no search: take three's ranked
    -- places, each place's rooms by id
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
    -- (sorted here too: the page then looks up only its own rows; unsorted, the planner joins
    -- every "Rooms" row to the hits)
    order by rank, room_id
  ) as hit
  left join public."Rooms" as r on r.id = hit.room_id
  order by hit.rank, hit.room_id
$$;

-- haversine in SQL is no longer used: the cards measure kilometres in shared/src/rules/distance.ts
drop function search.km_between(double precision, double precision, double precision, double precision);
