-- Hosting (issue 16): signed-in users list places, publish and unpublish them, block dates and
-- see their reservations.
--
-- 1. "Rooms" keeps exactly the spec's columns (select=* is the spec's row, and search_rooms
--    returns that row type). Who hosts a room and whether it is published live beside it, in
--    public.hosted_rooms; a room without a row there is the seeded catalogue's, and published.
-- 2. Drafts are nobody's to read through "Rooms", their host's included: the grid, search, the
--    listing page and every other reader see published rooms only (a traveller who paid a stay
--    of a place later unpublished still reads that place, for their trips; search never finds it). Hosts read their own places
--    through my_listings() and write them only through create_listing, save_listing and
--    set_listing_published (definer rights, one function per action): each checks the caller
--    owns the room, and save_listing writes only what a host may set (never id, ratings, host
--    columns or search data), each value checked. A shared demo account (many people sign in to
--    it) cannot host.
-- 3. Drafts have no search rows (search.room_letters), so search_rooms never finds them; publishing
--    adds the room's row, unpublishing removes it, in the same transaction.
-- 4. Hosts block nights (public.room_blocked_dates, RLS: only the room's host). Search, the
--    listing's calendar (room_booked_ranges) and payment confirmation honour them. A block and a
--    confirmation of the same room queue on the room's row (confirm_booking_payment locks it
--    first; so do the triggers here), so a host blocking while a traveller pays never yields both.
-- 5. host_reservations(): a host's upcoming confirmed stays, with the guest's name, the dates, the
--    nights and the total paid, and nothing else of the payment.

-- Who hosts what ---------------------------------------------------------------------------------

