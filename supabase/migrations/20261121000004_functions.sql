-- SQL functions callable through /rest/v1/rpc: search, destination suggestions, a room's booked
-- dates, and the server's payment recording.

-- Ids of rooms with a confirmed booking overlapping [check_in, check_out). Definer rights: callers
-- may not read other people's bookings, but availability itself is public.
create function public.booked_room_ids(check_in date, check_out date)
  returns setof bigint
  language sql stable security definer
  set search_path = ''
as $$
  select distinct b.room_id
  from public."Bookings" as b
  where b.status = 'confirmed'
    and daterange(b."startDate", b."endDate", '[)')
        && daterange(check_in, greatest(check_out, check_in + 1), '[)')
$$;

-- search_rooms: the discovery spec's 90% letter rule, plus availability and capacity.
--
-- A room matches when at least 90% of the search's letters, counted with multiplicity, occur in
-- the letters of its city || country || house-title: with n search letters at most floor(n / 10)
-- may be missing, where a letter needed q times but present l times misses max(0, q - l) times.
-- That count is the number of occurrence bits (see occurrence_mask) the search has and the room
-- lacks, plus, for letters needed more than 4 times, the occurrences beyond the 4th.
--
-- Speed over 100,000 rooms: the function is plain SQL with invoker rights and no SET options, so
-- the planner inlines it into the caller's query (REST filters, order, limit and count apply to
-- the rooms scan itself), and every per-search value (letter counts and masks of search_text) is
-- an immutable function of a constant, folded at plan time: the 26 per-letter terms below vanish
-- unless a letter is needed more than 4 times, leaving one or two bigint mask tests per room.
create function public.search_rooms(
  search_text text,
  check_in date default null,
  check_out date default null,
  guests integer default null
)
  returns setof public."Rooms"
  language sql stable
