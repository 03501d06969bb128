-- Checkout: the payment recording rule the checkout needs. This version also made the local
-- test payment processor's schema, now the local backend's own (backend/migrations); it keeps
-- its number, by which databases that applied it have it recorded.
--
-- confirm_booking_payment: the same signature and behaviour as in 20261121000004, plus one
-- refusal. The checkout keeps ONE pending booking per user and room (the draft) and two tabs of
-- the same user may each hold an intent for it; the second payment must then not attach a
-- second Payments row to a booking another payment already confirmed. That case now fails
-- with 23P01 (exclusion_violation), like an overlap with somebody else's stay, so the caller
-- handles both the same way: refund or cancel the intent and tell the user. The payment's
-- "Guest" is the name the guest paid under (the booking's guest label when none was given).

create or replace function public.confirm_booking_payment(
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
  if booking.status = 'confirmed' then
    raise exception 'booking % is already confirmed by another payment', p_booking_id
      using errcode = '23P01';
  end if;

  -- Fails with 23P01 when another confirmed stay of this room overlaps these nights.
  update public."Bookings" set status = 'confirmed' where id = booking.id;

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
    'successful', p_stripe_payment_intent_id,
    coalesce(nullif(btrim(p_customer_name), ''), booking.guest), p_address, booking.id
  )
  returning * into payment;

  return payment;
end
$$;

-- create or replace keeps the privileges of 20261121000004 (service_role only); restate them so
-- this file reads complete on its own.
revoke execute on function public.confirm_booking_payment(bigint, text, numeric, text, jsonb, text)
  from public, anon, authenticated;
grant execute on function public.confirm_booking_payment(bigint, text, numeric, text, jsonb, text)
  to service_role;
