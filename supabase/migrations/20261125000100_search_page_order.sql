-- search_rooms, the same rows in the same order, planned so that a page does not read every
-- match. Over 100,000 rooms a one-letter search ('a', 94,515 matches) took 460-630 ms on
-- PostgreSQL: the places' rank came from a lateral subquery joined to the one row of
-- search.terms, so the planner could not see that the rows already came in rank order; it read
-- "Rooms" for every match, then sorted them all to return 16. With the terms inside a subquery
-- that is in rank order, it reads the places in that order, sorts each place's rooms only
-- (Incremental Sort) and stops after the page; the count reads the index only. With the
-- bench's searches (backend/bench/rest.ts) over 100,000 rooms on PostgreSQL, our REST's p95 went
-- from 464-478 ms to 48-52 ms and its p50 from 14-15 ms to 10-11 ms.

create or replace function public.search_rooms(
  search_text text,
  check_in date default null,
  check_out date default null,
  guests integer default null,
  stay_nights integer default null
)
  returns setof public."Rooms"
  language sql stable
as $$
  select l.room_id, r."house-title", r.title_1, r.title_2, r.price, r.images, r.house_rating,
         r.rating_count, r.guest_favorite, r.filter, r.country, r.city, r.house_description,
         r.guest_count, r.bedroom_count, r.bed_count, r.bathroom_count, r.host_name, r.host_image,
         r.host_description, r.sleep_bed_1_link, r.sleep_bed_2_link, r.house_location,
         r.location_description, r.lat, r.lng, r.max_guests
  -- The places the search finds, best first, each with its rank (a few thousand places are
  -- tested, not every room). A subquery in rank order, with the search's terms inside it: the
  -- planner then reads the places in that order and each place's rooms by the index below, so a
  -- page stops after its rows and "Rooms" is read for them only ...
  from (
    select p.country_key, p.city_key, t.unavailable,
           row_number() over (order by m.tier, m.missing, p.country_key, p.city_key) as place_rank
    from search.terms(search_text, check_in, check_out, stay_nights) as t
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
        -- letters of the search the place lacks (the 90% rule allows a tenth); 0 for a region
        case when t.is_region then 0 else bit_count((t.mask_1 & ~p.mask_12)::bit(64)) + bit_count((t.mask_3 & ~p.mask_34)::bit(64))
          + case when t.over_4 then search.missing_beyond_4(p.letter_counts, t.needed) else 0 end end as missing
    ) as m
    where t.stay_fits
      and case
            when t.is_region then exists (
              select from search.region_places as rp
              where rp.region_key = t.q and rp.country_key = p.country_key
                and (rp.city is null or rp.city_key = p.city_key)
            )
            else m.tier < 3 or m.missing <= t.allowed_missing
          end
    order by place_rank
  ) as found
  -- ... then their rooms, by the place index; a plain filter for the nights (not a join), so
  -- that the order is kept.
  join search.room_letters as l on l.country_key = found.country_key and l.city_key = found.city_key
  left join public."Rooms" as r on r.id = l.room_id
  where (guests is null or l.max_guests >= guests)
    and l.room_id <> all (found.unavailable)
  -- best places first, each place's rooms by id: only each place's rooms are sorted
  order by found.place_rank, l.room_id
$$;