as $$
  select r.*
  from public."Rooms" as r
  where case
    when length(public.search_letters(search_text)) < 10 then
      -- fewer than 10 letters: none may be missing
      (r.search_mask_12 & public.occurrence_mask((public.letter_counts(search_text)), 1)) = public.occurrence_mask((public.letter_counts(search_text)), 1)
      and (public.occurrence_mask((public.letter_counts(search_text)), 3) = 0
           or (r.search_mask_34 & public.occurrence_mask((public.letter_counts(search_text)), 3)) = public.occurrence_mask((public.letter_counts(search_text)), 3))
      and ((public.letter_counts(search_text))[1] <= 4 or r.search_letter_counts[1] >= (public.letter_counts(search_text))[1])
        and ((public.letter_counts(search_text))[2] <= 4 or r.search_letter_counts[2] >= (public.letter_counts(search_text))[2])
        and ((public.letter_counts(search_text))[3] <= 4 or r.search_letter_counts[3] >= (public.letter_counts(search_text))[3])
        and ((public.letter_counts(search_text))[4] <= 4 or r.search_letter_counts[4] >= (public.letter_counts(search_text))[4])
        and ((public.letter_counts(search_text))[5] <= 4 or r.search_letter_counts[5] >= (public.letter_counts(search_text))[5])
        and ((public.letter_counts(search_text))[6] <= 4 or r.search_letter_counts[6] >= (public.letter_counts(search_text))[6])
        and ((public.letter_counts(search_text))[7] <= 4 or r.search_letter_counts[7] >= (public.letter_counts(search_text))[7])
        and ((public.letter_counts(search_text))[8] <= 4 or r.search_letter_counts[8] >= (public.letter_counts(search_text))[8])
        and ((public.letter_counts(search_text))[9] <= 4 or r.search_letter_counts[9] >= (public.letter_counts(search_text))[9])
        and ((public.letter_counts(search_text))[10] <= 4 or r.search_letter_counts[10] >= (public.letter_counts(search_text))[10])
        and ((public.letter_counts(search_text))[11] <= 4 or r.search_letter_counts[11] >= (public.letter_counts(search_text))[11])
        and ((public.letter_counts(search_text))[12] <= 4 or r.search_letter_counts[12] >= (public.letter_counts(search_text))[12])
        and ((public.letter_counts(search_text))[13] <= 4 or r.search_letter_counts[13] >= (public.letter_counts(search_text))[13])
        and ((public.letter_counts(search_text))[14] <= 4 or r.search_letter_counts[14] >= (public.letter_counts(search_text))[14])
        and ((public.letter_counts(search_text))[15] <= 4 or r.search_letter_counts[15] >= (public.letter_counts(search_text))[15])
        and ((public.letter_counts(search_text))[16] <= 4 or r.search_letter_counts[16] >= (public.letter_counts(search_text))[16])
        and ((public.letter_counts(search_text))[17] <= 4 or r.search_letter_counts[17] >= (public.letter_counts(search_text))[17])
        and ((public.letter_counts(search_text))[18] <= 4 or r.search_letter_counts[18] >= (public.letter_counts(search_text))[18])
        and ((public.letter_counts(search_text))[19] <= 4 or r.search_letter_counts[19] >= (public.letter_counts(search_text))[19])
        and ((public.letter_counts(search_text))[20] <= 4 or r.search_letter_counts[20] >= (public.letter_counts(search_text))[20])
        and ((public.letter_counts(search_text))[21] <= 4 or r.search_letter_counts[21] >= (public.letter_counts(search_text))[21])
        and ((public.letter_counts(search_text))[22] <= 4 or r.search_letter_counts[22] >= (public.letter_counts(search_text))[22])
        and ((public.letter_counts(search_text))[23] <= 4 or r.search_letter_counts[23] >= (public.letter_counts(search_text))[23])
        and ((public.letter_counts(search_text))[24] <= 4 or r.search_letter_counts[24] >= (public.letter_counts(search_text))[24])
        and ((public.letter_counts(search_text))[25] <= 4 or r.search_letter_counts[25] >= (public.letter_counts(search_text))[25])
        and ((public.letter_counts(search_text))[26] <= 4 or r.search_letter_counts[26] >= (public.letter_counts(search_text))[26])
    else
      bit_count((public.occurrence_mask((public.letter_counts(search_text)), 1) & ~r.search_mask_12)::bit(64))
      + case when public.occurrence_mask((public.letter_counts(search_text)), 3) = 0 then 0
             else bit_count((public.occurrence_mask((public.letter_counts(search_text)), 3) & ~r.search_mask_34)::bit(64)) end
      + (
          case when (public.letter_counts(search_text))[1] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[1] - greatest(r.search_letter_counts[1], 4)) end
          + case when (public.letter_counts(search_text))[2] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[2] - greatest(r.search_letter_counts[2], 4)) end
          + case when (public.letter_counts(search_text))[3] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[3] - greatest(r.search_letter_counts[3], 4)) end
          + case when (public.letter_counts(search_text))[4] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[4] - greatest(r.search_letter_counts[4], 4)) end
          + case when (public.letter_counts(search_text))[5] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[5] - greatest(r.search_letter_counts[5], 4)) end
          + case when (public.letter_counts(search_text))[6] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[6] - greatest(r.search_letter_counts[6], 4)) end
          + case when (public.letter_counts(search_text))[7] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[7] - greatest(r.search_letter_counts[7], 4)) end
          + case when (public.letter_counts(search_text))[8] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[8] - greatest(r.search_letter_counts[8], 4)) end
          + case when (public.letter_counts(search_text))[9] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[9] - greatest(r.search_letter_counts[9], 4)) end
          + case when (public.letter_counts(search_text))[10] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[10] - greatest(r.search_letter_counts[10], 4)) end
          + case when (public.letter_counts(search_text))[11] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[11] - greatest(r.search_letter_counts[11], 4)) end
          + case when (public.letter_counts(search_text))[12] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[12] - greatest(r.search_letter_counts[12], 4)) end
          + case when (public.letter_counts(search_text))[13] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[13] - greatest(r.search_letter_counts[13], 4)) end
          + case when (public.letter_counts(search_text))[14] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[14] - greatest(r.search_letter_counts[14], 4)) end
          + case when (public.letter_counts(search_text))[15] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[15] - greatest(r.search_letter_counts[15], 4)) end
          + case when (public.letter_counts(search_text))[16] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[16] - greatest(r.search_letter_counts[16], 4)) end
          + case when (public.letter_counts(search_text))[17] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[17] - greatest(r.search_letter_counts[17], 4)) end
          + case when (public.letter_counts(search_text))[18] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[18] - greatest(r.search_letter_counts[18], 4)) end
          + case when (public.letter_counts(search_text))[19] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[19] - greatest(r.search_letter_counts[19], 4)) end
          + case when (public.letter_counts(search_text))[20] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[20] - greatest(r.search_letter_counts[20], 4)) end
          + case when (public.letter_counts(search_text))[21] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[21] - greatest(r.search_letter_counts[21], 4)) end
          + case when (public.letter_counts(search_text))[22] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[22] - greatest(r.search_letter_counts[22], 4)) end
          + case when (public.letter_counts(search_text))[23] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[23] - greatest(r.search_letter_counts[23], 4)) end
          + case when (public.letter_counts(search_text))[24] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[24] - greatest(r.search_letter_counts[24], 4)) end
          + case when (public.letter_counts(search_text))[25] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[25] - greatest(r.search_letter_counts[25], 4)) end
          + case when (public.letter_counts(search_text))[26] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[26] - greatest(r.search_letter_counts[26], 4)) end
        )
      <= length(public.search_letters(search_text)) / 10
  end
  and (guests is null or r.max_guests >= guests)
  and (
    coalesce(check_in, check_out) is null
    or r.id not in (
      select public.booked_room_ids(coalesce(check_in, check_out - 1), coalesce(check_out, check_in + 1))
    )
  )
