-- Money once (issue 42, item 3): a listing's price is an amount in its own currency, and one
-- quote function prices a stay.
--
-- 1. "Rooms".price is the nightly price in "Rooms".currency (new; a currency of the rate table).
--    The seed catalogue is in rupees (INR, the rate table's 83), as the spec has it; a hosted
--    place's price and currency are the host's own (they move here from hosted_rooms.local_price
--    and .currency, which go). The stored "dollars x 83" unit goes: "Rooms".nightly_usd (new,
--    kept by a trigger from the price, its currency and the rate table, also when a rate is
--    replaced) is the whole-dollar night every card, map pin and the search show,
--    ceil(price / per_usd) exactly (nightly_usd_at_rate).
-- 2. A listing's own fees: "Rooms".cleaning_fee (in its currency, a whole number, 0 allowed) and
--    weekly_discount / monthly_discount (whole percents, 0 to 90; 0 is none), set by the host
--    through save_listing's keys cleaning_fee, weekly_discount and monthly_discount (checked here:
--    22023 with the key as hint; a change needs the second factor, as the price does). A hosted
--    place starts with no cleaning fee. A catalogue row (inserted by the seed without one) gets
--    the spec's cleaning fee, 70% of its night in dollars rounded down, as rupees at 83: its
--    dollar figure is then exactly the spec's.
-- 3. public.quote_stay(room, check in, check out, guests) is the one price computation: the
--    listing page's price card and mobile bar, the booking page, create-payment-intent and the
--    confirmation (confirm_booking_payment) call it. It answers the line items in the listing's
--    currency and in the charged one (USD), with the rate used:
--      nights       nights x the nightly price (dollars: nights x nightly_usd)
--      discount     the monthly discount for 28 nights or more, else the weekly one for 7 or
--                   more: that percent of the nights, rounded down
--      cleaning_fee the host's fee (dollars: ceil(fee / per_usd), as the night)
--      service_fee  11% of the nights after any discount, rounded down
--      total        nights - discount + cleaning_fee + service_fee; total_cents is the charge
--    For the catalogue (no discount, INR at 83) that is the spec's figures to the cent. It runs
--    as its caller (a draft is no place to quote: the Rooms policy hides it).
-- 4. A paid booking keeps its quote ("Bookings".quote, written by confirm_booking_payment with
--    the quote it checked the amount against); the trip, the receipt, the earnings and the mails
--    read the stored items, never a recomputation. Payments.nightly_usd is copied from it.
--    checkout_charge_cents (the old SQL copy of the TypeScript rule) goes.

-- 1. The price in its currency.
alter table public."Rooms"
  add column currency text not null default 'INR' references public.currency_rates (currency) on update cascade,
  add column nightly_usd integer,
  add column cleaning_fee numeric,
  add column weekly_discount integer not null default 0,
  add column monthly_discount integer not null default 0;

