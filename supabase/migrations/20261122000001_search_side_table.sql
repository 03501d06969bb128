-- search_rooms, take two: the same 90% letter rule (see 20261121000004), fast however it is
-- called, with its letter data off "Rooms", and stays shorter than the dates searched.
--
-- 1. The letter data moves to search.room_letters, one row per room, in a schema the REST API
--    does not expose, so "Rooms" has exactly the spec's columns again. Triggers on "Rooms" keep
--    it (insert; update of city, country, house-title) and the foreign key deletes it with its
--    room. The API roles may read it (the letters of public columns, nothing secret) because
--    search_rooms runs with their rights; no REST route reaches it.
--
-- 2. search_rooms no longer depends on the planner folding its per-search values. Real PostgREST
--    binds the arguments as parameters (lateral references to its JSON body, generic plans), so
--    the letter counts and masks of search_text were worked out again for every room: 17-25 s
--    over 100,000 rooms. Now search.terms works them out once per call, in plpgsql, and every
--    room is tested with two bigint mask comparisons against that one row (and a bit count when
--    a tenth of the letters may be missing). search_rooms itself stays a plain SQL function with
--    the caller's rights, so it is still inlined: REST filters, order, limit and count apply to
--    the scan, RLS on "Rooms" applies as the caller.
--
--    search.room_letters also keeps each room's max_guests, every test runs on it, and "Rooms" is
--    read by a left join on its key with the id taken from the search row: PostgreSQL drops that
--    join when the caller asks for no other column (count=exact, select=id), so a count is one
--    index-only scan, and order=id follows the search data's key. A left join returns the same
--    rows as an inner join here because every search row has its room (foreign key) and every
--    caller may read every room ("Anyone can read rooms"; service_role bypasses RLS). A policy
--    that hid rooms from some callers would need an inner join again.
--
-- 3. Availability windows, for the discovery page's date hints and flexible stays:
--      search_rooms(search_text, check_in, check_out, guests, stay_nights)
--    With dates, [check_in, check_out) is the window (only check_in: that one night; only
--    check_out: the night before it). With stay_nights null the whole window must be free of
--    confirmed bookings, as before; with stay_nights, a room qualifies when it has that many
--    consecutive free nights inside the window (none do when the window is shorter). Pending
--    and cancelled bookings block nothing. Without dates stay_nights is ignored.

create schema if not exists search;
revoke all on schema search from public;
grant usage on schema search to anon, authenticated, service_role;

create table search.room_letters (
  -- The room's city || country || house-title: the count of each letter, and occurrence bits
  -- (see public.occurrence_mask). The key's index carries them all: matching is index-only.
  room_id bigint not null references public."Rooms" (id) on delete cascade on update cascade,
  letter_counts smallint[] not null,
  mask_12 bigint not null,
  mask_34 bigint not null,
  max_guests integer not null,
  constraint room_letters_pkey primary key (room_id) include (mask_12, mask_34, max_guests, letter_counts)
);

revoke all on table search.room_letters from public, anon, authenticated, service_role;
grant select on table search.room_letters to anon, authenticated, service_role;

insert into search.room_letters (room_id, letter_counts, mask_12, mask_34, max_guests)
select r.id, r.search_letter_counts, r.search_mask_12, r.search_mask_34, r.max_guests
from public."Rooms" as r;

-- Inserted rooms, one statement at a time (the seed inserts a thousand per statement).
create function search.add_room_letters() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into search.room_letters (room_id, letter_counts, mask_12, mask_34, max_guests)
  select c.id, c.counts, public.occurrence_mask(c.counts, 1), public.occurrence_mask(c.counts, 3), c.max_guests
  -- offset 0: count each room's letters once, not once per column that uses them
  from (select n.id, n.max_guests, public.letter_counts(n.city || n.country || n."house-title") as counts
        from inserted_rooms as n offset 0) as c;
  return null;
end
$$;

create function search.update_room_letters() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  counts smallint[] := public.letter_counts(new.city || new.country || new."house-title");
begin
  insert into search.room_letters (room_id, letter_counts, mask_12, mask_34, max_guests)
  values (new.id, counts, public.occurrence_mask(counts, 1), public.occurrence_mask(counts, 3), new.max_guests)
  on conflict (room_id) do update
    set letter_counts = excluded.letter_counts, mask_12 = excluded.mask_12, mask_34 = excluded.mask_34,
        max_guests = excluded.max_guests;
  return null;
end
$$;

create trigger rooms_search_letters_insert
  after insert on public."Rooms"
  referencing new table as inserted_rooms
  for each statement execute function search.add_room_letters();

create trigger rooms_search_letters_update
  after update of city, country, "house-title", max_guests on public."Rooms"
  for each row
  when (old.city is distinct from new.city or old.country is distinct from new.country
        or old."house-title" is distinct from new."house-title" or old.max_guests is distinct from new.max_guests)
  execute function search.update_room_letters();

drop function public.search_rooms(text, date, date, integer);
-- search.unavailable_room_ids (below) replaces it; nothing else calls it.
drop function public.booked_room_ids(date, date);
drop trigger rooms_search_columns on public."Rooms";
drop function public.rooms_search_columns();
-- Drops rooms_search_idx with them.
alter table public."Rooms"
  drop column search_letter_counts,
  drop column search_mask_12,
  drop column search_mask_34;

