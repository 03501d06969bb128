-- The host's earnings in the listing's currency, their states and payouts (issue 42, item 6).
--
-- A stay's figures come from its stored quote (20261206000100_money_once.sql): the charge is the
-- quote's total in the listing's currency, the platform's part its service fee there, and a refund
-- (recorded in US dollars, the charged currency) counts as the same share of the local total, so
-- every figure is the booking's own at the rate it was charged at. private.stay_earnings is the one
-- place the fee rule lives (it moved here from shared/rules/earnings.ts): the traveller's service
-- fee plus a 3% host fee on the rest; a cancelled stay that kept part of its charge earns in
-- proportion.
--
-- States, derived from the lifecycle's clock (public.app_now()), not stored:
--   upcoming   until the day after check-in (UTC)
--   available  from the day after check-in, until paid out
--   paid       once a payout holds it (public.payout_items)
-- Check-in stays a derived state, as the trips page's CURRENT is: nothing happens at the door, and a
-- status column moved by a timer would be a second writer of the state beside the events. Pay-out is
-- an event of the lifecycle: a self-transition of a confirmed, completed or cancelled stay, recorded
-- in booking_events by private.booking_transition like every other, which stays the only writer of
-- "Bookings".status.

insert into private.booking_transitions (event, from_state, to_state, actor) values
  ('pay_out', 'confirmed', 'confirmed', 'system'),
  ('pay_out', 'completed', 'completed', 'system'),
  ('pay_out', 'cancelled', 'cancelled', 'system');

-- What a stay earns its host, in whole cents of the listing's currency (USD for a payment recorded
-- without its quote, which is then all the host's part but the host fee).
create function private.stay_earnings(p_quote jsonb, p_amount numeric, p_refunded numeric)
  returns table(currency text, charged_cents bigint, refunded_cents bigint, amount_cents bigint,
                platform_fee_cents bigint, payout_cents bigint)
  language sql immutable
  set search_path = ''
as $$
  select c.currency, c.charged, c.refunded, c.charged - c.refunded, f.platform, c.charged - c.refunded - f.platform
  from (
    select coalesce(p_quote ->> 'currency', 'USD') as currency, t.charged, t.service,
           case when p_amount > 0 then least(t.charged, round(t.charged * coalesce(p_refunded, 0) / p_amount)::bigint) else 0 end as refunded
    from (select round(coalesce((p_quote -> 'total' ->> 'local')::numeric, p_amount) * 100)::bigint as charged,
                 round(coalesce((p_quote -> 'service_fee' ->> 'local')::numeric, 0) * 100)::bigint as service) as t
  ) as c,
  lateral (
    select case when c.charged = 0 then 0::bigint
                else floor((least(c.charged, c.service) + floor((c.charged - least(c.charged, c.service)) * 3 / 100))
                           * (c.charged - c.refunded) / c.charged)::bigint end as platform
  ) as f
$$;
revoke all on function private.stay_earnings(jsonb, numeric, numeric) from public;

-- Payouts: one per host and currency per run, holding the stays it paid; a stay is in one payout at
-- most (the primary key), so nothing is paid twice.
create table public.payouts (
  id bigint generated always as identity primary key,
  host_id uuid not null references auth.users (id) on delete cascade,
  currency text not null,
  amount_cents bigint not null check (amount_cents >= 0),
  created_at timestamptz not null
);
create index payouts_host_idx on public.payouts (host_id, id);
create table public.payout_items (
  booking_id bigint primary key references public."Bookings" (id) on delete cascade,
  payout_id bigint not null references public.payouts (id) on delete cascade,
  amount_cents bigint not null check (amount_cents >= 0)
);
create index payout_items_payout_idx on public.payout_items (payout_id);
alter table public.payouts enable row level security;
alter table public.payout_items enable row level security;
revoke all on table public.payouts, public.payout_items from public, anon, authenticated, service_role;
grant select on table public.payouts, public.payout_items to service_role;

-- The stays a host's earnings list: paid, not wholly refunded, with their figures and state.
create function private.host_stays()
  returns table(booking_id bigint, host_id uuid, room_id bigint, room_title text, guest_name text, start_date date,
                end_date date, nights integer, amount numeric, refunded numeric, quote jsonb, cancelled boolean,
                currency text, amount_cents bigint, refunded_cents bigint, platform_fee_cents bigint,
                payout_cents bigint, state text, paid_at timestamptz)
  language sql stable security definer
  set search_path = ''
