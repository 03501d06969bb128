-- The booking's lifecycle, named once (issue 42).
--
-- A booking's states and the events that move it between them are the rows of
-- private.booking_transitions, and private.booking_transition() is the one place that changes
-- "Bookings".status: it locks the booking, looks the (event, current state) pair up, refuses one
-- that is not there (SQLSTATE 55000, hint 'illegal_transition'), writes the new state and records
-- the event in public.booking_events (who, when, from, to). The event functions below check who
-- may do what (host, traveller, the system) and when, then call it; every other function that
-- used to write the status (the confirmation on payment, the cancellation) now goes through them.
--
--   pending ---request---> requested ---accept---> confirmed ---complete---> completed --review-->
--      |                      |  \---decline---> declined           |
--      |                      |  \---expire----> expired            +--cancel_by_guest / cancel_by_host--> cancelled
--      |                      \---cancel_by_guest---> cancelled
--      \-------pay---------> confirmed
--
-- 'pending' is the traveller's draft of a stay (the checkout's row, written by the traveller):
-- not yet part of the lifecycle, so the first event's from_state is null. 'requested',
-- 'confirmed' and 'completed' hold their nights: the exclusion constraint and every availability
-- check count them, so two travellers can never both be accepted for one night.
--
-- Money follows the events (the edge functions move it, the database decides first):
--   request   the card is authorised and held (Payments.status 'authorised')
--   accept    the hold is captured ('successful')
--   decline, expire, cancel_by_guest of a request: the hold is released ('released'; released_at
--             once the processor has cancelled it, take_holds_to_release lists those still owed)
--   pay       an instant booking is charged at once ('successful', as before)
--   cancel_by_guest / cancel_by_host of a confirmed stay: refunded (the policy's share / all)
-- Check-in is not an event: the trips page derives CURRENT from the dates and nothing happens at
-- the door. Pay-out is not one yet: earnings are computed, no payout is made.
--
-- The lifecycle's "now" is public.app_now(): now() plus the test clock's offset, which only the
-- service role sets, and only when the backend that runs the database allowed it (TEST_CLOCK=1,
-- backend/src/config.ts); a hosted project has no such backend, so its clock never moves.

-- The test clock ------------------------------------------------------------------------------

create table private.test_clock (
  only_row boolean primary key default true check (only_row),
  -- Set by the local backend at every start from its TEST_CLOCK setting: off unless allowed.
  allowed boolean not null default false,
  clock_offset interval not null default interval '0'
);
insert into private.test_clock default values;

create function public.app_now() returns timestamptz
  language sql stable security definer set search_path = ''
as $$
  select now() + coalesce((select c.clock_offset from private.test_clock as c where c.allowed), interval '0')
$$;
grant execute on function public.app_now() to anon, authenticated, service_role;

-- Moves the lifecycle's now to now() + p_offset_seconds (0 puts it back). Service role only, and
-- refused unless the backend allowed a test clock.
create function public.set_test_clock(p_offset_seconds bigint) returns timestamptz
  language plpgsql security definer set search_path = ''
as $$
begin
  if not coalesce((select c.allowed from private.test_clock as c), false) then
    raise exception 'the test clock is off (the backend allows it only with TEST_CLOCK=1)'
      using errcode = '42501', hint = 'test_clock_off';
  end if;
  update private.test_clock set clock_offset = make_interval(secs => p_offset_seconds);
  return public.app_now();
end
$$;
revoke all on function public.set_test_clock(bigint) from public, anon, authenticated;
grant execute on function public.set_test_clock(bigint) to service_role;

-- States and transitions ------------------------------------------------------------------------

alter table public."Bookings" drop constraint "Bookings_status_check";
alter table public."Bookings" add constraint "Bookings_status_check"
  check (status in ('pending', 'requested', 'confirmed', 'completed', 'declined', 'expired', 'cancelled'));

create table private.booking_transitions (
  event text not null,
  from_state text not null,
  to_state text not null,
  -- who may cause it: the traveller, the host, either of them ('party') or the system (a timer)
  actor text not null check (actor in ('traveller', 'host', 'party', 'system')),
  primary key (event, from_state)
);
insert into private.booking_transitions (event, from_state, to_state, actor) values
  ('request', 'pending', 'requested', 'traveller'),
  ('pay', 'pending', 'confirmed', 'traveller'),
  ('accept', 'requested', 'confirmed', 'host'),
  ('decline', 'requested', 'declined', 'host'),
  ('expire', 'requested', 'expired', 'system'),
  ('cancel_by_guest', 'requested', 'cancelled', 'traveller'),
  ('cancel_by_guest', 'confirmed', 'cancelled', 'traveller'),
  ('cancel_by_host', 'confirmed', 'cancelled', 'host'),
  ('complete', 'confirmed', 'completed', 'system'),
  ('review', 'completed', 'completed', 'party');

-- The lifecycle as one JSON value, for the generated TypeScript (backend/scripts/gen-booking-lifecycle.ts).
create function private.booking_lifecycle() returns jsonb
  language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'states', (select jsonb_agg(c.state order by c.state) from (
      select 'pending' as state union select from_state from private.booking_transitions
      union select to_state from private.booking_transitions) as c),
    'transitions', (select jsonb_agg(jsonb_build_object('event', t.event, 'from', t.from_state, 'to', t.to_state, 'actor', t.actor)
                                     order by t.event, t.from_state) from private.booking_transitions as t)
  )