-- Occurrences a room lacks beyond the 4th of each letter the search needs more than 4 times
-- (the masks cover the first four): the sum of max(0, needed - max(present, 4)).
create function search.missing_beyond_4(room_counts smallint[], needed smallint[]) returns integer
  language sql immutable parallel safe
as $$
  select coalesce(sum(greatest(0, n.times - greatest(coalesce(room_counts[n.letter], 0), 4))), 0)::integer
  from unnest(needed) with ordinality as n(times, letter)
  where n.times > 4
$$;

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
  out stay_fits boolean
)
  language plpgsql immutable
as $$
declare
  first_night date := coalesce(check_in, check_out - 1);
  window_nights integer := greatest(coalesce(check_out, check_in + 1) - first_night, 1);
begin
  if stay_nights < 1 then
    raise exception 'stay_nights must be at least 1, got %', stay_nights using errcode = '22023';
  end if;
  needed := public.letter_counts(search_text);
  mask_1 := public.occurrence_mask(needed, 1);
  mask_3 := public.occurrence_mask(needed, 3);
  over_4 := exists (select from unnest(needed) as n(times) where n.times > 4);
  allowed_missing := length(public.search_letters(search_text)) / 10;
  stay_fits := first_night is null or stay_nights is null or stay_nights <= window_nights;
end
$$;

-- Rooms that do not have stay_nights consecutive nights free in the window (the whole window
-- when stay_nights is null); nothing without dates. Only rooms with a confirmed booking in the
-- window are looked at: their gaps between bookings, clipped to the window. Definer rights:
-- callers may not read other people's bookings, but availability itself is public.
create function search.unavailable_room_ids(check_in date, check_out date, stay_nights integer)
  returns setof bigint
  language sql stable security definer
  set search_path = ''
  rows 100
as $$
  with w as (
    select s, greatest(coalesce(check_out, check_in + 1), s + 1) as e
    from (select coalesce(check_in, check_out - 1) as s) as first_night
    where s is not null
  ),
  stays as (
    select b.room_id,
           greatest(b."startDate", w.s) - coalesce(lag(least(b."endDate", w.e)) over (
             partition by b.room_id order by b."startDate"), w.s) as gap_before,
           least(b."endDate", w.e) as stay_end
    from public."Bookings" as b, w
    where b.status = 'confirmed'
      and daterange(b."startDate", b."endDate", '[)') && daterange(w.s, w.e, '[)')
  )
  select stays.room_id
  from stays, w
  group by stays.room_id, w.s, w.e
  having greatest(max(stays.gap_before), w.e - max(stays.stay_end)) < coalesce(stay_nights, w.e - w.s)
$$;

-- Plain SQL with the caller's rights and no SET options, so that it is inlined into the REST
-- query (see 2 above); its per-search values come from the one row of search.terms; capacity and
-- id from the search row, "Rooms" left-joined. The columns are those of "Rooms", in order (the
-- return type requires it: a column added to "Rooms" must be added here).
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
  -- A plain condition, not a CASE: the planner's low estimate of matches makes it test the
  -- search rows first and read "Rooms" only for the page asked for (a rare search does not read
  -- every room to fill 16), and a count never reads "Rooms" at all.
  join search.room_letters as l
    on (
         -- nothing missing: the room has every occurrence bit the search has
         (l.mask_12 & t.mask_1) = t.mask_1
         and (l.mask_34 & t.mask_3) = t.mask_3
         and (not t.over_4 or search.missing_beyond_4(l.letter_counts, t.needed) = 0)
       )
       or (
         -- 10 or more letters: up to a tenth may be missing
         t.allowed_missing > 0
         and bit_count((t.mask_1 & ~l.mask_12)::bit(64)) + bit_count((t.mask_3 & ~l.mask_34)::bit(64))
             + case when t.over_4 then search.missing_beyond_4(l.letter_counts, t.needed) else 0 end
             <= t.allowed_missing
       )
  left join public."Rooms" as r on r.id = l.room_id
  where t.stay_fits
    and (guests is null or l.max_guests >= guests)
    and not exists (
      select from search.unavailable_room_ids(check_in, check_out, stay_nights) as u(room_id)
      where u.room_id = l.room_id
    )
$$;

comment on function public.search_rooms(text, date, date, integer, integer) is
  'Rooms matching the 90% letter rule on city, country and house-title, sleeping at least guests, and free on [check_in, check_out) or, with stay_nights, for that many consecutive nights in it.';

revoke execute on function
  search.add_room_letters(),
  search.update_room_letters(),
  search.missing_beyond_4(smallint[], smallint[]),
  search.terms(text, date, date, integer),
  search.unavailable_room_ids(date, date, integer),
  public.search_rooms(text, date, date, integer, integer)
from public;
-- Hosted projects' default privileges grant new functions to the API roles: the triggers' are
-- for the triggers only.
revoke execute on function search.add_room_letters(), search.update_room_letters()
  from anon, authenticated, service_role;

grant execute on function
  search.missing_beyond_4(smallint[], smallint[]),
  search.terms(text, date, date, integer),
  search.unavailable_room_ids(date, date, integer),
  public.search_rooms(text, date, date, integer, integer)
to anon, authenticated, service_role;
