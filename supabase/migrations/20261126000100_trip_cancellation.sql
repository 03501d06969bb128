-- Trips a traveller can read in full and cancel (issue 16, the travellers' half).
--
-- 1. Every listing states a cancellation policy: 'moderate' unless a row of
--    room_cancellation_policies says otherwise, which says what the listing page always said
--    ("free cancellation 48 hours"). A table beside "Rooms" rather than a column of it: "Rooms"
--    keeps exactly the spec's columns (select=* and search_rooms, which returns its rows, give
--    those). The rule itself is shared/src/rules/cancellation.ts; the cancel-booking edge
--    function applies it through its generated copy.
-- 2. A payment keeps what its receipt and its cancellation depend on as they were when it was
--    recorded: the listing's policy and the nightly USD rate it was charged at (a trigger copies
--    them from the room), so a host changing either later changes no trip already paid for.
-- 3. Cancelling is two server steps around the refund at the processor:
--      begin_booking_cancellation  decides once, under the payment's row lock: only the payer's
--                                  own trip, only before its check-in day; marks the booking
--                                  cancelled (its nights are free at once: every availability
--                                  check counts only confirmed bookings) and records the refund
--                                  owed. Repeated or concurrent calls answer that first decision.
--      (the function refunds at the processor with an idempotency key made from the payment id)
--      record_cancellation_refund  records the processor's refund id.
--    The decision is committed before any money moves, so a crash after it leaves a cancelled
--    trip whose refund is owed (refund_amount set, refund_id null), which the next call pays
--    with the same idempotency key: the money is never lost and never refunded twice.
-- 4. Travellers read these columns of their own payments through the existing policy, and write
--    none of them: Payments has no client write privilege, and the functions are the server's.

-- Policies ----------------------------------------------------------------------------------------

create table public.room_cancellation_policies (
  room_id bigint primary key references public."Rooms" (id) on delete cascade,
  policy text not null check (policy in ('flexible', 'moderate', 'strict'))
);
alter table public.room_cancellation_policies enable row level security;
revoke all on table public.room_cancellation_policies from public, anon, authenticated, service_role;
-- Public like the listing it belongs to; written only by the server.
grant select on table public.room_cancellation_policies to anon, authenticated;
grant select, insert, update, delete on table public.room_cancellation_policies to service_role;
create policy "Anyone can read cancellation policies" on public.room_cancellation_policies
  for select to anon, authenticated
  using (true);

alter table public."Payments"
  add column cancellation_policy text not null default 'moderate'
    constraint payments_cancellation_policy check (cancellation_policy in ('flexible', 'moderate', 'strict')),
  -- The nightly rate in whole US dollars (ceil(price / 83), pricing.ts's nightlyUsdPrice).
  add column nightly_usd integer check (nightly_usd > 0),
  add column cancelled_at timestamptz,
  -- In US dollars like amount; set with cancelled_at (0 when the policy gives nothing back).
  add column refund_amount numeric,
  -- The processor's refund (Stripe re_...); set once the money is given back.
  add column refund_id text,
  add column refunded_at timestamptz,
  add constraint payments_cancellation_consistent check (
    (cancelled_at is null) = (refund_amount is null)
    and (refund_amount is null or refund_amount between 0 and amount)
    and (refund_id is null or (refund_amount > 0 and refunded_at is not null))
  );

-- Payments recorded before this migration: the rate of the room's price today, the best there is
-- (the trip page shows the lines only when they add up to the amount charged).
update public."Payments" as p
set nightly_usd = ceil(r.price / 83)::integer
from public."Rooms" as r
where r.id = p.room_id and r.price > 0;

create function public.payments_stay_terms()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.cancellation_policy := coalesce(
    (select c.policy from public.room_cancellation_policies as c where c.room_id = new.room_id),
    'moderate'
  );
  new.nightly_usd := (select nullif(ceil(r.price / 83)::integer, 0) from public."Rooms" as r where r.id = new.room_id);
  return new;
end
$$;

create trigger payments_stay_terms
  before insert on public."Payments"
  for each row execute function public.payments_stay_terms();

-- Cancelling --------------------------------------------------------------------------------------

-- Cancels the trip paid by p_payment_id for its payer p_user_id (server only: the edge function
-- has checked the caller, and computed p_refund_cents by the payment's policy). Idempotent: a
-- trip already cancelled is answered as it is, whatever p_refund_cents says now.
-- Refusals, nothing changed:
--   P0001  hint trip_not_found: no such payment, or not this user's
--          hint stay_started: the check-in day (UTC) has come
--          hint refund_out_of_bounds: the refund is not between nothing and what was charged
create function public.begin_booking_cancellation(p_payment_id text, p_user_id uuid, p_refund_cents bigint)
  returns public."Payments"
  language plpgsql volatile security definer
  set search_path = ''
as $$
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
  if payment."startDate" <= (now() at time zone 'UTC')::date then
    raise exception 'the stay of % has begun', p_payment_id using errcode = 'P0001', hint = 'stay_started';
  end if;
  if p_refund_cents is null or p_refund_cents < 0 or p_refund_cents > round(payment.amount * 100) then
    raise exception 'refund % is out of bounds', p_refund_cents using errcode = 'P0001', hint = 'refund_out_of_bounds';
  end if;

  update public."Bookings" set status = 'cancelled' where id = payment.booking_id;
  update public."Payments"
  set cancelled_at = now(), refund_amount = round(p_refund_cents::numeric / 100, 2)
  where id = payment.id
  returning * into payment;
  return payment;
end
$$;

-- Records the processor's refund of a cancelled trip; the first id recorded stays.
create function public.record_cancellation_refund(p_payment_id text, p_refund_id text)
  returns public."Payments"
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  payment public."Payments";
begin
  update public."Payments"
  set refund_id = coalesce(refund_id, p_refund_id), refunded_at = coalesce(refunded_at, now())
  where id = p_payment_id and cancelled_at is not null and refund_amount > 0
  returning * into payment;
  if not found then
    raise exception 'payment % owes no refund', p_payment_id using errcode = 'P0001', hint = 'no_refund_owed';
  end if;
  return payment;
end
$$;

revoke execute on function
  public.payments_stay_terms(),
  public.begin_booking_cancellation(text, uuid, bigint),
  public.record_cancellation_refund(text, text)
from public, anon, authenticated;
grant execute on function
  public.begin_booking_cancellation(text, uuid, bigint),
  public.record_cancellation_refund(text, text)
to service_role;
