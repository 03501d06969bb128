-- Booking integrity (issue 15): a paid stay is exactly what was paid for.
--
-- 1. Travellers write only what they choose. The API role may insert a pending booking's room,
--    dates, nights, guests and guest label, and later change only the dates, nights, guests and
--    label; user_id, user_email, status and session_id are never client-writable and come from
--    their defaults (the session's JWT). Dates written by travellers must lie in the booking
--    calendar: check-in not before today anywhere on earth, checkout within the 23 months the
--    calendar renders.
-- 2. Every stay is bounded by constraints: finite dates, 1 to 90 nights, "numOfDays" equal to
--    the nights between the dates, at least one adult, a short guest label.
-- 3. confirm_booking_payment is given what the payment intent says (room, dates, nights, guests,
--    amount in cents) and confirms exactly that: the room and owner must be the booking's, the
--    amount must be the server's price for the stay (checkout_charge_cents, the same rule as
--    shared/src/rules/pricing.ts), and the booking is set to the paid stay under its row lock.
--    Confirmations of one room queue on the room's row, so concurrent exclusion checks no longer
--    deadlock one another.
-- 4. A payment intent ends either recorded (a Payments row) or released (a payment_releases
--    row, written by mark_payment_released before the money is given back), never both: both
--    functions serialize on the intent, and a released intent is never recorded afterwards.
-- 5. The shared demo guest account (auth.users.raw_app_meta_data.shared_account = true; the
--    local backend's seed sets it, a hosted project sets it on its guest user) sees only the
--    bookings and payments of the session that made them: such rows carry the JWT's session_id
--    and the policies compare it. Ordinary accounts are unchanged (their rows' session_id is null).
--
-- Constraints are added NOT VALID: every new or changed row is checked, rows written before
-- this migration are left as they were (validate them once reviewed).

-- Sessions of the shared guest account ----------------------------------------------------------

alter table public."Bookings" add column if not exists session_id uuid;
alter table public."Payments" add column if not exists session_id uuid;

-- The session the caller's bookings and payments are scoped to: null for an ordinary account
-- (all its sessions share its rows), the JWT's session_id for a shared account (one many people
-- sign in to). A shared account's token without a session is refused rather than shown every
-- guest's rows. Definer rights: it reads the caller's auth.users row.
create function public.booking_session_scope()
  returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  session text := auth.jwt() ->> 'session_id';
begin
  if not exists (
    select 1 from auth.users as u
    where u.id = auth.uid() and u.raw_app_meta_data -> 'shared_account' = 'true'::jsonb
  ) then
    return null;
  end if;
  if session is null or session = '' then
    raise exception 'a shared account needs a session' using errcode = '42501';
  end if;
  return session::uuid;
end
$$;

alter table public."Bookings" alter column session_id set default public.booking_session_scope();

-- What travellers may write ---------------------------------------------------------------------

revoke insert, update on table public."Bookings" from authenticated;
grant insert (room_id, "startDate", "endDate", "numOfDays", guest, adults, children, infants, pets)
  on table public."Bookings" to authenticated;
grant update ("startDate", "endDate", "numOfDays", guest, adults, children, infants, pets)
  on table public."Bookings" to authenticated;

drop policy "Users read their own bookings" on public."Bookings";
drop policy "Users create their own pending bookings" on public."Bookings";
drop policy "Users change their own pending bookings" on public."Bookings";
drop policy "Users remove their own pending bookings" on public."Bookings";
drop policy "Users read their own payments" on public."Payments";

create policy "Users read their own bookings" on public."Bookings"
  for select to authenticated
  using (user_id = (select auth.uid()) and session_id is not distinct from (select public.booking_session_scope()));
create policy "Users create their own pending bookings" on public."Bookings"
  for insert to authenticated
  with check (
    user_id = (select auth.uid()) and status = 'pending'
    and session_id is not distinct from (select public.booking_session_scope())
  );
create policy "Users change their own pending bookings" on public."Bookings"
  for update to authenticated
  using (
    user_id = (select auth.uid()) and status = 'pending'
    and session_id is not distinct from (select public.booking_session_scope())
  )
  with check (
    user_id = (select auth.uid()) and status = 'pending'
    and session_id is not distinct from (select public.booking_session_scope())
  );
create policy "Users remove their own pending bookings" on public."Bookings"
  for delete to authenticated
  using (
    user_id = (select auth.uid()) and status = 'pending'
    and session_id is not distinct from (select public.booking_session_scope())
  );
create policy "Users read their own payments" on public."Payments"
  for select to authenticated
  using (user_id = (select auth.uid()) and session_id is not distinct from (select public.booking_session_scope()));

-- One pending booking per user and room, and per session of a shared account.
drop index if exists public.bookings_one_pending_per_user_and_room;
create unique index bookings_one_pending_per_user_session_and_room
  on public."Bookings" (user_id, room_id, coalesce(session_id, '00000000-0000-0000-0000-000000000000'::uuid))
  where status = 'pending';

-- Bounded stays ---------------------------------------------------------------------------------

-- (The nights are compared only for finite dates: subtracting an infinite date is an error.)
alter table public."Bookings"
  add constraint bookings_stay_bounded check (
    case when isfinite("startDate") and isfinite("endDate")
      then "numOfDays" = "endDate" - "startDate" and "numOfDays" between 1 and 90
      else false
    end
  ) not valid,
  add constraint bookings_guests_bounded check (adults >= 1 and char_length(guest) <= 100) not valid;

alter table public."Payments"
  add constraint payments_stay_bounded check (
    case when isfinite("startDate") and isfinite("endDate")
      then "numOfDays" = "endDate" - "startDate" and "numOfDays" between 1 and 90
      else false
    end
  ) not valid,
  add constraint payments_amount_positive check (amount > 0) not valid;

-- The days the booking calendar offers: from today in the last time zone on earth (UTC-12) to
-- the last day of the 23rd month it renders, counted from the current month in the first time
-- zone (UTC+14). The same rule as supabase/functions/_shared/stay.ts.
create function public.stay_in_calendar(p_start date, p_end date)
  returns boolean
  language sql stable
  set search_path = ''
as $$
  select isfinite(p_start) and isfinite(p_end)
    and p_start >= ((now() at time zone 'UTC') - interval '12 hours')::date
    and p_end <= (date_trunc('month', (now() at time zone 'UTC') + interval '14 hours')
                  + interval '23 months' - interval '1 day')::date
$$;

create function public.bookings_traveller_dates()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  -- Only what travellers write through the API; the server's own writes are checked where made.
  if current_user in ('anon', 'authenticated')
     and not public.stay_in_calendar(new."startDate", new."endDate") then
    raise exception 'a stay must check in today or later and check out within the booking calendar'
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger bookings_traveller_dates
  before insert or update of "startDate", "endDate" on public."Bookings"
  for each row execute function public.bookings_traveller_dates();

-- The price of a stay -----------------------------------------------------------------------------

-- checkoutChargeCents of shared/src/rules/pricing.ts: the nightly USD rate ceil(price / 83);
-- nights x rate + floor(70% of one night) + floor(11% of the nights), in cents.
create function public.checkout_charge_cents(p_local_price numeric, p_nights integer)
  returns bigint
  language sql immutable
  set search_path = ''
as $$
  select ((rate * p_nights) + floor(rate * 70 / 100) + floor(rate * p_nights * 11 / 100))::bigint * 100
  from (select ceil(p_local_price / 83) as rate) as nightly
$$;

-- Recording or releasing a payment ----------------------------------------------------------------

create table public.payment_releases (
  stripe_payment_intent_id text primary key,
  reason text not null,
  created_at timestamptz not null default now()
);
alter table public.payment_releases enable row level security;
revoke all on table public.payment_releases from public, anon, authenticated, service_role;
grant select on table public.payment_releases to service_role;

-- Before giving a payment back: records that the intent is released, unless it was recorded
-- (then answers false and nothing may be released). Repeating it is harmless.
create function public.mark_payment_released(p_stripe_payment_intent_id text, p_reason text)
  returns boolean
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('payment_intent:' || p_stripe_payment_intent_id, 0));
  if exists (select 1 from public."Payments" as p where p.stripe_payment_intent_id = p_stripe_payment_intent_id) then
    return false;
  end if;
  insert into public.payment_releases (stripe_payment_intent_id, reason)
  values (p_stripe_payment_intent_id, left(coalesce(p_reason, ''), 200))
  on conflict (stripe_payment_intent_id) do nothing;
  return true;