$$;

alter table public."Bookings"
  -- Set by the request: the host answers before it, or the request expires.
  add column request_expires_at timestamptz;

alter table public."Payments"
  -- When a held card's authorisation was cancelled at the processor (status 'released').
  add column released_at timestamptz,
  add constraint payments_status check (status in ('authorised', 'successful', 'released'));

-- The events -----------------------------------------------------------------------------------

create table public.booking_events (
  id bigint generated always as identity primary key,
  booking_id bigint not null references public."Bookings" (id) on delete cascade,
  event text not null,
  from_state text,
  to_state text not null,
  actor uuid,
  at timestamptz not null default now(),
  detail jsonb not null default '{}'
);
create index booking_events_booking_idx on public.booking_events (booking_id, id);
alter table public.booking_events enable row level security;
revoke all on table public.booking_events from public, anon, authenticated, service_role;
grant select on table public.booking_events to authenticated, service_role;
-- (The host cannot read the traveller's "Bookings" row under its policies: the check runs as owner.)
create function private.is_booking_party(p_booking_id bigint) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select auth.uid() is not null and exists (
    select 1 from public."Bookings" as b
    where b.id = p_booking_id
      and (b.user_id = auth.uid()
           or exists (select 1 from public.hosted_rooms as h where h.room_id = b.room_id and h.host_id = auth.uid()))
  )
$$;
revoke all on function private.is_booking_party(bigint) from public;
grant execute on function private.is_booking_party(bigint) to authenticated;
create policy "Travellers and hosts read their bookings' events" on public.booking_events
  for select to authenticated
  using (private.is_booking_party(booking_id));

-- The one writer of "Bookings".status: p_event from the booking's state, as the table allows.
create function private.booking_transition(p_booking_id bigint, p_event text, p_actor uuid, p_detail jsonb default '{}')
  returns public."Bookings"
  language plpgsql security definer set search_path = ''
as $$
declare
  booking public."Bookings";
  previous text;
  next_state text;
begin
  select * into booking from public."Bookings" as b where b.id = p_booking_id for update;
  if not found then
    raise exception 'no booking %', p_booking_id using errcode = 'P0002', hint = 'booking_not_found';
  end if;
  previous := booking.status;
  select t.to_state into next_state from private.booking_transitions as t
  where t.event = p_event and t.from_state = booking.status;
  if not found then
    raise exception 'booking % is %: % is not allowed', p_booking_id, booking.status, p_event
      using errcode = '55000', hint = 'illegal_transition';
  end if;
  if next_state <> booking.status then
    update public."Bookings" as b set status = next_state where b.id = p_booking_id returning * into booking;
  end if;
  insert into public.booking_events (booking_id, event, from_state, to_state, actor, at, detail)
  values (p_booking_id, p_event, nullif(previous, 'pending'), next_state, p_actor, public.app_now(), coalesce(p_detail, '{}'));
  return booking;
end
$$;
revoke all on function private.booking_transition(bigint, text, uuid, jsonb) from public;

-- Instant or on request, per listing -----------------------------------------------------------

-- Hosted places choose; the seed catalogue (no hosted_rooms row) books instantly.
alter table public.hosted_rooms add column instant_book boolean not null default true;

create function public.room_books_instantly(p_room_id bigint) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce((select h.instant_book from public.hosted_rooms as h where h.room_id = p_room_id), true)
$$;
grant execute on function public.room_books_instantly(bigint) to anon, authenticated, service_role;

create function public.set_instant_book(p_room_id bigint, p_instant boolean) returns boolean
  language plpgsql security definer set search_path = ''
as $$
begin
  if p_instant is null then
    raise exception 'instant must be true or false' using errcode = '22023';
  end if;
  perform public.lock_hosted_room(p_room_id);
  update public.hosted_rooms as h set instant_book = p_instant, updated_at = now() where h.room_id = p_room_id;
  return p_instant;
end
$$;
revoke all on function public.set_instant_book(bigint, boolean) from public, anon;
grant execute on function public.set_instant_book(bigint, boolean) to authenticated;

-- Held nights ------------------------------------------------------------------------------------

-- A request holds its nights as a confirmed stay does: no second traveller can be accepted for them.
alter table public."Bookings" drop constraint bookings_no_overlapping_confirmed;
alter table public."Bookings" add constraint bookings_no_overlapping_stays
  exclude using gist (room_id with =, daterange("startDate", "endDate", '[)') with &&)
  where (status in ('requested', 'confirmed', 'completed'));

drop trigger bookings_confirm_check on public."Bookings";
create trigger bookings_confirm_check
  before insert or update of status, room_id, "startDate", "endDate" on public."Bookings"
  for each row when (new.status in ('requested', 'confirmed'))
  execute function public.bookings_confirm_check();

-- The event functions ------------------------------------------------------------------------------
-- Called by the edge functions with the service role, for the user they verified (p_actor), as
-- begin_booking_cancellation is: the money step follows each of them there.

-- Locks the booking and checks that p_actor is its room's host (42501 otherwise).
create function private.hosts_booking(p_booking_id bigint, p_actor uuid) returns public."Bookings"
  language plpgsql security definer set search_path = ''
as $$
declare
  booking public."Bookings";
begin
  select * into booking from public."Bookings" as b where b.id = p_booking_id for update;
  if not found or p_actor is null or not exists (
    select 1 from public.hosted_rooms as h where h.room_id = booking.room_id and h.host_id = p_actor
  ) then
    raise exception 'booking % is not of a place you host', p_booking_id using errcode = '42501', hint = 'not_your_booking';
  end if;
  return booking;
end
$$;
revoke all on function private.hosts_booking(bigint, uuid) from public;

-- The hold's payment of a booking, as the event leaves it.
create function private.set_hold(p_booking_id bigint, p_status text) returns public."Payments"
  language sql security definer set search_path = ''
as $$
  update public."Payments" as p set status = p_status where p.booking_id = p_booking_id and p.status = 'authorised'
  returning p.*
$$;
revoke all on function private.set_hold(bigint, text) from public;

-- accept: the host takes the request before it expires; the edge function then captures the hold.
create function public.accept_booking_request(p_booking_id bigint, p_host uuid) returns public."Payments"
  language plpgsql security definer set search_path = ''
as $$
declare
  booking public."Bookings" := private.hosts_booking(p_booking_id, p_host);
begin
  if booking.status = 'requested' and booking.request_expires_at <= public.app_now() then
    raise exception 'the request of booking % expired at %', p_booking_id, booking.request_expires_at
      using errcode = '55000', hint = 'request_expired';
  end if;
  perform private.booking_transition(p_booking_id, 'accept', p_host);
  return private.set_hold(p_booking_id, 'successful');
end
$$;

-- decline: the host says no; the edge function then releases the hold.
create function public.decline_booking_request(p_booking_id bigint, p_host uuid) returns public."Payments"
  language plpgsql security definer set search_path = ''
as $$
begin
  perform private.hosts_booking(p_booking_id, p_host);
  perform private.booking_transition(p_booking_id, 'decline', p_host);
  return private.set_hold(p_booking_id, 'released');
end
$$;

-- cancel_by_guest of a request: the traveller withdraws it; the hold is released.
create function public.cancel_booking_request(p_booking_id bigint, p_traveller uuid) returns public."Payments"
  language plpgsql security definer set search_path = ''
as $$
declare
  booking public."Bookings";
begin
  select * into booking from public."Bookings" as b where b.id = p_booking_id for update;
  if not found or booking.user_id is distinct from p_traveller then
    raise exception 'no trip % for this user', p_booking_id using errcode = 'P0001', hint = 'trip_not_found';
  end if;
  if booking.status <> 'requested' then
    raise exception 'booking % is %: only a request is withdrawn this way', p_booking_id, booking.status
      using errcode = '55000', hint = 'illegal_transition';
  end if;
  perform private.booking_transition(p_booking_id, 'cancel_by_guest', p_traveller);
  return private.set_hold(p_booking_id, 'released');
end
$$;

-- cancel_by_host: the host cancels a confirmed stay before its check-in day; the traveller gets
-- everything back (the edge function refunds what this records as owed).
create function public.begin_host_cancellation(p_booking_id bigint, p_host uuid) returns public."Payments"
  language plpgsql security definer set search_path = ''
as $$
declare
  booking public."Bookings" := private.hosts_booking(p_booking_id, p_host);
  payment public."Payments";
begin
  if booking.status = 'confirmed' and booking."startDate" <= (public.app_now() at time zone 'UTC')::date then
    raise exception 'the stay of booking % has begun', p_booking_id using errcode = 'P0001', hint = 'stay_started';
  end if;
  perform private.booking_transition(p_booking_id, 'cancel_by_host', p_host);
  update public."Payments" as p
  set cancelled_at = public.app_now(), refund_amount = p.amount
  where p.booking_id = p_booking_id and p.status = 'successful'
  returning p.* into payment;
  return payment;
end
$$;

-- expire: every request whose host did not answer in time (the backend's timer, or a test clock).
create function public.expire_booking_requests() returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  overdue bigint;
  expired integer := 0;
begin
  for overdue in
    select b.id from public."Bookings" as b
    where b.status = 'requested' and b.request_expires_at <= public.app_now()
    order by b.id
    for update skip locked
  loop
    perform private.booking_transition(overdue, 'expire', null);
    perform private.set_hold(overdue, 'released');
    expired := expired + 1;
  end loop;
  return expired;
end
$$;

-- complete: every confirmed stay whose checkout day has passed.
create function public.complete_due_stays() returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  due bigint;
  completed integer := 0;
begin
  for due in
    select b.id from public."Bookings" as b
    where b.status = 'confirmed' and b."endDate" < (public.app_now() at time zone 'UTC')::date
    order by b.id
    for update skip locked
  loop
    perform private.booking_transition(due, 'complete', null);
    completed := completed + 1;
  end loop;
  return completed;
end
$$;

-- The holds given back (declined, expired or withdrawn) that the processor has not yet cancelled,
-- and the record that it has: the edge functions release a hold right after its event, and
-- release-holds sweeps what a failure left.
create function public.take_holds_to_release() returns setof public."Payments"
  language sql stable security definer set search_path = ''
as $$
  select * from public."Payments" as p where p.status = 'released' and p.released_at is null order by p.created_at limit 100
$$;

create function public.record_hold_released(p_payment_id text) returns public."Payments"
  language sql security definer set search_path = ''
as $$
  update public."Payments" as p set released_at = coalesce(p.released_at, now())
  where p.id = p_payment_id and p.status = 'released'
  returning p.*
$$;

do $$
declare
  f text;
begin
  foreach f in array array[
    'public.accept_booking_request(bigint, uuid)', 'public.decline_booking_request(bigint, uuid)',
    'public.cancel_booking_request(bigint, uuid)', 'public.begin_host_cancellation(bigint, uuid)',
    'public.expire_booking_requests()', 'public.complete_due_stays()', 'public.take_holds_to_release()',
    'public.record_hold_released(text)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end
$$;

-- review: a review of a stay (either side) is an event of its booking; a stay reviewed before the
-- timer completed it is completed first.
create function private.booking_reviewed() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.booking_id is null then
    return null;
  end if;
  if (select b.status from public."Bookings" as b where b.id = new.booking_id) = 'confirmed' then
    perform private.booking_transition(new.booking_id, 'complete', null);
  end if;
  perform private.booking_transition(new.booking_id, 'review', new.author_id, jsonb_build_object('kind', new.kind));
  return null;
end
$$;
revoke all on function private.booking_reviewed() from public;
create trigger reviews_booking_event after insert on public.reviews
  for each row execute function private.booking_reviewed();

-- The readers and writers that knew only confirmed stays ------------------------------------------

-- confirm_booking_payment: the paid (or, p_held, the authorised) stay becomes the 'pay' (or 'request')
-- event. A held card is for a listing on request only, a captured one for an instant listing only:
-- a host who changed the mode between the quote and the payment gets terms_changed (the money goes back).
drop function public.confirm_booking_payment(bigint, text, bigint, uuid, public.stay_request, text, text, jsonb, text);
CREATE FUNCTION public.confirm_booking_payment(p_booking_id bigint, p_stripe_payment_intent_id text, p_amount_cents bigint, p_user_id uuid, p_stay public.stay_request, p_cancellation_policy text, p_customer_name text DEFAULT ''::text, p_address jsonb DEFAULT NULL::jsonb, p_payment_id text DEFAULT NULL::text, p_held boolean DEFAULT false) RETURNS public."Payments"
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
     or booking.status not in ('pending', 'requested', 'confirmed') then
    raise exception 'booking % is not the pending booking this payment is for', p_booking_id
      using errcode = 'P0001', hint = 'booking_changed';
  end if;
  if booking.status <> 'pending' then
    raise exception 'booking % is already % by another payment', p_booking_id, booking.status
      using errcode = '23P01';
  end if;
  if p_held is distinct from not public.room_books_instantly(p_stay.room_id) then
    raise exception 'room % is no longer booked %', p_stay.room_id, case when p_held then 'on request' else 'instantly' end
      using errcode = 'P0001', hint = 'terms_changed';
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

  -- The paid stay, whatever the pending booking was changed to meanwhile; then its event, which
  -- fails with 23P01 when another held stay of this room overlaps these nights.
  update public."Bookings"
  set "startDate" = p_stay.check_in, "endDate" = p_stay.check_out, "numOfDays" = nights,
      adults = p_stay.adults, children = p_stay.children, infants = p_stay.infants, pets = p_stay.pets,
      request_expires_at = case when p_held then public.app_now() + interval '24 hours' end
  where id = booking.id;
  perform private.booking_transition(booking.id, case when p_held then 'request' else 'pay' end, booking.user_id,
                                     jsonb_build_object('payment_intent', p_stripe_payment_intent_id, 'amount_cents', p_amount_cents));

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
    booking.user_id, 'usd', p_stay.room_id, p_stay.check_in, p_stay.check_out, nights, 'card',
    case when p_held then 'authorised' else 'successful' end,
    p_stripe_payment_intent_id,
    left(coalesce(nullif(btrim(p_customer_name), ''), booking.guest), 200), p_address, booking.id,
    booking.session_id
  )
  returning * into payment;

  return payment;
end
$$;
revoke all on function public.confirm_booking_payment(bigint, text, bigint, uuid, public.stay_request, text, text, jsonb, text, boolean) from public, anon, authenticated;
grant execute on function public.confirm_booking_payment(bigint, text, bigint, uuid, public.stay_request, text, text, jsonb, text, boolean) to service_role;

-- function begin_booking_cancellation(text, uuid, bigint) (schema public)
CREATE OR REPLACE FUNCTION public.begin_booking_cancellation(p_payment_id text, p_user_id uuid, p_refund_cents bigint) RETURNS public."Payments"
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  payment public."Payments";
begin
  select * into payment from public."Payments" as p where p.id = p_payment_id for update;
  if not found or payment.user_id is distinct from p_user_id then
    raise exception 'no trip % for this user', p_payment_id using errcode = 'P0001', hint = 'trip_not_found';
  end if;
  if payment.cancelled_at is not null then
    return payment;
  end if;
  if payment.status <> 'successful' then
    raise exception 'trip % is not paid (%): a request is withdrawn by cancel_booking_request', p_payment_id, payment.status
      using errcode = '55000', hint = 'illegal_transition';
  end if;
  if payment."startDate" <= (public.app_now() at time zone 'UTC')::date then
    raise exception 'the stay of % has begun', p_payment_id using errcode = 'P0001', hint = 'stay_started';
  end if;
  if p_refund_cents is null or p_refund_cents < 0 or p_refund_cents > round(payment.amount * 100) then
    raise exception 'refund % is out of bounds', p_refund_cents using errcode = 'P0001', hint = 'refund_out_of_bounds';
  end if;

  perform private.booking_transition(payment.booking_id, 'cancel_by_guest', p_user_id,
                                     jsonb_build_object('refund_cents', p_refund_cents));
  update public."Payments"
  set cancelled_at = public.app_now(), refund_amount = round(p_refund_cents::numeric / 100, 2)
  where id = payment.id
  returning * into payment;
  return payment;
end
$$;

-- function room_booked_ranges(bigint) (schema public)
CREATE OR REPLACE FUNCTION public.room_booked_ranges(room_id bigint) RETURNS TABLE(start_date date, end_date date)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select t.start_date, t.end_date
  from (
    select b."startDate" as start_date, b."endDate" as end_date
    from public."Bookings" as b
    where b.room_id = room_booked_ranges.room_id and b.status in ('requested', 'confirmed', 'completed')
    union all
    select d.start_date, d.end_date
    from public.room_blocked_dates as d
    where d.room_id = room_booked_ranges.room_id
  ) as t
  order by t.start_date
$$;

-- function unavailable_room_ids(date, date, integer) (schema search)
CREATE OR REPLACE FUNCTION search.unavailable_room_ids(check_in date, check_out date, stay_nights integer) RETURNS SETOF bigint
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
    SET search_path TO ''
    AS $$
  with w as (
    select s, greatest(coalesce(check_out, check_in + 1), s + 1) as e
    from (select coalesce(check_in, check_out - 1) as s) as first_night
    where s is not null
  ),
  taken as (
    select b.room_id, b."startDate" as start_date, b."endDate" as end_date
    from public."Bookings" as b
    where b.status in ('requested', 'confirmed', 'completed')
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

-- function room_blocked_dates_check() (schema public)
CREATE OR REPLACE FUNCTION public.room_blocked_dates_check() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- (auth.role(), not current_user: this function runs as its owner)
  if auth.role() in ('anon', 'authenticated') and not public.stay_in_calendar(new.start_date, new.end_date) then
    raise exception 'blocked dates must lie in the booking calendar' using errcode = '23514';
  end if;
  perform 1 from public."Rooms" as r where r.id = new.room_id for no key update;
  if exists (
    select 1 from public."Bookings" as b
    where b.room_id = new.room_id and b.status in ('requested', 'confirmed', 'completed')
      and daterange(b."startDate", b."endDate", '[)') && daterange(new.start_date, new.end_date, '[)')
  ) then
    raise exception 'these nights are booked' using errcode = '23P01', hint = 'nights_booked';
  end if;
  return new;
end
$$;

-- function sees_exact_location(bigint) (schema private)
CREATE OR REPLACE FUNCTION private.sees_exact_location(p_room_id bigint) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select auth.uid() is not null and (
    exists (select 1 from public.hosted_rooms as h where h.room_id = p_room_id and h.host_id = auth.uid())
    or exists (
      select 1
      from public."Bookings" as b
      join public."Payments" as p on p.booking_id = b.id
      where b.room_id = p_room_id and b.user_id = auth.uid() and b.status in ('confirmed', 'completed')
        and p.room_id = p_room_id and p.user_id = auth.uid() and p.cancelled_at is null
        and not (b.session_id is distinct from public.booking_session_scope())
    )
  )
$$;

-- function reviewable_stays() (schema public)
CREATE OR REPLACE FUNCTION public.reviewable_stays() RETURNS TABLE(booking_id bigint, room_id bigint, room_title text, side text, guest_name text, start_date date, end_date date, review_until date, my_review_published_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with stays as (
    select b.*, 'stay'::text as side from public."Bookings" as b
    where b.user_id = auth.uid() and b.session_id is not distinct from public.booking_session_scope()
    union all
    select b.*, 'guest' from public."Bookings" as b
    join public.hosted_rooms as h on h.room_id = b.room_id and h.host_id = auth.uid()
  )
  select s.id, s.room_id, r."house-title", s.side,
         coalesce(nullif(split_part(btrim(u.raw_user_meta_data ->> 'name'), ' ', 1), ''), 'Guest'),
         s."startDate", s."endDate", public.review_deadline(s."endDate"),
         (select v.published_at from public.reviews as v where v.booking_id = s.id and v.kind = s.side)
  from stays as s
  join public."Rooms" as r on r.id = s.room_id
  left join auth.users as u on u.id = s.user_id
  where s.status in ('confirmed', 'completed')
    and exists (select 1 from public."Payments" as p where p.booking_id = s.id)
    and (public.app_now() at time zone 'UTC')::date > s."endDate"
    and (public.app_now() at time zone 'UTC')::date <= public.review_deadline(s."endDate")
  order by s."endDate" desc, s.id
$$;

-- function reviews_check_stay() (schema public)
CREATE OR REPLACE FUNCTION public.reviews_check_stay() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public."Bookings";
  today date := (public.app_now() at time zone 'UTC')::date;
begin
  if new.booking_id is null then
    return new;
  end if;
  select * into b from public."Bookings" as x where x.id = new.booking_id;
  if b.id is null or b.status not in ('confirmed', 'completed')
     or not exists (select 1 from public."Payments" as p where p.booking_id = b.id) then
    raise exception 'a review needs a paid, confirmed stay' using errcode = '23514';
  end if;
  if new.room_id <> b.room_id then
    raise exception 'a review is of its booking''s room' using errcode = '23514';
  end if;
  if today <= b."endDate" then
    raise exception 'a stay is reviewed after checkout' using errcode = '23514';
  end if;
  if today > public.review_deadline(b."endDate") then
    raise exception 'the review window has closed' using errcode = '23514';
  end if;
  if new.kind = 'stay' and new.author_id is distinct from b.user_id then
    raise exception 'only the guest reviews the stay' using errcode = '23514';
  end if;
  if new.kind = 'guest' and (
    new.subject_id is distinct from b.user_id
    or not exists (select 1 from public.hosted_rooms as h where h.room_id = b.room_id and h.host_id = new.author_id)
  ) then
    raise exception 'only the host reviews the guest' using errcode = '23514';
  end if;
  return new;
end
$$;

-- function start_conversation(bigint, bigint) (schema public)
CREATE OR REPLACE FUNCTION public.start_conversation(p_room_id bigint, p_booking_id bigint DEFAULT NULL::bigint) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me uuid := private.messaging_user();
  hosted public.hosted_rooms;
  booking public."Bookings";
  conversation_id bigint;
begin
  select * into hosted from public.hosted_rooms as h where h.room_id = p_room_id;
  if p_booking_id is null then
    if not found or hosted.status <> 'published' then
      raise exception 'this place has no host to contact' using errcode = 'PT404';
    end if;
    if hosted.host_id = me then
      raise exception 'this is your own place' using errcode = '42501';
    end if;
    select c.id into conversation_id from public.conversations as c
      where c.room_id = p_room_id and c.guest_id = me and c.booking_id is null;
    if found then
      return conversation_id;
    end if;
    perform pg_advisory_xact_lock(hashtextextended('inquiries:' || me::text, 0));
    if (select count(*) from public.conversations as c
        where c.guest_id = me and c.booking_id is null and c.created_at > now() - interval '1 day') >= 20 then
      raise exception 'too many new conversations today' using errcode = 'PT429', hint = 'rate_limited';
    end if;
    insert into public.conversations (room_id, guest_id, host_id)
      values (p_room_id, me, hosted.host_id)
      on conflict (room_id, guest_id) where booking_id is null do nothing
      returning id into conversation_id;
    if conversation_id is null then
      select c.id into conversation_id from public.conversations as c
        where c.room_id = p_room_id and c.guest_id = me and c.booking_id is null;
    end if;
    return conversation_id;
  end if;

  select * into booking from public."Bookings" as b
    where b.id = p_booking_id and b.room_id = p_room_id and b.status in ('requested', 'confirmed', 'completed');
  if booking.id is null or hosted.room_id is null or me not in (booking.user_id, hosted.host_id) or booking.user_id = hosted.host_id then
    raise exception 'no such booking of yours' using errcode = 'PT404';
  end if;
  insert into public.conversations (room_id, guest_id, host_id, booking_id)
    values (p_room_id, booking.user_id, hosted.host_id, booking.id)
    on conflict (booking_id) do nothing
    returning id into conversation_id;
  if conversation_id is null then
    select c.id into conversation_id from public.conversations as c where c.booking_id = booking.id;
  end if;
  return conversation_id;
end
$$;

-- function host_earnings() (schema public)
CREATE OR REPLACE FUNCTION public.host_earnings() RETURNS TABLE(booking_id bigint, room_id bigint, room_title text, guest_name text, start_date date, end_date date, nights integer, amount numeric, refunded numeric, nightly_usd integer, cancelled boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select b.id, b.room_id, r."house-title",
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate", b."numOfDays", p.amount, coalesce(p.refund_amount, 0),
         p.nightly_usd, b.status = 'cancelled'
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  join public."Bookings" as b on b.room_id = h.room_id and b.status in ('confirmed', 'completed', 'cancelled')
  join public."Payments" as p on p.booking_id = b.id
  left join auth.users as u on u.id = b.user_id
  where h.host_id = auth.uid()
    and p.status = 'successful'
    and p.amount > coalesce(p.refund_amount, 0)
  order by b."startDate", b.id
$$;

-- host_reservations: the confirmed stays and the open requests (with the time the host has to answer).
drop function public.host_reservations();
CREATE FUNCTION public.host_reservations() RETURNS TABLE(booking_id bigint, room_id bigint, room_title text, guest_name text, start_date date, end_date date, nights integer, total numeric, currency text, status text, request_expires_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The name on the card, else the account's name; never the guest-count label ('2 guests') that
  -- Payments."Guest" falls back to.
  select b.id, b.room_id, r."house-title",
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate", b."numOfDays", p.amount, p.currency, b.status, b.request_expires_at
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  join public."Bookings" as b on b.room_id = h.room_id and (b.status = 'confirmed' or (b.status = 'requested' and b.request_expires_at > public.app_now()))
  join public."Payments" as p on p.booking_id = b.id
  left join auth.users as u on u.id = b.user_id
  where h.host_id = auth.uid()
    and b."endDate" >= (public.app_now() at time zone 'UTC')::date
  order by b."startDate", b.id
$$;
revoke all on function public.host_reservations() from public, anon;
grant execute on function public.host_reservations() to authenticated;
