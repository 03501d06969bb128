-- search_rooms, take three: a search that finds places (a deliberate departure from the spec's
-- 90% letter rule alone, which made 'Europe' return Abu Dhabi and Lahore, buried the two Palermo
-- homes among 343 and gave 'Atlantisxyz' 93 results).
--
-- 1. Regions are places. search.region_places holds shared/src/rules/regions.ts (the same rows;
--    backend/test/search.test.ts checks that they agree): a search whose letters are a region's
--    name ('Europe', 'Southeast Asia', 'Middle East', 'Arizona') finds the rooms of its countries
--    (or of the listed cities of a country) and nothing else.
--
-- 2. A typed place is ranked, and the rows come back in rank order (equal ranks by country and
--    city, each place's rooms by id):
--      0  the city or the country is the search (or city and country together: 'parisfrance')
--      1  the city or the country starts with it ('pal' -> Palermo)
--      2  a close spelling of the city or the country: at most 1 letter off for searches of 4 to
--         6 letters, 2 from 7 ('Palermoo', 'Barcelna'), by fuzzystrmatch's levenshtein
--      3  the spec's 90% letter rule, fewest letters missing first
--    The letter rule now reads the place, city and country, not the title as well: with the
--    title's 20-odd letters a long search matched almost any room ('Atlantisxyz' found lofts in
--    Mwanza and Juárez). A search that matches nothing gets no rows, and the page says so.
--
-- 3. Still one plain SQL function with the caller's rights, inlined into the REST query. The
--    ranks and the letter rule depend on the place only, so they are worked out over the
--    distinct places (search.places, a few thousand rows at any catalogue size) and the rooms of
--    the places found are read by an index; "Rooms" is read only for the rows of the page. The
--    order is the function's own: callers do not add order=id.

create extension if not exists fuzzystrmatch with schema extensions;

create table search.region_places (
  region text not null,
  country text not null,
  -- null: the whole country
  city text,
  -- letters only (public.search_letters), as searches and search.room_letters compare them
  region_key text generated always as (public.search_letters(region)) stored,
  country_key text generated always as (public.search_letters(country)) stored,
  city_key text generated always as (public.search_letters(city)) stored, -- '' for a whole country
  unique nulls not distinct (region, country, city)
);
create index region_places_region_key on search.region_places (region_key);

revoke all on table search.region_places from public, anon, authenticated, service_role;
grant select on table search.region_places to anon, authenticated, service_role;

insert into search.region_places (region, country, city) values
  ('Europe', 'Albania', null),
  ('Europe', 'Andorra', null),
  ('Europe', 'Austria', null),
  ('Europe', 'Belarus', null),
  ('Europe', 'Belgium', null),
  ('Europe', 'Bosnia & Herzegovina', null),
  ('Europe', 'Bulgaria', null),
  ('Europe', 'Croatia', null),
  ('Europe', 'Cyprus', null),
  ('Europe', 'Czechia', null),
  ('Europe', 'Denmark', null),
  ('Europe', 'Estonia', null),
  ('Europe', 'Finland', null),
  ('Europe', 'France', null),
  ('Europe', 'Germany', null),
  ('Europe', 'Greece', null),
  ('Europe', 'Hungary', null),
  ('Europe', 'Iceland', null),
  ('Europe', 'Ireland', null),
  ('Europe', 'Italy', null),
  ('Europe', 'Kosovo', null),
  ('Europe', 'Latvia', null),
  ('Europe', 'Liechtenstein', null),
  ('Europe', 'Lithuania', null),
  ('Europe', 'Luxembourg', null),
  ('Europe', 'Malta', null),
  ('Europe', 'Moldova', null),
  ('Europe', 'Monaco', null),
  ('Europe', 'Montenegro', null),
  ('Europe', 'Netherlands', null),
  ('Europe', 'North Macedonia', null),
  ('Europe', 'Norway', null),
  ('Europe', 'Poland', null),
  ('Europe', 'Portugal', null),
  ('Europe', 'Romania', null),
  ('Europe', 'Russia', null),
  ('Europe', 'San Marino', null),
  ('Europe', 'Serbia', null),
  ('Europe', 'Slovakia', null),
  ('Europe', 'Slovenia', null),
  ('Europe', 'Spain', null),
  ('Europe', 'Sweden', null),
  ('Europe', 'Switzerland', null),
  ('Europe', 'Ukraine', null),
  ('Europe', 'United Kingdom', null),
  ('Europe', 'Vatican City', null),
  ('Southeast Asia', 'Brunei', null),
  ('Southeast Asia', 'Cambodia', null),
  ('Southeast Asia', 'Indonesia', null),
  ('Southeast Asia', 'Laos', null),
  ('Southeast Asia', 'Malaysia', null),
  ('Southeast Asia', 'Myanmar (Burma)', null),
  ('Southeast Asia', 'Philippines', null),
  ('Southeast Asia', 'Singapore', null),
  ('Southeast Asia', 'Thailand', null),
  ('Southeast Asia', 'Timor-Leste', null),
  ('Southeast Asia', 'Vietnam', null),
  ('Middle East', 'Bahrain', null),
  ('Middle East', 'Egypt', null),
  ('Middle East', 'Iran', null),
  ('Middle East', 'Iraq', null),
  ('Middle East', 'Israel', null),
  ('Middle East', 'Jordan', null),
  ('Middle East', 'Kuwait', null),
  ('Middle East', 'Lebanon', null),
  ('Middle East', 'Oman', null),
  ('Middle East', 'Palestinian Territories', null),
  ('Middle East', 'Qatar', null),
  ('Middle East', 'Saudi Arabia', null),
  ('Middle East', 'Syria', null),
  ('Middle East', 'Türkiye', null),
  ('Middle East', 'United Arab Emirates', null),
  ('Middle East', 'Yemen', null),
  ('Arizona', 'United States', 'Phoenix'),
  ('Arizona', 'United States', 'Tucson'),
  ('Arizona', 'United States', 'Mesa'),
  ('Arizona', 'United States', 'Chandler'),
  ('Arizona', 'United States', 'Gilbert'),
  ('Arizona', 'United States', 'Glendale'),
  ('Arizona', 'United States', 'Scottsdale'),
  ('Arizona', 'United States', 'Tempe'),
  ('Arizona', 'United States', 'Peoria'),
  ('Arizona', 'United States', 'Flagstaff'),
  ('Arizona', 'United States', 'Sedona');

