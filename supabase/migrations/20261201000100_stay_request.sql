-- The booking's stay reaches the server once, as one typed value (issue 32).
--
-- The booking page used to write its pending Bookings row itself on every change of the trip,
-- and create-payment-intent wrote it again from the request it priced, then passed the stay on
-- in the intent's metadata as eight strings (room, dates, nights, four guest counts), which
-- finalize-booking turned back into eight of confirm_booking_payment's sixteen parameters. Now
-- the page sends one stay request to create-payment-intent, which reads it with the shared rules
-- (shared/src/rules/stayBounds.ts's readStayRequest, generated into the functions), writes the
-- pending booking from it and keeps it whole in the intent; finalize-booking hands it whole to
-- confirm_booking_payment as public.stay_request.
--
-- 1. public.stay_request: the stay a traveller asks to book, the fields of the rules'
--    StayRequest (a JSON object of them reads into it: PostgREST's row-type arguments).
-- 2. confirm_booking_payment takes the stay as p_stay instead of p_room_id, p_start_date,
--    p_end_date, p_nights, p_adults, p_children, p_infants and p_pets. The nights are no longer
--    a parameter of their own that had to agree with the dates: they are the dates' difference.
--    Its checks, refusals (hints) and the rest of its parameters (the payment's own facts, read
--    from the processor's intent: which booking, intent, amount and payer, the quoted policy and
--    the billing details) are as in 20261127000400. A missing stay or field is out of bounds.

create type public.stay_request as (
  room_id bigint,
  check_in date,
  check_out date,
  adults integer,
  children integer,
  infants integer,
  pets integer
);

drop function public.confirm_booking_payment(bigint, text, bigint, uuid, bigint, date, date, integer, integer, integer, integer, integer, text, text, jsonb, text);

create function public.confirm_booking_payment(
  p_booking_id bigint,
  p_stripe_payment_intent_id text,
  p_amount_cents bigint,
  p_user_id uuid,
  p_stay public.stay_request,
  p_cancellation_policy text,
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
  nights integer;
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

  -- (A composite is null only when every field is: each is checked.)
  if p_stay.room_id is null or p_stay.check_in is null or p_stay.check_out is null
     or p_stay.adults is null or p_stay.children is null or p_stay.infants is null or p_stay.pets is null then
    raise exception 'the paid stay % is incomplete', p_stay
      using errcode = 'P0001', hint = 'stay_out_of_bounds';
  end if;
  nights := p_stay.check_out - p_stay.check_in;

  -- Room, then booking: one lock order for every confirmation of a room. The room's lock also
  -- holds off a host's save_listing, so the price and policy checked below stay as checked.
  select r.price, r.max_guests into room from public."Rooms" as r where r.id = p_stay.room_id for no key update;
  if not found then
    raise exception 'room % not found', p_stay.room_id using errcode = 'P0001', hint = 'booking_changed';
  end if;
  select * into booking from public."Bookings" as b where b.id = p_booking_id for update;
  if not found or booking.user_id is distinct from p_user_id or booking.room_id <> p_stay.room_id
     or booking.status = 'cancelled' then
    raise exception 'booking % is not the pending booking this payment is for', p_booking_id
      using errcode = 'P0001', hint = 'booking_changed';
  end if;
  if booking.status = 'confirmed' then
    raise exception 'booking % is already confirmed by another payment', p_booking_id
      using errcode = '23P01';
  end if;

  if not public.stay_in_calendar(p_stay.check_in, p_stay.check_out) or nights not between 1 and 90 then
    raise exception 'the paid stay (% to %) is out of bounds', p_stay.check_in, p_stay.check_out
      using errcode = 'P0001', hint = 'stay_out_of_bounds';
  end if;
  if p_stay.adults < 1 or p_stay.children < 0 or p_stay.adults + p_stay.children > room.max_guests
     or p_stay.infants not between 0 and 5 or p_stay.pets not between 0 and 5 then
    raise exception 'the paid guests do not fit room %', p_stay.room_id
      using errcode = 'P0001', hint = 'guests_out_of_bounds';
  end if;
  if p_amount_cents is distinct from public.checkout_charge_cents(room.price, nights) then
    raise exception 'amount % is not the price of this stay', p_amount_cents
      using errcode = 'P0001', hint = 'amount_mismatch';
  end if;
  if p_cancellation_policy is distinct from coalesce(
       (select c.policy from public.room_cancellation_policies as c where c.room_id = p_stay.room_id), 'moderate') then
    raise exception 'the cancellation policy of room % is no longer %', p_stay.room_id, p_cancellation_policy
      using errcode = 'P0001', hint = 'terms_changed';
  end if;

  -- The paid stay, whatever the pending booking was changed to meanwhile. Fails with 23P01 when
  -- another confirmed stay of this room overlaps these nights.
  update public."Bookings"
  set status = 'confirmed', "startDate" = p_stay.check_in, "endDate" = p_stay.check_out, "numOfDays" = nights,
      adults = p_stay.adults, children = p_stay.children, infants = p_stay.infants, pets = p_stay.pets
  where id = booking.id;

  -- (payments_stay_terms copies the room's policy and nightly dollars: the ones just checked.)
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
    booking.user_id, 'usd', p_stay.room_id, p_stay.check_in, p_stay.check_out, nights, 'card', 'successful',
    p_stripe_payment_intent_id,
    left(coalesce(nullif(btrim(p_customer_name), ''), booking.guest), 200), p_address, booking.id,
    booking.session_id
  )
  returning * into payment;

  return payment;
end
$$;

revoke execute on function
  public.confirm_booking_payment(bigint, text, bigint, uuid, public.stay_request, text, text, jsonb, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.confirm_booking_payment(bigint, text, bigint, uuid, public.stay_request, text, text, jsonb, text)
to service_role;