create table public.hosted_rooms (
  room_id bigint primary key references public."Rooms" (id) on delete cascade,
  host_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'draft' check (status in ('draft', 'published')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hosted_rooms_host_idx on public.hosted_rooms (host_id, room_id);
-- The drafts, for the "Rooms" policy (one index-only read per query).
create index hosted_rooms_drafts_idx on public.hosted_rooms (room_id) where status = 'draft';

alter table public.hosted_rooms enable row level security;
revoke all on table public.hosted_rooms from public, anon, authenticated, service_role;
grant select on table public.hosted_rooms to authenticated;
grant select, insert, update, delete on table public.hosted_rooms to service_role;

create policy "Hosts read their own places" on public.hosted_rooms
  for select to authenticated
  using (host_id = (select auth.uid()));

-- The drafts the caller may not read: every draft but those the caller has paid a stay of (a
-- place unpublished after it was booked stays on its travellers' trips). Definer rights: the
-- policy below must see every host's drafts and the caller's payments whatever their policies.
create function public.draft_room_ids()
  returns bigint[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(h.room_id), '{}')
  from public.hosted_rooms as h
  where h.status = 'draft'
    and not exists (select 1 from public."Payments" as p where p.room_id = h.room_id and p.user_id = auth.uid())
$$;

drop policy "Anyone can read rooms" on public."Rooms";
-- An uncorrelated subquery (an init plan): the drafts are read once per query, not once per
-- room. (coalesce makes it an array expression rather than a subquery to compare with.)
create policy "Anyone can read published rooms" on public."Rooms"
  for select to anon, authenticated
  using (id <> all (coalesce((select public.draft_room_ids()), '{}')));

-- The caller as a host: signed in with an ordinary account.
create function public.hosting_user()
  returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'sign in to host' using errcode = '42501';
  end if;
  if exists (select 1 from auth.users as u where u.id = me and u.raw_app_meta_data -> 'shared_account' = 'true'::jsonb) then
    raise exception 'a shared account cannot host' using errcode = '42501';
  end if;
  return me;
end
$$;

-- The caller's room, locked for the change (the same row lock payment confirmation takes).
create function public.lock_hosted_room(p_room_id bigint)
  returns public.hosted_rooms
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := public.hosting_user();
  hosted public.hosted_rooms;
begin
  perform 1 from public."Rooms" as r where r.id = p_room_id for no key update;
  select * into hosted from public.hosted_rooms as h where h.room_id = p_room_id for update;
  if not found or hosted.host_id <> me then
    raise exception 'room % is not yours', p_room_id using errcode = '42501';
  end if;
  return hosted;
end
$$;

-- Search rows follow publication ------------------------------------------------------------------

-- A room's search rows: its place and its search row when published (or not hosted), none when a
-- draft. Called with the room locked.
create function search.sync_room(p_room_id bigint)
  returns void
  language plpgsql volatile security definer
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
  insert into search.room_letters (room_id, max_guests, country_key, city_key)
  values (room.id, room.max_guests, search.place_key(room.country), search.place_key(room.city))
  on conflict (room_id) do update
    set max_guests = excluded.max_guests, country_key = excluded.country_key, city_key = excluded.city_key;
end
$$;

-- The search trigger on a change of place or capacity: the same as before for published rooms,
-- nothing for drafts.
create or replace function search.update_room_letters() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform search.sync_room(new.id);
  return null;
end
$$;

-- Listing and editing -------------------------------------------------------------------------------

-- A host's places at most (drafts and published): enough for a real host, a bound for a script.
create function public.hosting_limit() returns integer language sql immutable as $$ select 50 $$;

-- A new, empty draft of the caller's; answers its id.
create function public.create_listing()
  returns bigint
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := public.hosting_user();
  new_id bigint;
begin
  -- One creation at a time per host, so that the limit holds under concurrent calls.
  perform pg_advisory_xact_lock(hashtextextended('hosting:' || me::text, 0));
  if (select count(*) from public.hosted_rooms as h where h.host_id = me) >= public.hosting_limit() then
    raise exception 'a host has at most % places', public.hosting_limit()
      using errcode = 'P0001', hint = 'too_many_places';
  end if;
  insert into public."Rooms" (host_name, max_guests)
  values ((select left(coalesce(nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), split_part(u.email, '@', 1)), 100)
           from auth.users as u where u.id = me), 1)
  returning id into new_id;
  insert into public.hosted_rooms (room_id, host_id) values (new_id, me);
  -- The insert trigger gave it a search row: a draft has none.
  perform search.sync_room(new_id);
  return new_id;
end
$$;

-- '3 guests', '1 bedroom': the listing's counts as the seed and the spec write them.
create function public.count_text(n integer, noun text)
  returns text
  language sql immutable
  set search_path = ''
as $$
  select n || ' ' || noun || case when n = 1 then '' else 's' end
$$;

-- Whether a room has everything a published place shows.
create function public.room_is_complete(room public."Rooms")
  returns boolean
  language sql immutable
  set search_path = ''
as $$
  select room."house-title" <> '' and room.house_description <> '' and room.filter <> ''
    and room.city <> '' and room.country <> '' and room.lat is not null and room.lng is not null
    and room.price > 0 and cardinality(room.images) >= 1 and room.bedroom_count <> ''
    and room.bed_count <> '' and room.bathroom_count <> ''
$$;

-- Writes what p_fields holds of a place the caller hosts; keys left out keep their values:
--   category, title, description, address, city, country (text), lat, lng, price (numbers),
--   guests, bedrooms, beds, baths (whole numbers), images (paths of the caller's own uploads, the
--   first is the cover). Unknown keys and out-of-range values are refused (22023, hint: the key);
--   a published place must stay complete (hint incomplete).
create function public.save_listing(p_room_id bigint, p_fields jsonb)
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
      -- The caller's own uploads only (the storage server names them), at most 20, no repeats.
      if jsonb_typeof(value) <> 'array' or jsonb_array_length(value) > 20
         or exists (
           select 1 from jsonb_array_elements(value) as e
           where jsonb_typeof(e) <> 'string'
              or not starts_with(e #>> '{}', photo_prefix)
              or substr(e #>> '{}', char_length(photo_prefix) + 1) !~ '^[0-9a-f]{32}-800\.webp$'
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

-- Publishes (a complete place only: hint incomplete) or unpublishes a place the caller hosts.
-- Either is at once: the room's search row is added or removed in the same transaction.
create function public.set_listing_published(p_room_id bigint, p_published boolean)
  returns text
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  next_status text := case when p_published then 'published' else 'draft' end;
begin
  if p_published is null then
    raise exception 'published must be true or false' using errcode = '22023';
  end if;
  if p_published and not (select public.room_is_complete(r) from public."Rooms" as r where r.id = p_room_id) then
    raise exception 'room % is not complete', p_room_id using errcode = 'P0001', hint = 'incomplete';
  end if;
  update public.hosted_rooms as h set status = next_status, updated_at = now() where h.room_id = hosted.room_id;
  perform search.sync_room(p_room_id);
  return next_status;
end
$$;

-- The caller's places, newest first, each with its publication status and its row.
create function public.my_listings()
  returns table (room_id bigint, status text, room jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  select h.room_id, h.status, to_jsonb(r)
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  where h.host_id = auth.uid()
  order by h.created_at desc, h.room_id desc
$$;

-- Blocked dates ---------------------------------------------------------------------------------------

create table public.room_blocked_dates (
  id bigint generated by default as identity primary key,
  room_id bigint not null references public."Rooms" (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  created_at timestamptz not null default now(),
  -- Half-open like stays: end_date is the first night not blocked.
  constraint room_blocked_dates_bounded check (
    case when isfinite(start_date) and isfinite(end_date)
      then end_date > start_date and end_date - start_date <= 366
      else false
    end
  ),
  constraint room_blocked_dates_no_overlap
    exclude using gist (room_id with =, daterange(start_date, end_date, '[)') with &&)
);

alter table public.room_blocked_dates enable row level security;
revoke all on table public.room_blocked_dates from public, anon, authenticated, service_role;
grant select, delete on table public.room_blocked_dates to authenticated;
grant insert (room_id, start_date, end_date) on table public.room_blocked_dates to authenticated;
grant select, insert, update, delete on table public.room_blocked_dates to service_role;
grant usage, select on sequence public.room_blocked_dates_id_seq to authenticated, service_role;

-- Whether the caller hosts the room (definer: reads hosted_rooms whatever its policies).
create function public.hosts_room(p_room_id bigint)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from public.hosted_rooms as h where h.room_id = p_room_id and h.host_id = auth.uid())
$$;

create policy "Hosts read their rooms' blocked dates" on public.room_blocked_dates
  for select to authenticated
  using (public.hosts_room(room_id));
create policy "Hosts block their rooms' dates" on public.room_blocked_dates
  for insert to authenticated
  with check (public.hosts_room(room_id));
create policy "Hosts unblock their rooms' dates" on public.room_blocked_dates
  for delete to authenticated
  using (public.hosts_room(room_id));

-- A block is refused on nights a confirmed stay already holds (23P01, as an overlap of blocks is),
-- and, from a host, outside the booking calendar. The room's row lock orders it with confirmations.
create function public.room_blocked_dates_check()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  -- (auth.role(), not current_user: this function runs as its owner)
  if auth.role() in ('anon', 'authenticated') and not public.stay_in_calendar(new.start_date, new.end_date) then
    raise exception 'blocked dates must lie in the booking calendar' using errcode = '23514';
  end if;
  perform 1 from public."Rooms" as r where r.id = new.room_id for no key update;
  if exists (
    select 1 from public."Bookings" as b
    where b.room_id = new.room_id and b.status = 'confirmed'
      and daterange(b."startDate", b."endDate", '[)') && daterange(new.start_date, new.end_date, '[)')
  ) then
    raise exception 'these nights are booked' using errcode = '23P01', hint = 'nights_booked';
  end if;
  return new;
end
$$;

create trigger room_blocked_dates_check
  before insert or update of room_id, start_date, end_date on public.room_blocked_dates
  for each row execute function public.room_blocked_dates_check();

-- A stay is confirmed only on a published room's free nights. confirm_booking_payment has locked
-- the room already; a confirmation made otherwise takes the same lock here.
create function public.bookings_confirm_check()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform 1 from public."Rooms" as r where r.id = new.room_id for no key update;
  if exists (select 1 from public.hosted_rooms as h where h.room_id = new.room_id and h.status = 'draft') then
    raise exception 'room % is not published', new.room_id using errcode = 'P0001', hint = 'booking_changed';
  end if;
  if exists (
    select 1 from public.room_blocked_dates as d
    where d.room_id = new.room_id
      and daterange(d.start_date, d.end_date, '[)') && daterange(new."startDate", new."endDate", '[)')
  ) then
    raise exception 'the host blocked these nights' using errcode = '23P01', hint = 'nights_blocked';
  end if;
  return new;
end
$$;

create trigger bookings_confirm_check
  before insert or update of status, room_id, "startDate", "endDate" on public."Bookings"
  for each row when (new.status = 'confirmed')
  execute function public.bookings_confirm_check();

-- Availability counts blocked nights ------------------------------------------------------------

-- As before, with the host's blocks counted as stays (blocks and confirmed stays never overlap
-- one another, so the gaps between them are still the free runs).
create or replace function search.unavailable_room_ids(check_in date, check_out date, stay_nights integer)
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
  taken as (
    select b.room_id, b."startDate" as start_date, b."endDate" as end_date
    from public."Bookings" as b
    where b.status = 'confirmed'
    union all
    select d.room_id, d.start_date, d.end_date
    from public.room_blocked_dates as d
  ),
  stays as (
    select t.room_id,
           greatest(t.start_date, w.s) - coalesce(lag(least(t.end_date, w.e)) over (
             partition by t.room_id order by t.start_date), w.s) as gap_before,
           least(t.end_date, w.e) as stay_end
    from taken as t, w
    where daterange(t.start_date, t.end_date, '[)') && daterange(w.s, w.e, '[)')
  )
  select stays.room_id
  from stays, w
  group by stays.room_id, w.s, w.e
  having greatest(max(stays.gap_before), w.e - max(stays.stay_end)) < coalesce(stay_nights, w.e - w.s)
$$;

-- Nights of one room no one can book: confirmed stays and the host's blocks, as half-open date
-- ranges; dates only, never who booked or why.
create or replace function public.room_booked_ranges(room_id bigint)
  returns table (start_date date, end_date date)
  language sql stable security definer
  set search_path = ''
as $$
  select t.start_date, t.end_date
  from (
    select b."startDate" as start_date, b."endDate" as end_date
    from public."Bookings" as b
    where b.room_id = room_booked_ranges.room_id and b.status = 'confirmed'
    union all
    select d.start_date, d.end_date
    from public.room_blocked_dates as d
    where d.room_id = room_booked_ranges.room_id
  ) as t
  order by t.start_date
$$;

-- Reservations ----------------------------------------------------------------------------------------

-- The caller's rooms' confirmed stays that have not ended: the guest's name, the dates, the
-- nights and the total paid. Nothing else of the booking or payment (no email, card, address or
-- account) leaves here.
create function public.host_reservations()
  returns table (
    booking_id bigint, room_id bigint, room_title text, guest_name text,
    start_date date, end_date date, nights integer, total numeric, currency text
  )
  language sql stable security definer
  set search_path = ''
as $$
  -- The name on the card, else the account's name; never the guest-count label ('2 guests') that
  -- Payments."Guest" falls back to.
  select b.id, b.room_id, r."house-title",
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate", b."numOfDays", p.amount, p.currency
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  join public."Bookings" as b on b.room_id = h.room_id and b.status = 'confirmed'
  join public."Payments" as p on p.booking_id = b.id
  left join auth.users as u on u.id = b.user_id
  where h.host_id = auth.uid()
    and b."endDate" >= (now() at time zone 'UTC')::date
  order by b."startDate", b.id
$$;

-- Execute rights ----------------------------------------------------------------------------------------

revoke execute on function
  public.draft_room_ids(),
  public.hosting_user(),
  public.lock_hosted_room(bigint),
  search.sync_room(bigint),
  public.hosting_limit(),
  public.create_listing(),
  public.count_text(integer, text),
  public.room_is_complete(public."Rooms"),
  public.save_listing(bigint, jsonb),
  public.set_listing_published(bigint, boolean),
  public.my_listings(),
  public.hosts_room(bigint),
  public.room_blocked_dates_check(),
  public.bookings_confirm_check(),
  public.host_reservations()
from public, anon, authenticated, service_role;

-- The "Rooms" policy runs it as every reader.
grant execute on function public.draft_room_ids() to anon, authenticated, service_role;
-- The host's actions, and what the policies on blocked dates call as the host.
grant execute on function
  public.create_listing(),
  public.save_listing(bigint, jsonb),
  public.set_listing_published(bigint, boolean),
  public.my_listings(),
  public.hosts_room(bigint),
  public.host_reservations()
to authenticated;
