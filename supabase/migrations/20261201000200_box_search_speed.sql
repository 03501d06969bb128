-- search_rooms, faster for a map box and a place (issue 31): a continent-sized box holds 14,000
-- to 30,000 of 100,000 homes, and the page and its count took 290 ms (p95) on PostgreSQL, 222 ms
-- on PGlite. EXPLAIN (ANALYZE, BUFFERS) showed where: the count read "Rooms" once per home found
-- (30,000 index probes and heap pages) and sorted them all by distance, and both the page and
-- the count read each home's row of search.room_letters from the heap to get its position.
--
-- 1. "Rooms" is joined by its key as a left join: a query that reads none of its columns (the
--    count, `select 1`) drops the join (PostgreSQL removes a left join to a unique key whose
--    columns nobody reads), and a page still looks up its own rows only, in distance order.
--    Every home of search.room_letters is a readable "Rooms" row (drafts are kept out of it, and
--    a deleted room takes its row with it), so the left join finds the same rows as the inner one.
-- 2. The position index carries what the box and radius branches read (the key and max_guests),
--    and the place index the position, so the homes of a box, a city's radius or a country are
--    read by index-only scans (the seed vacuums; autovacuum keeps the visibility map on PostgreSQL).
--    A box across the antimeridian is two scans of the index, one per area, instead of a bitmap OR
--    (which always reads the heap).
-- 3. The order is the same: place rank, great-circle kilometres (haversine, the cards' formula),
--    then id; the position's lat and lng are the row's own.

drop index search.room_letters_position;
create index room_letters_position on search.room_letters using gist (position) include (room_id, max_guests);
drop index search.room_letters_place;
create index room_letters_place on search.room_letters (country_key, city_key, room_id) include (max_guests, position);

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
    select * from search.terms(search_text, check_in, check_out, stay_nights, box_west, box_south, box_east, box_north)
  )
  select hit.room_id, r."house-title", r.title_1, r.title_2, r.price, r.images, r.house_rating,
         r.rating_count, r.guest_favorite, r.filter, r.country, r.city, r.house_description,
         r.guest_count, r.bedroom_count, r.bed_count, r.bathroom_count, r.host_name, r.host_image,
         r.host_description, r.sleep_bed_1_link, r.sleep_bed_2_link, r.house_location,
         r.location_description, r.lat, r.lng, r.max_guests
  -- The hits in order, then each one's "Rooms" row by its key (a left join: a count drops it).
  from (
    -- a box, or the radius around a city: by the position index (one scan per area), then the
    -- exact distance
    select l.room_id, 0::bigint as place_rank, search.km_between(t.lat, t.lng, l.position[1], l.position[0]) as km
    from t
    cross join lateral (values (t.area_1), (t.area_2)) as a(area)
    join search.room_letters as l on l.position <@ a.area
    where t.mode in ('box', 'near') and t.stay_fits
      and (t.radius_km is null or search.km_between(t.lat, t.lng, l.position[1], l.position[0]) <= t.radius_km)
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
    select l.room_id, 0::bigint, search.km_between(t.lat, t.lng, l.position[1], l.position[0])
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
  left join public."Rooms" as r on r.id = hit.room_id
  order by hit.place_rank, hit.km, hit.room_id
$$;