-- The letter rule and the ranks read a room's place, so they are worked out per place, not per
-- room: search.places holds each distinct (country, city) of the rooms with its letter data,
-- a few thousand rows however many rooms there are; search.room_letters keeps each room's place
-- and capacity, and a search joins the places it matches to their rooms by an index.
create table search.places (
  country_key text not null,
  city_key text not null,
  letter_counts smallint[] not null,
  mask_12 bigint not null,
  mask_34 bigint not null,
  primary key (country_key, city_key)
);
revoke all on table search.places from public, anon, authenticated, service_role;
grant select on table search.places to anon, authenticated, service_role;

-- The letters of a place, as the migration, the triggers and searches spell it.
create function search.place_key(t text) returns text
  language sql immutable parallel safe
as $$ select public.search_letters(t) $$;

insert into search.places (country_key, city_key, letter_counts, mask_12, mask_34)
select p.country_key, p.city_key, p.counts, public.occurrence_mask(p.counts, 1), public.occurrence_mask(p.counts, 3)
from (select distinct search.place_key(country) as country_key, search.place_key(city) as city_key,
             public.letter_counts(city || country) as counts
      from public."Rooms") as p
on conflict do nothing;

alter table search.room_letters
  add column country_key text not null default '',
  add column city_key text not null default '';
alter table search.room_letters alter column country_key drop default, alter column city_key drop default;
update search.room_letters as l
set country_key = search.place_key(r.country), city_key = search.place_key(r.city)
from public."Rooms" as r
where r.id = l.room_id;

alter table search.room_letters
  drop constraint room_letters_pkey,
  drop column letter_counts,
  drop column mask_12,
  drop column mask_34,
  add constraint room_letters_pkey primary key (room_id) include (max_guests, country_key, city_key),
  add constraint room_letters_place_fkey foreign key (country_key, city_key) references search.places (country_key, city_key);
