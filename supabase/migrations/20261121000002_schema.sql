-- The marketplace tables (names and columns as the specs use them) and the search helpers the
-- tables' generated columns need.

-- Search helpers. They run for every room written (generated columns below) and are folded into
-- constants when search_rooms is planned, so they are kept cheap: no SET options (a SET clause
-- makes each call save and restore settings and keeps SQL functions from being inlined); every
-- name is schema-qualified or from pg_catalog, and they run with the caller's rights.

-- Letters of a text for the search rule (discovery spec section 5): decomposed (so 'São' counts
-- as 's','a','o'), lower-cased, everything but a-z removed. The front end uses the same rule:
-- text.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '').
create function public.search_letters(t text) returns text
  language sql immutable parallel safe
as $$
  select regexp_replace(lower(normalize(coalesce(t, ''), nfd)), '[^a-z]', '', 'g')
$$;

-- How many times each letter a..z occurs: a 26-element array (index 1 = 'a'), written out as one
-- expression (a loop is many times slower).
create function public.letter_counts(t text) returns smallint[]
  language plpgsql immutable parallel safe
as $$
declare
  s text := public.search_letters(t);
begin
  return array[
    length(s) - length(replace(s, 'a', '')),
    length(s) - length(replace(s, 'b', '')),
    length(s) - length(replace(s, 'c', '')),
    length(s) - length(replace(s, 'd', '')),
    length(s) - length(replace(s, 'e', '')),
    length(s) - length(replace(s, 'f', '')),
    length(s) - length(replace(s, 'g', '')),
    length(s) - length(replace(s, 'h', '')),
    length(s) - length(replace(s, 'i', '')),
    length(s) - length(replace(s, 'j', '')),
    length(s) - length(replace(s, 'k', '')),
    length(s) - length(replace(s, 'l', '')),
    length(s) - length(replace(s, 'm', '')),
    length(s) - length(replace(s, 'n', '')),
    length(s) - length(replace(s, 'o', '')),
    length(s) - length(replace(s, 'p', '')),
    length(s) - length(replace(s, 'q', '')),
    length(s) - length(replace(s, 'r', '')),
    length(s) - length(replace(s, 's', '')),
    length(s) - length(replace(s, 't', '')),
    length(s) - length(replace(s, 'u', '')),
    length(s) - length(replace(s, 'v', '')),
    length(s) - length(replace(s, 'w', '')),
    length(s) - length(replace(s, 'x', '')),
    length(s) - length(replace(s, 'y', '')),
    length(s) - length(replace(s, 'z', ''))
  ]::smallint[];
end
$$;

-- Occurrence bits for search_rooms' fast tests: bit (c - 1) is set when letter c (a = 1) occurs
-- at least `times` times, bit (c + 25) when it occurs at least `times + 1` times.
create function public.occurrence_mask(counts smallint[], times integer) returns bigint
  language plpgsql immutable parallel safe
as $$
begin
  return
    (case when counts[1] >= times then 1::bigint else 0 end) | (case when counts[1] >= times + 1 then 67108864::bigint else 0 end)
    | (case when counts[2] >= times then 2::bigint else 0 end) | (case when counts[2] >= times + 1 then 134217728::bigint else 0 end)
    | (case when counts[3] >= times then 4::bigint else 0 end) | (case when counts[3] >= times + 1 then 268435456::bigint else 0 end)
    | (case when counts[4] >= times then 8::bigint else 0 end) | (case when counts[4] >= times + 1 then 536870912::bigint else 0 end)
    | (case when counts[5] >= times then 16::bigint else 0 end) | (case when counts[5] >= times + 1 then 1073741824::bigint else 0 end)
    | (case when counts[6] >= times then 32::bigint else 0 end) | (case when counts[6] >= times + 1 then 2147483648::bigint else 0 end)
    | (case when counts[7] >= times then 64::bigint else 0 end) | (case when counts[7] >= times + 1 then 4294967296::bigint else 0 end)
    | (case when counts[8] >= times then 128::bigint else 0 end) | (case when counts[8] >= times + 1 then 8589934592::bigint else 0 end)
    | (case when counts[9] >= times then 256::bigint else 0 end) | (case when counts[9] >= times + 1 then 17179869184::bigint else 0 end)
    | (case when counts[10] >= times then 512::bigint else 0 end) | (case when counts[10] >= times + 1 then 34359738368::bigint else 0 end)
    | (case when counts[11] >= times then 1024::bigint else 0 end) | (case when counts[11] >= times + 1 then 68719476736::bigint else 0 end)
    | (case when counts[12] >= times then 2048::bigint else 0 end) | (case when counts[12] >= times + 1 then 137438953472::bigint else 0 end)
    | (case when counts[13] >= times then 4096::bigint else 0 end) | (case when counts[13] >= times + 1 then 274877906944::bigint else 0 end)
    | (case when counts[14] >= times then 8192::bigint else 0 end) | (case when counts[14] >= times + 1 then 549755813888::bigint else 0 end)
    | (case when counts[15] >= times then 16384::bigint else 0 end) | (case when counts[15] >= times + 1 then 1099511627776::bigint else 0 end)
    | (case when counts[16] >= times then 32768::bigint else 0 end) | (case when counts[16] >= times + 1 then 2199023255552::bigint else 0 end)
    | (case when counts[17] >= times then 65536::bigint else 0 end) | (case when counts[17] >= times + 1 then 4398046511104::bigint else 0 end)
    | (case when counts[18] >= times then 131072::bigint else 0 end) | (case when counts[18] >= times + 1 then 8796093022208::bigint else 0 end)
    | (case when counts[19] >= times then 262144::bigint else 0 end) | (case when counts[19] >= times + 1 then 17592186044416::bigint else 0 end)
    | (case when counts[20] >= times then 524288::bigint else 0 end) | (case when counts[20] >= times + 1 then 35184372088832::bigint else 0 end)
    | (case when counts[21] >= times then 1048576::bigint else 0 end) | (case when counts[21] >= times + 1 then 70368744177664::bigint else 0 end)
    | (case when counts[22] >= times then 2097152::bigint else 0 end) | (case when counts[22] >= times + 1 then 140737488355328::bigint else 0 end)
    | (case when counts[23] >= times then 4194304::bigint else 0 end) | (case when counts[23] >= times + 1 then 281474976710656::bigint else 0 end)
    | (case when counts[24] >= times then 8388608::bigint else 0 end) | (case when counts[24] >= times + 1 then 562949953421312::bigint else 0 end)
    | (case when counts[25] >= times then 16777216::bigint else 0 end) | (case when counts[25] >= times + 1 then 1125899906842624::bigint else 0 end)
    | (case when counts[26] >= times then 33554432::bigint else 0 end) | (case when counts[26] >= times + 1 then 2251799813685248::bigint else 0 end);