$$;

comment on function public.search_rooms(text, date, date, integer) is
  'Rooms matching the 90% letter rule on city, country and house-title, free on [check_in, check_out) and sleeping at least guests.';

-- Up to 10 distinct (city, country) pairs whose city or country contains q, prefix matches first.
create function public.destination_suggestions(q text)
  returns table (city text, country text)
  language sql stable
as $$
  select r.city, r.country
  from public."Rooms" as r
  where coalesce(btrim(q), '') = ''
     or strpos(lower(r.city || ', ' || r.country), lower(btrim(q))) > 0
  group by r.city, r.country
  order by
    (starts_with(lower(r.city), lower(btrim(coalesce(q, ''))))
      or starts_with(lower(r.country), lower(btrim(coalesce(q, ''))))) desc,
    count(*) desc,
    r.city
  limit 10
$$;

-- Confirmed stays of one room, as half-open date ranges: dates only, never who booked.
create function public.room_booked_ranges(room_id bigint)
  returns table (start_date date, end_date date)
  language sql stable security definer
  set search_path = ''
as $$
  select b."startDate", b."endDate"
  from public."Bookings" as b
  where b.room_id = room_booked_ranges.room_id
    and b.status = 'confirmed'
  order by b."startDate"
$$;

-- Records a successful payment and confirms its booking in one transaction (server only).
-- Idempotent on the payment intent: a repeated call returns the payment already recorded.
-- An overlapping confirmed booking of the same room fails with 23P01 (exclusion_violation)
-- and nothing is recorded.
create function public.confirm_booking_payment(
  p_booking_id bigint,
  p_stripe_payment_intent_id text,
  p_amount numeric,
  p_customer_name text default '',
  p_address jsonb default null,
  p_payment_id text default null
)
  returns public."Payments"
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  payment public."Payments";
  booking public."Bookings";
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'amount must be positive' using errcode = '22023';
  end if;

  select * into payment from public."Payments" as p
  where p.stripe_payment_intent_id = p_stripe_payment_intent_id;
  if found then
    return payment;
  end if;

  select * into booking from public."Bookings" as b where b.id = p_booking_id for update;
  if not found then
    raise exception 'booking % not found', p_booking_id using errcode = 'P0002';
  end if;

  -- A concurrent call for the same intent may have committed while we waited for the lock.
  select * into payment from public."Payments" as p
  where p.stripe_payment_intent_id = p_stripe_payment_intent_id;
  if found then
    return payment;
  end if;

  if booking.status = 'cancelled' then
    raise exception 'booking % is cancelled', p_booking_id using errcode = '22023';
  end if;

  update public."Bookings" set status = 'confirmed'
  where id = booking.id and status <> 'confirmed';

  insert into public."Payments" (
    id, amount, customer_name, user_email, user_id, currency, room_id, "startDate", "endDate",
    "numOfDays", payment_method, status, stripe_payment_intent_id, "Guest", address, booking_id
  ) values (
    coalesce(
      p_payment_id,
      'HM' || upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8)) || '-'
        || replace(gen_random_uuid()::text, '-', '')
    ),
    p_amount, coalesce(p_customer_name, ''), booking.user_email, booking.user_id, 'usd',
    booking.room_id, booking."startDate", booking."endDate", booking."numOfDays", 'card',
    'successful', p_stripe_payment_intent_id, booking.guest, p_address, booking.id
  )
  returning * into payment;

  return payment;
end
$$;

-- Execute rights: explicit, like table privileges.
revoke execute on function
  public.search_letters(text),
  public.letter_counts(text),
  public.occurrence_mask(smallint[], integer),
  public.booked_room_ids(date, date),
  public.search_rooms(text, date, date, integer),
  public.destination_suggestions(text),
  public.room_booked_ranges(bigint),
  public.confirm_booking_payment(bigint, text, numeric, text, jsonb, text)
from public;
-- Hosted projects' default privileges grant new functions to the API roles: take this one back.
revoke execute on function public.confirm_booking_payment(bigint, text, numeric, text, jsonb, text)
  from anon, authenticated;

grant execute on function
  public.search_letters(text),
  public.letter_counts(text),
  public.occurrence_mask(smallint[], integer),
  public.booked_room_ids(date, date),
  public.search_rooms(text, date, date, integer),
  public.destination_suggestions(text),
  public.room_booked_ranges(bigint)
to anon, authenticated, service_role;

grant execute on function
  public.confirm_booking_payment(bigint, text, numeric, text, jsonb, text)
to service_role;