-- Existing rows: a catalogue row's fee from its rupee price; a hosted place's price and currency
-- from hosted_rooms (a place without a price yet: 0, in its country's currency).
update public."Rooms" as r
set cleaning_fee = floor(ceil(r.price / 83) * 70 / 100) * 83
where not exists (select 1 from public.hosted_rooms as h where h.room_id = r.id);
update public."Rooms" as r
set cleaning_fee = 0,
    price = coalesce(h.local_price, 0),
    currency = coalesce(h.currency,
                        (select cc.currency from public.country_currencies as cc where cc.country = r.country),
                        'USD')
from public.hosted_rooms as h
where h.room_id = r.id;
update public."Rooms" as r
set nightly_usd = nullif(public.nightly_usd_at_rate(r.price, c.per_usd), 0)::integer
from public.currency_rates as c
where c.currency = r.currency;

alter table public."Rooms"
  alter column cleaning_fee set not null,
  add constraint rooms_cleaning_fee_check check (cleaning_fee >= 0 and cleaning_fee = trunc(cleaning_fee)),
  add constraint rooms_weekly_discount_check check (weekly_discount between 0 and 90),
  add constraint rooms_monthly_discount_check check (monthly_discount between 0 and 90);

alter table public.hosted_rooms drop column local_price, drop column currency;

-- The dollar night of a row, from its price and currency; a catalogue row inserted without a
-- cleaning fee (the seed's) gets the spec's: 70% of its night in dollars, rounded down.
-- (cleaning_fee is not null: a BEFORE trigger runs before that check.)
create function private.rooms_money()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  per_usd numeric := (select c.per_usd from public.currency_rates as c where c.currency = new.currency);
begin
  new.nightly_usd := nullif(public.nightly_usd_at_rate(new.price, per_usd), 0)::integer;
  if tg_op = 'INSERT' and new.cleaning_fee is null then
    new.cleaning_fee := floor(coalesce(new.nightly_usd, 0) * 70 / 100) * per_usd;
  end if;
  return new;
end
$$;
revoke all on function private.rooms_money() from public;
create trigger rooms_money before insert or update of price, currency on public."Rooms"
  for each row execute function private.rooms_money();

-- A replaced rate re-derives the dollar night of every room in that currency.
drop trigger currency_rates_reprice on public.currency_rates;
drop function private.reprice_hosted_rooms();
create function private.reprice_rooms()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public."Rooms" as r
  set nightly_usd = nullif(public.nightly_usd_at_rate(r.price, c.per_usd), 0)::integer
  from public.currency_rates as c
  where c.currency = r.currency
    and r.nightly_usd is distinct from nullif(public.nightly_usd_at_rate(r.price, c.per_usd), 0)::integer;
  return null;
end
$$;
revoke all on function private.reprice_rooms() from public;
create trigger currency_rates_reprice after insert or delete or update on public.currency_rates
  for each statement execute function private.reprice_rooms();

-- 2. The host's money terms: price, currency, cleaning fee and discounts, one save.
drop function private.save_listing_price(bigint, jsonb, jsonb);
create function private.save_listing_money(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  room public."Rooms";
  code text;
  amount numeric;
  fee numeric;
  weekly integer;
  monthly integer;
  per_usd numeric;
  key text;
  value jsonb;
begin
  select * into room from public."Rooms" as r where r.id = p_room_id;
  -- A place without a price yet has no currency chosen: its country's, unless the host says.
  code := case when room.price > 0 then room.currency end;
  amount := nullif(room.price, 0);
  fee := room.cleaning_fee;
  weekly := room.weekly_discount;
  monthly := room.monthly_discount;
  if p_fields ? 'currency' then
    value := p_fields -> 'currency';
    if jsonb_typeof(value) is distinct from 'string'
       or not exists (select 1 from public.currency_rates as c where c.currency = value #>> '{}') then
      raise exception 'currency must be a currency of the rate table' using errcode = '22023', hint = 'currency';
    end if;
    code := value #>> '{}';
  end if;
  if p_fields ? 'price' then
    value := p_fields -> 'price';
    amount := case when jsonb_typeof(value) = 'number' then (value #>> '{}')::numeric end;
    if amount is null or amount <= 0 or amount <> trunc(amount) then
      raise exception 'price must be a positive whole number' using errcode = '22023', hint = 'price';
    end if;
  end if;
  if p_fields ? 'cleaning_fee' then
    value := p_fields -> 'cleaning_fee';
    fee := case when jsonb_typeof(value) = 'number' then (value #>> '{}')::numeric end;
    if fee is null or fee < 0 or fee <> trunc(fee) then
      raise exception 'cleaning_fee must be a whole number, 0 or more' using errcode = '22023', hint = 'cleaning_fee';
    end if;
  end if;
  foreach key in array array['weekly_discount', 'monthly_discount'] loop
    if p_fields ? key then
      value := p_fields -> key;
      if jsonb_typeof(value) is distinct from 'number' or (value #>> '{}')::numeric <> trunc((value #>> '{}')::numeric)
         or (value #>> '{}')::numeric not between 0 and 90 then
        raise exception '% must be a whole percent from 0 to 90', key using errcode = '22023', hint = key;
      end if;
      if key = 'weekly_discount' then weekly := (value #>> '{}')::integer; else monthly := (value #>> '{}')::integer; end if;
    end if;
  end loop;
  code := coalesce(
    code,
    (select cc.currency from public.country_currencies as cc where cc.country = room.country),
    'USD'
  );
  -- The editor sends the terms with every save: only a change needs the second factor.
  if (amount is distinct from nullif(room.price, 0) or (room.price > 0 and code is distinct from room.currency)
      or fee is distinct from room.cleaning_fee or weekly is distinct from room.weekly_discount
      or monthly is distinct from room.monthly_discount)
     and not private.mfa_satisfied() then
    raise exception 'To change the price, log in again with the code from your authenticator app.'
      using errcode = '42501', hint = 'aal2';
  end if;
  per_usd := (select c.per_usd from public.currency_rates as c where c.currency = code);
  if public.nightly_usd_at_rate(coalesce(amount, 0), per_usd) > private.max_nightly_usd() then
    raise exception 'price must be worth at most % US dollars a night', private.max_nightly_usd()
      using errcode = '22023', hint = 'price';
  end if;
  if public.nightly_usd_at_rate(fee, per_usd) > private.max_nightly_usd() then
    raise exception 'cleaning_fee must be worth at most % US dollars', private.max_nightly_usd()
      using errcode = '22023', hint = 'cleaning_fee';
  end if;
  update public."Rooms" as r
  set price = coalesce(amount, 0), currency = code, cleaning_fee = fee,
      weekly_discount = weekly, monthly_discount = monthly
  where r.id = p_room_id;
end
$$;
revoke all on function private.save_listing_money(bigint, jsonb) from public;

create or replace function public.save_listing(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  fields jsonb := case when jsonb_typeof(p_fields) = 'object' then p_fields end;
  policy jsonb := fields -> 'cancellation_policy';
  fact_keys constant text[] := array['amenities', 'check_in_from', 'check_in_until', 'checkout_before',
                                      'pets_allowed', 'smoking_allowed', 'parties_allowed', 'check_in_method'];
  money_keys constant text[] := array['price', 'currency', 'cleaning_fee', 'weekly_discount', 'monthly_discount'];
  facts jsonb := (select jsonb_object_agg(e.key, e.value) from jsonb_each(fields) as e where e.key = any (fact_keys));
  money jsonb := (select jsonb_object_agg(e.key, e.value) from jsonb_each(fields) as e where e.key = any (money_keys));
begin
  if policy is not null then
    if jsonb_typeof(policy) is distinct from 'string' or policy #>> '{}' not in ('flexible', 'moderate', 'strict') then
      raise exception 'cancellation_policy must be flexible, moderate or strict'
        using errcode = '22023', hint = 'cancellation_policy';
    end if;
    -- A place without a row has the default policy (payments_stay_terms' 'moderate').
    if policy #>> '{}' is distinct from coalesce(
         (select c.policy from public.room_cancellation_policies as c where c.room_id = hosted.room_id), 'moderate')
       and not private.mfa_satisfied() then
      raise exception 'To change the cancellation policy, log in again with the code from your authenticator app.'
        using errcode = '42501', hint = 'aal2';
    end if;
    insert into public.room_cancellation_policies as c (room_id, policy)
    values (hosted.room_id, policy #>> '{}')
    on conflict (room_id) do update set policy = excluded.policy;
  end if;
  if facts is not null then
    perform private.save_listing_facts(hosted.room_id, facts);
  end if;
  perform private.save_listing_fields(
    p_room_id,
    coalesce(fields - 'cancellation_policy' - money_keys - fact_keys, p_fields)
  );
  if money is not null then
    perform private.save_listing_money(p_room_id, money);
  end if;
end
$$;

-- The host's own places: currency and price as the editor knows them (none before a price).
create or replace function public.my_listings()
  returns table(room_id bigint, status text, cancellation_policy text, currency text, local_price numeric, facts jsonb, room jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  select h.room_id, h.status, coalesce(c.policy, 'moderate'),
         case when r.price > 0 then r.currency end, nullif(r.price, 0),
         private.facts_json(f),
         to_jsonb(r) || case when l.room_id is null then '{}'::jsonb
                             else jsonb_build_object('house_location', l.address, 'lat', l.lat, 'lng', l.lng) end
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  left join public.room_locations as l on l.room_id = h.room_id
  left join public.room_cancellation_policies as c on c.room_id = h.room_id
  left join public.room_facts as f on f.room_id = h.room_id
  where h.host_id = auth.uid()
  order by h.created_at desc, h.room_id desc
$$;

-- 3. The quote.
create function public.quote_stay(p_room_id bigint, p_check_in date, p_check_out date, p_guests integer default 1)
  returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  room public."Rooms";
  per_usd numeric;
  nights integer := p_check_out - p_check_in;
  percent integer := 0;
  kind text;
  nights_local numeric;
  nights_usd bigint;
  discount_local numeric;
  discount_usd bigint;
  cleaning_usd bigint;
  service_local numeric;
  service_usd bigint;
  total_local numeric;
  total_usd bigint;
begin
  -- As the caller: a draft is hidden from everyone but its host.
  select * into room from public."Rooms" as r where r.id = p_room_id;
  if not found or room.nightly_usd is null then
    raise exception 'room % has no price to quote', p_room_id using errcode = '22023', hint = 'room';
  end if;
  if nights is null or nights not between 1 and 90 then
    raise exception 'a stay is 1 to 90 nights' using errcode = '22023', hint = 'dates';
  end if;
  if p_guests is null or p_guests not between 1 and room.max_guests then
    raise exception 'this place has room for 1 to % guests', room.max_guests using errcode = '22023', hint = 'guests';
  end if;
  per_usd := (select c.per_usd from public.currency_rates as c where c.currency = room.currency);
  if nights >= 28 and room.monthly_discount > 0 then
    percent := room.monthly_discount; kind := 'monthly';
  elsif nights >= 7 and room.weekly_discount > 0 then
    percent := room.weekly_discount; kind := 'weekly';
  end if;
  nights_local := room.price * nights;
  nights_usd := room.nightly_usd::bigint * nights;
  discount_local := floor(nights_local * percent / 100);
  discount_usd := floor(nights_usd * percent / 100);
  cleaning_usd := public.nightly_usd_at_rate(room.cleaning_fee, per_usd);
  service_local := floor((nights_local - discount_local) * 11 / 100);
  service_usd := floor((nights_usd - discount_usd) * 11 / 100);
  total_local := nights_local - discount_local + room.cleaning_fee + service_local;
  total_usd := nights_usd - discount_usd + cleaning_usd + service_usd;
  return jsonb_build_object(
    'room_id', room.id,
    'check_in', p_check_in,
    'check_out', p_check_out,
    'nights', nights,
    'currency', room.currency,
    'charged_currency', 'USD',
    'rate', per_usd,
    'nightly', jsonb_build_object('local', room.price, 'usd', room.nightly_usd),
    'nights_total', jsonb_build_object('local', nights_local, 'usd', nights_usd),
    'discount', jsonb_build_object('kind', kind, 'percent', percent, 'local', discount_local, 'usd', discount_usd),
    'cleaning_fee', jsonb_build_object('local', room.cleaning_fee, 'usd', cleaning_usd),
    'service_fee', jsonb_build_object('percent', 11, 'local', service_local, 'usd', service_usd),
    'total', jsonb_build_object('local', total_local, 'usd', total_usd),
    'total_cents', total_usd * 100
  );
end
$$;
-- (It runs as its caller, who needs the conversion: a pure function of its two numbers.)
grant execute on function public.nightly_usd_at_rate(numeric, numeric) to anon, authenticated;
revoke all on function public.quote_stay(bigint, date, date, integer) from public;
grant execute on function public.quote_stay(bigint, date, date, integer) to anon, authenticated, service_role;

-- 4. A paid booking keeps its quote.
alter table public."Bookings" add column quote jsonb;

drop function public.checkout_charge_cents(numeric, integer);

create or replace function public.payments_stay_terms()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.cancellation_policy := coalesce(
    (select c.policy from public.room_cancellation_policies as c where c.room_id = new.room_id),
    'moderate'
  );
  new.nightly_usd := (select (b.quote -> 'nightly' ->> 'usd')::integer from public."Bookings" as b where b.id = new.booking_id);
  return new;
end
$$;

-- The confirmation checks the amount against the quote and keeps the quote.
create or replace function public.confirm_booking_payment(p_booking_id bigint, p_stripe_payment_intent_id text, p_amount_cents bigint, p_user_id uuid, p_stay public.stay_request, p_cancellation_policy text, p_customer_name text DEFAULT ''::text, p_address jsonb DEFAULT NULL::jsonb, p_payment_id text DEFAULT NULL::text, p_held boolean DEFAULT false) RETURNS public."Payments"
  language plpgsql security definer
  set search_path = ''
as $$
declare
  payment public."Payments";
  booking public."Bookings";
  room record;
  nights integer;
  stay_quote jsonb;
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
  select r.max_guests into room from public."Rooms" as r where r.id = p_stay.room_id for no key update;
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
  -- The one price rule, as quoted to the page and the payment intent: a host's change of price,
  -- fee or discount since then makes it another amount.
  stay_quote := public.quote_stay(p_stay.room_id, p_stay.check_in, p_stay.check_out, p_stay.adults + p_stay.children);
  if p_amount_cents is distinct from (stay_quote ->> 'total_cents')::bigint then
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
      request_expires_at = case when p_held then public.app_now() + interval '24 hours' end,
      quote = stay_quote
  where id = booking.id;
  perform private.booking_transition(booking.id, case when p_held then 'request' else 'pay' end, booking.user_id,
                                     jsonb_build_object('payment_intent', p_stripe_payment_intent_id, 'amount_cents', p_amount_cents));

  -- (payments_stay_terms copies the room's policy and the quote's nightly dollars: the ones just checked.)
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

-- Bookings paid before this migration: their quote, rebuilt from what the payment stored (its
-- nightly dollars, in the rule they were charged by: cleaning 70% of a night, service 11%), in
-- dollars (no other rate was recorded).
update public."Bookings" as b
set quote = jsonb_build_object(
      'room_id', b.room_id, 'check_in', p."startDate", 'check_out', p."endDate", 'nights', p."numOfDays",
      'currency', 'USD', 'charged_currency', 'USD', 'rate', 1,
      'nightly', jsonb_build_object('local', p.nightly_usd, 'usd', p.nightly_usd),
      'nights_total', jsonb_build_object('local', n.total, 'usd', n.total),
      'discount', jsonb_build_object('kind', null, 'percent', 0, 'local', 0, 'usd', 0),
      'cleaning_fee', jsonb_build_object('local', n.cleaning, 'usd', n.cleaning),
      'service_fee', jsonb_build_object('percent', 11, 'local', n.service, 'usd', n.service),
      'total', jsonb_build_object('local', n.total + n.cleaning + n.service, 'usd', n.total + n.cleaning + n.service),
      'total_cents', (n.total + n.cleaning + n.service) * 100)
from public."Payments" as p,
     lateral (select p.nightly_usd::bigint * p."numOfDays" as total,
                     floor(p.nightly_usd * 70 / 100)::bigint as cleaning,
                     floor(p.nightly_usd::bigint * p."numOfDays" * 11 / 100)::bigint as service) as n
where p.booking_id = b.id and p.nightly_usd is not null and b.quote is null;

-- The host's earnings read the stored quote (its service fee, the platform's), not a recomputation.
drop function public.host_earnings();
create function public.host_earnings()
  returns table(booking_id bigint, room_id bigint, room_title text, guest_name text, start_date date, end_date date,
                nights integer, amount numeric, refunded numeric, quote jsonb, cancelled boolean)
  language sql stable security definer
  set search_path = ''
as $$
  select b.id, b.room_id, r."house-title",
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate", b."numOfDays", p.amount, coalesce(p.refund_amount, 0),
         b.quote, b.status = 'cancelled'
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
revoke all on function public.host_earnings() from public;
grant execute on function public.host_earnings() to authenticated;

-- search_rooms answers whole "Rooms" rows: with the new columns.
create or replace function public.search_rooms(search_text text, check_in date DEFAULT NULL::date, check_out date DEFAULT NULL::date, guests integer DEFAULT NULL::integer, stay_nights integer DEFAULT NULL::integer, box_west double precision DEFAULT NULL::double precision, box_south double precision DEFAULT NULL::double precision, box_east double precision DEFAULT NULL::double precision, box_north double precision DEFAULT NULL::double precision) RETURNS SETOF public."Rooms"
    LANGUAGE sql STABLE
    AS $$
  with t as materialized (
    select terms.*, search.earth_point(terms.lat, terms.lng) as centre,
           2 * sin(terms.radius_km / (2 * 6371)) as reach
    from search.terms(search_text, check_in, check_out, stay_nights, box_west, box_south, box_east, box_north) as terms
  )
  select hit.room_id, r."house-title", r.title_1, r.title_2, r.price, r.images, r.house_rating,
         r.rating_count, r.guest_favorite, r.filter, r.country, r.city, r.house_description,
         r.guest_count, r.bedroom_count, r.bed_count, r.bathroom_count, r.host_name, r.host_image,
         r.host_description, r.sleep_bed_1_link, r.sleep_bed_2_link, r.house_location,
         r.location_description, r.lat, r.lng, r.max_guests,
         r.currency, r.nightly_usd, r.cleaning_fee, r.weekly_discount, r.monthly_discount
  -- The hits, then each one's "Rooms" row by its key (a left join: a count drops it), in order of
  -- one rank, then id: the distance (the chord, in great-circle order) where a place or a box
  -- gives one, the place's rank where the letter rule ranks places.
  from (
    -- a box, or the radius around a city: by the position index (one scan per area), then the
    -- exact distance
    select l.room_id, l.earth operator(extensions.<->) t.centre as rank
    from t
    cross join lateral (values (t.area_1), (t.area_2)) as a(area)
    join search.room_letters as l on l.position <@ a.area
    where t.mode in ('box', 'near') and t.stay_fits
      and (t.reach is null or l.earth operator(extensions.<->) t.centre <= t.reach)
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- a city's own homes that have no coordinates, after the others
    select l.room_id, 'Infinity'::double precision
    from t
    join search.room_letters as l on l.country_key = t.country_key and l.city_key = t.city_key
    -- (lat, not position: the place index finds them, the position index would scan)
    where t.mode = 'near' and t.stay_fits and l.lat is null
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- a country's homes, nearest its capital first
    select l.room_id, l.earth operator(extensions.<->) t.centre
    from t
    join search.room_letters as l on l.country_key = t.country_key
    where t.mode = 'country' and t.stay_fits
      and (guests is null or l.max_guests >= guests)
      and l.room_id <> all (t.unavailable)
    union all
    -- nothing resolved, even by a close spelling of a place's name, a region, or no search: the
    -- places whose own name is the search, begins with it or is spelt close to it (no longer
    -- the bare 90% letter rule, which matched homes on other continents), each place's rooms by id
    select l.room_id, found.place_rank::double precision
    from (
      select p.country_key, p.city_key, t.unavailable,
             row_number() over (order by m.tier, m.missing, p.country_key, p.city_key) as place_rank
      from t
      cross join search.places as p
      cross join lateral (
        select
          case
            when t.is_region or t.q = '' then 0
            when p.city_key = t.q or p.country_key = t.q or p.city_key || p.country_key = t.q then 0
            when starts_with(p.city_key, t.q) or starts_with(p.country_key, t.q) then 1
            when search.close_spelling(p.city_key, t.q, t.close_max)
              or search.close_spelling(p.country_key, t.q, t.close_max) then 2
            else 3
          end as tier,
          case when t.is_region then 0 else bit_count((t.mask_1 & ~p.mask_12)::bit(64)) + bit_count((t.mask_3 & ~p.mask_34)::bit(64))
            + case when t.over_4 then search.missing_beyond_4(p.letter_counts, t.needed) else 0 end end as missing
      ) as m
      where t.mode = 'letters' and t.stay_fits
        and case
              when t.is_region then exists (
                select from search.region_places as rp
                where rp.region_key = t.q and rp.country_key = p.country_key
                  and (rp.city is null or rp.city_key = p.city_key)
              )
              else m.tier < 3
            end
    ) as found
    -- each place's rooms by the place index (offset 0 keeps this a per-place lookup: joined
    -- plainly, the planner may hash every room first, even when the branch finds no place)
    cross join lateral (
      select l.room_id from search.room_letters as l
      where l.country_key = found.country_key and l.city_key = found.city_key
        and (guests is null or l.max_guests >= guests)
        and l.room_id <> all (found.unavailable)
      offset 0
    ) as l
    -- (sorted here too: the page then looks up only its own rows; unsorted, the planner joins
    -- every "Rooms" row to the hits)
    order by rank, room_id
  ) as hit
  left join public."Rooms" as r on r.id = hit.room_id
  order by hit.rank, hit.room_id
$$;