end
$$;

create table public."Rooms" (
  id bigint generated by default as identity primary key,
  "house-title" text not null default '',
  title_1 text not null default '',
  title_2 text not null default '',
  price numeric not null default 0,
  images text[] not null default '{}',
  house_rating numeric,
  rating_count text not null default '',
  guest_favorite text not null default '',
  filter text not null default '',
  country text not null default '',
  city text not null default '',
  house_description text not null default '',
  guest_count text not null default '',
  bedroom_count text not null default '',
  bed_count text not null default '',
  bathroom_count text not null default '',
  host_name text,
  host_image text,
  host_description text,
  sleep_bed_1_link text,
  sleep_bed_2_link text,
  house_location text,
  location_description text,
  lat double precision,
  lng double precision,
  max_guests integer not null default 16 check (max_guests between 1 and 16),
  -- Kept by the trigger below for search_rooms, from the letters of city || country ||
  -- house-title: the count of each letter, and occurrence bits (see occurrence_mask).
  search_letter_counts smallint[] not null default '{}',
  search_mask_12 bigint not null default 0,
  search_mask_34 bigint not null default 0
);
create index rooms_filter_idx on public."Rooms" (filter, id);
create index rooms_country_city_idx on public."Rooms" (lower(country), lower(city));

-- A trigger rather than generated columns: the letters are counted once per row, not once per
-- column (this is most of the cost of inserting 100,000 rooms).
create function public.rooms_search_columns() returns trigger
  language plpgsql
as $$
declare
  counts smallint[] := public.letter_counts(new.city || new.country || new."house-title");
begin
  new.search_letter_counts := counts;
  new.search_mask_12 := public.occurrence_mask(counts, 1);
  new.search_mask_34 := public.occurrence_mask(counts, 3);
  return new;
end
$$;

create trigger rooms_search_columns
  before insert or update of city, country, "house-title" on public."Rooms"
  for each row execute function public.rooms_search_columns();

create table public."Favorites" (
  id bigint generated by default as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  item_id bigint not null references public."Rooms" (id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (user_id, item_id)
);

create table public."Bookings" (
  id bigint generated by default as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  user_email text not null default auth.email(),
  room_id bigint not null references public."Rooms" (id) on delete cascade,
  "startDate" date not null,
  "endDate" date not null,
  "numOfDays" integer not null,
  guest text not null default '',
  adults integer not null default 1 check (adults >= 0),
  children integer not null default 0 check (children >= 0),
  infants integer not null default 0 check (infants between 0 and 5),
  pets integer not null default 0 check (pets between 0 and 5),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'cancelled')),
  created_at timestamptz not null default now(),
  check ("endDate" > "startDate"),
  check (adults + children <= 16),
  -- No two confirmed bookings of one room on overlapping nights (half-open: checkout day is free).
  constraint bookings_no_overlapping_confirmed
    exclude using gist (room_id with =, daterange("startDate", "endDate", '[)') with &&)
    where (status = 'confirmed')
);
create index bookings_user_id_idx on public."Bookings" (user_id);
create index bookings_room_id_idx on public."Bookings" (room_id);

create table public."Payments" (
  -- Dash separated; the part before the first dash is the reservation code shown on trips.
  id text primary key,
  amount numeric not null,
  customer_name text not null default '',
  user_email text not null,
  user_id uuid references auth.users (id) on delete set null,
  currency text not null default 'usd',
  room_id bigint not null references public."Rooms" (id),
  "startDate" date not null,
  "endDate" date not null,
  "numOfDays" integer not null,
  payment_method text not null default 'card',
  status text not null default 'successful',
  stripe_payment_intent_id text not null unique,
  "Guest" text not null default '',
  address jsonb,
  booking_id bigint references public."Bookings" (id) on delete set null,
  created_at timestamptz not null default now()
);
create index payments_user_id_idx on public."Payments" (user_id);
create index payments_user_email_idx on public."Payments" (user_email);