end
$$;

drop function public.confirm_booking_payment(bigint, text, numeric, text, jsonb, text);

-- Records a successful payment and confirms exactly the stay it paid for, in one transaction
-- (server only). The p_* stay arguments are what the payment intent says.
-- Idempotent on the intent: a repeated call returns the payment already recorded.
-- Refusals, nothing recorded:
--   23P01  another confirmed stay of the room overlaps, or this booking is already confirmed
--   P0001  hint booking_changed: the booking is gone, cancelled, or not this user's or room's
--          hint stay_out_of_bounds: the paid stay is outside the calendar or over 90 nights
--          hint guests_out_of_bounds: the paid guests do not fit the room
--          hint amount_mismatch: the amount is not the price of the paid stay
--          hint payment_released: the intent was already given back
create function public.confirm_booking_payment(
  p_booking_id bigint,
  p_stripe_payment_intent_id text,
  p_amount_cents bigint,
  p_user_id uuid,
  p_room_id bigint,
  p_start_date date,
  p_end_date date,
  p_nights integer,
  p_adults integer,
  p_children integer,
  p_infants integer,
  p_pets integer,
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
  room record;
begin
  perform pg_advisory_xact_lock(hashtextextended('payment_intent:' || p_stripe_payment_intent_id, 0));

  select * into payment from public."Payments" as p
  where p.stripe_payment_intent_id = p_stripe_payment_intent_id;
  if found then
    return payment;
  end if;
  if exists (select 1 from public.payment_releases as r where r.stripe_payment_intent_id = p_stripe_payment_intent_id) then
    raise exception 'payment intent % was released', p_stripe_payment_intent_id
      using errcode = 'P0001', hint = 'payment_released';
  end if;

  -- Room, then booking: one lock order for every confirmation of a room.
  select r.price, r.max_guests into room from public."Rooms" as r where r.id = p_room_id for no key update;
  if not found then
    raise exception 'room % not found', p_room_id using errcode = 'P0001', hint = 'booking_changed';
  end if;
  select * into booking from public."Bookings" as b where b.id = p_booking_id for update;
  if not found or booking.user_id is distinct from p_user_id or booking.room_id <> p_room_id
     or booking.status = 'cancelled' then
    raise exception 'booking % is not the pending booking this payment is for', p_booking_id
      using errcode = 'P0001', hint = 'booking_changed';
  end if;
  if booking.status = 'confirmed' then
    raise exception 'booking % is already confirmed by another payment', p_booking_id
      using errcode = '23P01';
  end if;

  if p_nights is null or p_start_date is null or p_end_date is null
     or not public.stay_in_calendar(p_start_date, p_end_date)
     or p_nights <> p_end_date - p_start_date or p_nights not between 1 and 90 then
    raise exception 'the paid stay (% to %, % nights) is out of bounds', p_start_date, p_end_date, p_nights
      using errcode = 'P0001', hint = 'stay_out_of_bounds';
  end if;
  if p_adults is null or p_children is null or p_infants is null or p_pets is null
     or p_adults < 1 or p_children < 0 or p_adults + p_children > room.max_guests
     or p_infants not between 0 and 5 or p_pets not between 0 and 5 then
    raise exception 'the paid guests do not fit room %', p_room_id
      using errcode = 'P0001', hint = 'guests_out_of_bounds';
  end if;
  if p_amount_cents is distinct from public.checkout_charge_cents(room.price, p_nights) then
    raise exception 'amount % is not the price of this stay', p_amount_cents
      using errcode = 'P0001', hint = 'amount_mismatch';
  end if;

  -- The paid stay, whatever the draft was changed to meanwhile. Fails with 23P01 when another
  -- confirmed stay of this room overlaps these nights.
  update public."Bookings"
  set status = 'confirmed', "startDate" = p_start_date, "endDate" = p_end_date, "numOfDays" = p_nights,
      adults = p_adults, children = p_children, infants = p_infants, pets = p_pets
  where id = booking.id;

  insert into public."Payments" (
    id, amount, customer_name, user_email, user_id, currency, room_id, "startDate", "endDate",
    "numOfDays", payment_method, status, stripe_payment_intent_id, "Guest", address, booking_id,
    session_id
  ) values (
    coalesce(
      p_payment_id,
      'HM' || upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8)) || '-'
        || replace(gen_random_uuid()::text, '-', '')
    ),
    round(p_amount_cents::numeric / 100, 2), left(coalesce(p_customer_name, ''), 200),
    coalesce((select u.email from auth.users as u where u.id = booking.user_id), booking.user_email),
    booking.user_id, 'usd', p_room_id, p_start_date, p_end_date, p_nights, 'card', 'successful',
    p_stripe_payment_intent_id,
    left(coalesce(nullif(btrim(p_customer_name), ''), booking.guest), 200), p_address, booking.id,
    booking.session_id
  )
  returning * into payment;

  return payment;
end
$$;

-- Execute rights: explicit, like table privileges.
revoke execute on function
  public.booking_session_scope(),
  public.stay_in_calendar(date, date),
  public.bookings_traveller_dates(),
  public.checkout_charge_cents(numeric, integer),
  public.mark_payment_released(text, text),
  public.confirm_booking_payment(bigint, text, bigint, uuid, bigint, date, date, integer, integer, integer, integer, integer, text, jsonb, text)
from public, anon, authenticated;

-- The policies and the column default call these as the traveller.
grant execute on function public.booking_session_scope(), public.stay_in_calendar(date, date)
  to authenticated, service_role;
grant execute on function
  public.checkout_charge_cents(numeric, integer),
  public.mark_payment_released(text, text),
  public.confirm_booking_payment(bigint, text, bigint, uuid, bigint, date, date, integer, integer, integer, integer, integer, text, jsonb, text)
to service_role;