-- A place's rooms, in id order, with what a search reads: index-only.
create index room_letters_place on search.room_letters (country_key, city_key, room_id) include (max_guests);
-- The city depends on the country: without this the planner takes a place to have one room
-- (the two columns' selectivities multiplied), sorts every match of a broad search at once and
-- spills to disk; with it, it reads the places in rank order and sorts each place's rooms.
create statistics search.room_letters_place_stats (ndistinct, dependencies) on country_key, city_key from search.room_letters;

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
  insert into search.room_letters (room_id, max_guests, country_key, city_key)
  select n.id, n.max_guests, search.place_key(n.country), search.place_key(n.city)
  from inserted_rooms as n;
  return null;
end
$$;

create or replace function search.update_room_letters() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  counts smallint[] := public.letter_counts(new.city || new.country);
begin
  insert into search.places (country_key, city_key, letter_counts, mask_12, mask_34)
  values (search.place_key(new.country), search.place_key(new.city), counts,
          public.occurrence_mask(counts, 1), public.occurrence_mask(counts, 3))
  on conflict do nothing;
  insert into search.room_letters (room_id, max_guests, country_key, city_key)
  values (new.id, new.max_guests, search.place_key(new.country), search.place_key(new.city))
  on conflict (room_id) do update
    set max_guests = excluded.max_guests, country_key = excluded.country_key, city_key = excluded.city_key;
  return null;
end
$$;

-- The title no longer counts: only a change of place or capacity rewrites the search row.
drop trigger rooms_search_letters_update on public."Rooms";
create trigger rooms_search_letters_update
  after update of city, country, max_guests on public."Rooms"
  for each row
  when (old.city is distinct from new.city or old.country is distinct from new.country
        or old.max_guests is distinct from new.max_guests)
  execute function search.update_room_letters();

drop function public.search_rooms(text, date, date, integer, integer);
drop function search.terms(text, date, date, integer);

-- Everything search_rooms needs from its arguments, worked out once per call.
create function search.terms(
  search_text text,
  check_in date,
  check_out date,
  stay_nights integer,
  out needed smallint[],
  out mask_1 bigint,
  out mask_3 bigint,
  out over_4 boolean,
  out allowed_missing integer,
  out stay_fits boolean,
  -- the search as letters, and whether it names a region
  out q text,
  out is_region boolean,
  -- letters a close spelling may be off by: 0 (none) under 4 letters or over 64 (levenshtein
  -- refuses strings over 255 characters; no place name is that long)
  out close_max integer,
  -- the rooms without the nights asked for (search.unavailable_room_ids), once per call
  out unavailable bigint[]
)
  language plpgsql stable
as $$
declare
  first_night date := coalesce(check_in, check_out - 1);
  window_nights integer := greatest(coalesce(check_out, check_in + 1) - first_night, 1);
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
end
$$;

-- Whether `place` (letters) is within `max_edits` edits of the search `q`; the length test first,
-- so that levenshtein only runs on names of about the search's length.
create function search.close_spelling(place text, q text, max_edits integer) returns boolean
  language sql immutable parallel safe
as $$
  select case
    when max_edits = 0 or abs(length(place) - length(q)) > max_edits then false
    else extensions.levenshtein_less_equal(place, q, max_edits) <= max_edits
  end
$$;

-- Plain SQL with the caller's rights and no SET options, so that it is inlined into the REST
-- query; its per-search values come from the one row of search.terms. The columns are those of
-- "Rooms", in order (the return type requires it: a column added to "Rooms" must be added here).
create function public.search_rooms(
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
  from search.terms(search_text, check_in, check_out, stay_nights) as t
  -- The places the search finds, each with its rank (a few thousand places are tested, not
  -- every room) ...
  join lateral (
    select p.country_key, p.city_key,
           row_number() over (order by m.tier, m.missing, p.country_key, p.city_key) as place_rank
    from search.places as p
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
    where case
            when t.is_region then exists (
              select from search.region_places as rp
              where rp.region_key = t.q and rp.country_key = p.country_key
                and (rp.city is null or rp.city_key = p.city_key)
            )
            else m.tier < 3 or m.missing <= t.allowed_missing
          end
  ) as found on t.stay_fits
  -- ... then their rooms, by the place index; a plain filter for the nights (not a join), so
  -- that the order is kept.
  join search.room_letters as l on l.country_key = found.country_key and l.city_key = found.city_key
  left join public."Rooms" as r on r.id = l.room_id
  where (guests is null or l.max_guests >= guests)
    and l.room_id <> all (t.unavailable)
  -- best places first (ranked once, as one number), each place's rooms by id
  order by found.place_rank, l.room_id
$$;

comment on function public.search_rooms(text, date, date, integer, integer) is
  'Rooms of a region, or of a place ranked exact, prefix, close spelling, then the 90% letter rule on city and country; sleeping at least guests, and free on [check_in, check_out) or, with stay_nights, for that many consecutive nights in it.';

revoke execute on function
  search.terms(text, date, date, integer),
  search.place_key(text),
  search.close_spelling(text, text, integer),
  public.search_rooms(text, date, date, integer, integer)
from public;

grant execute on function
  search.terms(text, date, date, integer),
  search.place_key(text),
  search.close_spelling(text, text, integer),
  public.search_rooms(text, date, date, integer, integer)
to anon, authenticated, service_role;