as $$
  select b.id, h.host_id, b.room_id, r."house-title",
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate", b."numOfDays", p.amount, coalesce(p.refund_amount, 0),
         b.quote, b.status = 'cancelled',
         e.currency, e.amount_cents, e.refunded_cents, e.platform_fee_cents, e.payout_cents,
         case when po.id is not null then 'paid'
              when b."startDate" < (public.app_now() at time zone 'UTC')::date then 'available'
              else 'upcoming' end,
         po.created_at
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  join public."Bookings" as b on b.room_id = h.room_id and b.status in ('confirmed', 'completed', 'cancelled')
  join public."Payments" as p on p.booking_id = b.id
  cross join lateral private.stay_earnings(b.quote, p.amount, coalesce(p.refund_amount, 0)) as e
  left join auth.users as u on u.id = b.user_id
  left join public.payout_items as i on i.booking_id = b.id
  left join public.payouts as po on po.id = i.payout_id
  where p.status = 'successful'
    and p.amount > coalesce(p.refund_amount, 0)
$$;
revoke all on function private.host_stays() from public;

drop function public.host_earnings();
create function public.host_earnings()
  returns table(booking_id bigint, room_id bigint, room_title text, guest_name text, start_date date, end_date date,
                nights integer, cancelled boolean, currency text, amount_cents bigint, refunded_cents bigint,
                platform_fee_cents bigint, payout_cents bigint, state text, paid_at timestamptz)
  language sql stable security definer
  set search_path = ''
as $$
  select s.booking_id, s.room_id, s.room_title, s.guest_name, s.start_date, s.end_date, s.nights, s.cancelled,
         s.currency, s.amount_cents, s.refunded_cents, s.platform_fee_cents, s.payout_cents, s.state, s.paid_at
  from private.host_stays() as s
  where s.host_id = auth.uid()
  order by s.start_date, s.booking_id
$$;
revoke all on function public.host_earnings() from public;
grant execute on function public.host_earnings() to authenticated;

-- Pays every available, unpaid stay's host share: one payout per host and currency, each stay's
-- pay_out event, and a payout_sent notification (and mail) to the host. Runs one at a time (an
-- advisory lock for the transaction): a concurrent call waits, then finds the stays paid. The
-- number of payouts made.
create function public.pay_out_available() returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  stay record;
  payout public.payouts;
  made public.payouts[] := '{}';
begin
  perform pg_advisory_xact_lock(hashtext('public.pay_out_available'));
  for stay in
    select s.booking_id, s.host_id, s.currency, s.payout_cents
    from private.host_stays() as s
    where s.state = 'available'
    order by s.host_id, s.currency, s.booking_id
  loop
    if payout.id is null or payout.host_id <> stay.host_id or payout.currency <> stay.currency then
      if payout.id is not null then made := made || payout; end if;
      insert into public.payouts (host_id, currency, amount_cents, created_at)
        values (stay.host_id, stay.currency, 0, public.app_now()) returning * into payout;
    end if;
    insert into public.payout_items (booking_id, payout_id, amount_cents) values (stay.booking_id, payout.id, stay.payout_cents);
    update public.payouts as p set amount_cents = p.amount_cents + stay.payout_cents
      where p.id = payout.id returning * into payout;
    perform private.booking_transition(stay.booking_id, 'pay_out', null,
      jsonb_build_object('payout_id', payout.id, 'amount_cents', stay.payout_cents, 'currency', stay.currency));
  end loop;
  if payout.id is not null then made := made || payout; end if;
  for payout in select * from unnest(made) loop
    perform private.notify(payout.host_id, 'payout_sent', null, jsonb_build_object(
      'payout_amount', payout.amount_cents / 100.0, 'payout_currency', payout.currency, 'payout_id', payout.id));
  end loop;
  return cardinality(made);
end
$$;
revoke all on function public.pay_out_available() from public, anon, authenticated;
grant execute on function public.pay_out_available() to service_role;
