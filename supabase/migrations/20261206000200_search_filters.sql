-- Filters (issue 43, item 3) and true card dates (item 4).
--
-- 1. search.room_facets: per searchable place (no drafts), what the filters ask about: the nightly
--    price in US dollars as its card shows it ("Rooms".nightly_usd, kept by the database at the
--    stored rate: 20261206000100_money_once.sql), bedrooms, beds and bathrooms (the leading number of "Rooms"' texts),
--    whether it is a private room (the 'Rooms' category) or an entire place, instant book
--    (hosted_rooms.instant_book; the seed catalogue books instantly) and its amenities
--    (room_facts). Kept by triggers on "Rooms", room_facts and hosted_rooms; readable by every
--    role, as search.room_letters is, holding only what a listing page already shows.
-- 2. search_rooms gains the filters as parameters (all null by default: no filter), applied to
--    its hits (found by the place and position indexes) through the facets' primary key, or,
--    when there is no text, box or place, read from the facets by their price index.
-- 3. search_price_histogram: the current search's homes by nightly price, in $20 bands up to
--    $1,000+, for the price filter's histogram (every filter but the price applied).
-- 4. next_free_stays(room_ids, nights): each card's next free stay of `nights` nights from
--    today (app_now's UTC day), from the bookings and the host's blocked nights, for a page of
--    cards in one call.

-- 1. The facets -----------------------------------------------------------------------------------

-- The leading number of a count text ('3 bedrooms'), null when it has none.
create function search.leading_count(t text)
  returns smallint
  language sql immutable parallel safe
  set search_path = ''
as $$ select least((substring(t from '^\s*(\d{1,4})'))::integer, 999)::smallint $$;

create table search.room_facets (
  room_id bigint primary key,
  nightly_usd integer not null,
  bedrooms smallint,
  beds smallint,
  baths smallint,
  private_room boolean not null,
  instant_book boolean not null,
  amenities text[] not null default '{}'
);

create index room_facets_price on search.room_facets (nightly_usd, room_id);

revoke all on table search.room_facets from public, anon, authenticated, service_role;
grant select on table search.room_facets to anon, authenticated, service_role;

-- The facets of some rooms, as their rows now are; a draft or a deleted room has none.
create function search.sync_facets(p_room_ids bigint[])
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  delete from search.room_facets as f
  where f.room_id = any (p_room_ids)
    and (not exists (select 1 from public."Rooms" as r where r.id = f.room_id)
         or exists (select 1 from public.hosted_rooms as h where h.room_id = f.room_id and h.status = 'draft'));
  insert into search.room_facets (room_id, nightly_usd, bedrooms, beds, baths, private_room, instant_book, amenities)
  select r.id, coalesce(r.nightly_usd, 0), search.leading_count(r.bedroom_count),
         search.leading_count(r.bed_count), search.leading_count(r.bathroom_count), r.filter = 'Rooms',
         coalesce(h.instant_book, true), coalesce(f.amenities, '{}')
  from public."Rooms" as r
  left join public.hosted_rooms as h on h.room_id = r.id
  left join public.room_facts as f on f.room_id = r.id
  where r.id = any (p_room_ids) and (h.status is distinct from 'draft')
  on conflict (room_id) do update
    set nightly_usd = excluded.nightly_usd, bedrooms = excluded.bedrooms, beds = excluded.beds,
        baths = excluded.baths, private_room = excluded.private_room,
        instant_book = excluded.instant_book, amenities = excluded.amenities;
end
$$;

-- Statement triggers: a bulk insert (the seed, the benchmark's 100,000 homes) syncs once.
create function search.facets_after_insert()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_table_name = 'Rooms' then
    perform search.sync_facets(array(select n.id from new_rows as n));
  else
    perform search.sync_facets(array(select n.room_id from new_rows as n));
  end if;
  return null;
end
$$;

create function search.facets_after_update()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_table_name = 'Rooms' then
    perform search.sync_facets(array(select n.id from new_rows as n union select o.id from old_rows as o));
  else
    perform search.sync_facets(array(select n.room_id from new_rows as n union select o.room_id from old_rows as o));
  end if;
  return null;
end
$$;

create function search.facets_after_delete()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_table_name = 'Rooms' then
    perform search.sync_facets(array(select o.id from old_rows as o));
  else
    perform search.sync_facets(array(select o.room_id from old_rows as o));
  end if;
  return null;
end
$$;

create trigger rooms_facets_insert after insert on public."Rooms"
  referencing new table as new_rows for each statement execute function search.facets_after_insert();
create trigger rooms_facets_update after update on public."Rooms"
  referencing new table as new_rows old table as old_rows for each statement execute function search.facets_after_update();
create trigger rooms_facets_delete after delete on public."Rooms"
  referencing old table as old_rows for each statement execute function search.facets_after_delete();
create trigger room_facts_facets_insert after insert on public.room_facts
  referencing new table as new_rows for each statement execute function search.facets_after_insert();
create trigger room_facts_facets_update after update on public.room_facts
  referencing new table as new_rows old table as old_rows for each statement execute function search.facets_after_update();
create trigger room_facts_facets_delete after delete on public.room_facts
  referencing old table as old_rows for each statement execute function search.facets_after_delete();
create trigger hosted_rooms_facets_insert after insert on public.hosted_rooms
  referencing new table as new_rows for each statement execute function search.facets_after_insert();
create trigger hosted_rooms_facets_update after update on public.hosted_rooms
  referencing new table as new_rows old table as old_rows for each statement execute function search.facets_after_update();
create trigger hosted_rooms_facets_delete after delete on public.hosted_rooms
  referencing old table as old_rows for each statement execute function search.facets_after_delete();

-- The rooms already there.
select search.sync_facets(array(select r.id from public."Rooms" as r));

revoke execute on function search.sync_facets(bigint[]), search.facets_after_insert(),
  search.facets_after_update(), search.facets_after_delete() from public;

-- 2. search_rooms with filters --------------------------------------------------------------------

-- Whether a room's facets pass the filters (each null: no filter). Prices are the card's nightly
-- US dollars, inclusive; rooms and baths are minimums; amenities are all required.
create function search.passes(f search.room_facets, min_price integer, max_price integer, place_type text,
                              min_bedrooms integer, min_beds integer, min_bathrooms integer,
                              amenities text[], instant_book boolean)
  returns boolean
  language sql immutable parallel safe
  set search_path = ''
as $$
  select (min_price is null or f.nightly_usd >= min_price)
     and (max_price is null or f.nightly_usd <= max_price)
     and (place_type is null or (place_type = 'room') = f.private_room)
     and (min_bedrooms is null or f.bedrooms >= min_bedrooms)
     and (min_beds is null or f.beds >= min_beds)
     and (min_bathrooms is null or f.baths >= min_bathrooms)
     and (amenities is null or f.amenities @> amenities)
     and (instant_book is distinct from true or f.instant_book)
$$;

drop function public.search_rooms(text, date, date, integer, integer, double precision, double precision, double precision, double precision);

create function public.search_rooms(
  search_text text,
  check_in date default null,
  check_out date default null,
  guests integer default null,
  stay_nights integer default null,
  box_west double precision default null,
  box_south double precision default null,
  box_east double precision default null,
  box_north double precision default null,
  min_price integer default null,
  max_price integer default null,
  place_type text default null,
  min_bedrooms integer default null,
  min_beds integer default null,
  min_bathrooms integer default null,
  amenities text[] default null,
  instant_book boolean default null
)
  returns setof public."Rooms"
  language sql stable
as $$
  with t as materialized (
    select terms.*, search.earth_point(terms.lat, terms.lng) as centre,
           2 * sin(terms.radius_km / (2 * 6371)) as reach,
           coalesce(min_price, max_price, min_bedrooms, min_beds, min_bathrooms) is not null
             or place_type is not null or coalesce(cardinality(search_rooms.amenities) > 0, false)
             or coalesce(search_rooms.instant_book, false) as filtered
    from search.terms(search_text, check_in, check_out, stay_nights, box_west, box_south, box_east, box_north) as terms
  ),
  -- the rooms the filters let through when there is no text, read by the facets' price index
  -- rather than room by room
  allowed as materialized (
    select f.room_id
    from t, search.room_facets as f
    where t.filtered and t.mode = 'letters' and t.q = ''
      and f.nightly_usd between coalesce(min_price, 0) and coalesce(max_price, 2147483647)
      and search.passes(f, min_price, max_price, place_type, min_bedrooms, min_beds, min_bathrooms,
                        nullif(search_rooms.amenities, '{}'), search_rooms.instant_book)
  )
  select hit.room_id, r."house-title", r.title_1, r.title_2, r.price, r.images, r.house_rating,
         r.rating_count, r.guest_favorite, r.filter, r.country, r.city, r.house_description,
         r.guest_count, r.bedroom_count, r.bed_count, r.bathroom_count, r.host_name, r.host_image,
         r.host_description, r.sleep_bed_1_link, r.sleep_bed_2_link, r.house_location,
         r.location_description, r.lat, r.lng, r.max_guests,
         r.currency, r.nightly_usd, r.cleaning_fee, r.weekly_discount, r.monthly_discount
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
    -- no text with filters: the rooms the facets let through, by id
    select l.room_id, l.room_id::double precision
    from t
    join allowed as a on true
    join search.room_letters as l on l.room_id = a.room_id
    where t.mode = 'letters' and t.stay_fits and t.q = ''
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
      where t.mode = 'letters' and t.stay_fits and not (t.filtered and t.q = '')
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
  where not (select t.filtered from t)
     or exists (
       select from search.room_facets as f
       where f.room_id = hit.room_id
         and search.passes(f, min_price, max_price, place_type, min_bedrooms, min_beds, min_bathrooms,
                           nullif(search_rooms.amenities, '{}'), search_rooms.instant_book)
     )
  order by hit.rank, hit.room_id
$$;

-- 3. The price histogram --------------------------------------------------------------------------

-- The current search's homes (every filter but the price) by nightly price: band n holds the
-- homes from $20n to $20n + 19, the last band (49) every home from $980. Bands without homes are
-- left out.
create function public.search_price_histogram(
  search_text text,
  check_in date default null,
  check_out date default null,
  guests integer default null,
  stay_nights integer default null,
  box_west double precision default null,
  box_south double precision default null,
  box_east double precision default null,
  box_north double precision default null,
  place_type text default null,
  min_bedrooms integer default null,
  min_beds integer default null,
  min_bathrooms integer default null,
  amenities text[] default null,
  instant_book boolean default null
)
  returns table (band integer, homes integer)
  language sql stable
as $$
  select least(coalesce(s.nightly_usd, 0) / 20, 49) as band, count(*)::integer as homes
  from public.search_rooms(search_text, check_in, check_out, guests, stay_nights, box_west, box_south,
                           box_east, box_north, null, null, place_type, min_bedrooms, min_beds,
                           min_bathrooms, search_price_histogram.amenities, search_price_histogram.instant_book) as s
  where s.id is not null
  group by 1
  order by 1
$$;

-- 4. Each card's next free stay -------------------------------------------------------------------

create function public.next_free_stays(room_ids bigint[], nights integer default 5)
  returns table (room_id bigint, check_in date, check_out date)
  language sql stable security definer
  set search_path = ''
as $$
  with today as (
    select (public.app_now() at time zone 'utc')::date as d
  ),
  ids as (
    select distinct u.id from unnest(room_ids[1:200]) as u(id)
    where nights between 1 and 365
  ),
  taken as (
    select b.room_id, b."startDate" as s, b."endDate" as e
    from public."Bookings" as b, today
    where b.room_id in (select ids.id from ids) and b.status in ('requested', 'confirmed', 'completed')
      and b."endDate" > today.d
    union all
    select bd.room_id, bd.start_date, bd.end_date
    from public.room_blocked_dates as bd, today
    where bd.room_id in (select ids.id from ids) and bd.end_date > today.d
  )
  -- the first night that is today or the end of a taken stay, with `nights` free nights from it
  select ids.id, first.s, first.s + nights
  from ids
  join public."Rooms" as r on r.id = ids.id
  cross join lateral (
    select c.s
    from (
      select today.d as s from today
      union
      select t.e from taken as t where t.room_id = ids.id
    ) as c
    where not exists (
      select from taken as t where t.room_id = ids.id and t.s < c.s + nights and t.e > c.s
    )
    order by c.s
    limit 1
  ) as first
  where not exists (select 1 from public.hosted_rooms as h where h.room_id = ids.id and h.status = 'draft')
  order by ids.id
$$;

revoke execute on function public.search_rooms(text, date, date, integer, integer, double precision, double precision, double precision, double precision, integer, integer, text, integer, integer, integer, text[], boolean),
  public.search_price_histogram(text, date, date, integer, integer, double precision, double precision, double precision, double precision, text, integer, integer, integer, text[], boolean),
  public.next_free_stays(bigint[], integer) from public;
grant execute on function public.search_rooms(text, date, date, integer, integer, double precision, double precision, double precision, double precision, integer, integer, text, integer, integer, integer, text[], boolean),
  public.search_price_histogram(text, date, date, integer, integer, double precision, double precision, double precision, double precision, text, integer, integer, integer, text[], boolean),
  public.next_free_stays(bigint[], integer)
  to anon, authenticated, service_role;
