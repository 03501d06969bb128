-- Money in the host's currency (issue 29), and a payment recorded only under the terms it was
-- quoted at (issue 27).
--
-- The spec stores every price in "local currency" and divides it by 83 for dollars: right for the
-- seed catalogue (rupees), wrong for a host in Lisbon who typed 120 meaning euros and went live at
-- $2. Now:
--
-- 1. public.currency_rates is the stored rate table: one row per ISO 4217 code, how many of that
--    currency one US dollar buys (numeric, six decimals), and the day the rate is from. No network
--    is asked at request time; an operator replaces the rows (README: "Exchange rates"). INR is
--    the spec's 83, so a rupee listed by a host follows the same rule as the catalogue.
--    public.country_currencies maps a country, as the geocoder names it, to its currency: the
--    default of a listing in that country (USD for a country not in it).
-- 2. A hosted place has its own currency and price in it (hosted_rooms.currency, .local_price),
--    which the host sets through save_listing's keys currency and price. The server derives the
--    dollars: nightly USD = ceil(local_price / per_usd), exact (numeric div and mod, never a
--    rounded quotient), the rule of shared/src/rules/pricing.ts's nightlyUsdAtRate. A price is a
--    positive whole number of its currency worth at most 100,000 US dollars a night; an unknown
--    currency, a fraction, zero, a negative, a string or a larger price is refused (22023, hint
--    price or currency).
--    (save_listing takes both keys itself: private.save_listing_fields, which still knows a key
--    price in the spec's unit, is no longer handed one.)
-- 3. "Rooms".price keeps the spec's unit, read by every reader unchanged (cards, listing, search,
--    checkout_charge_cents, create-payment-intent): for a hosted place it is its nightly dollars x
--    83, so the spec's ceil(price / 83) gives exactly the converted dollar price. The seed
--    catalogue keeps its rupee prices and the spec's rule. Replacing a rate re-derives the price
--    of every hosted place in that currency (a trigger on currency_rates).
-- 4. Places hosted before this migration keep the dollar price travellers see: their currency is
--    USD and their price those dollars, shown to the host as such, who may change both.
-- 5. A confirmed booking keeps what it was charged: Payments stores the amount, the nightly
--    dollars and the cancellation policy when it is recorded (payments_stay_terms), and no price,
--    currency or rate change touches a recorded payment.
-- 6. The quote fixes the terms. create-payment-intent prices the stay from the room's price and
--    names the room's cancellation policy in the intent. confirm_booking_payment already refused
--    an amount that is no longer the stay's price (hint amount_mismatch: a price, currency or rate
--    change in between); it now also refuses a policy other than the quoted one (hint
--    terms_changed). finalize-booking then gives the money back and the traveller sees the new
--    terms before paying again: a payment is never recorded under terms the traveller was not
--    shown. The room's row lock orders a host's save_listing with a confirmation, so the terms
--    checked are the terms the payment copies.
-- 7. my_listings() gains currency and local_price, for the editor.

-- 1. Rates and country currencies -----------------------------------------------------------------

create table public.currency_rates (
  currency text primary key check (currency ~ '^[A-Z]{3}$'),
  -- How many units of the currency one US dollar buys.
  per_usd numeric(20, 6) not null check (per_usd > 0 and per_usd < 100000000),
  -- The day the rate is from.
  as_of date not null
);
alter table public.currency_rates enable row level security;
revoke all on table public.currency_rates from public, anon, authenticated, service_role;
grant select on table public.currency_rates to anon, authenticated;
grant select, insert, update, delete on table public.currency_rates to service_role;
create policy "Anyone can read exchange rates" on public.currency_rates
  for select to anon, authenticated
  using (true);

-- Reference rates, one US dollar in each currency: approximate rates of about November 2024 (INR
-- the spec's 83), a snapshot to replace with an operator's own (README: Exchange rates).
insert into public.currency_rates (currency, per_usd, as_of) values
  ('USD', 1, '2024-11-01'), ('EUR', 0.9234, '2024-11-01'), ('JPY', 149.87, '2024-11-01'),
  ('GBP', 0.7752, '2024-11-01'), ('CHF', 0.865, '2024-11-01'), ('CAD', 1.3925, '2024-11-01'),
  ('AUD', 1.519, '2024-11-01'), ('NZD', 1.675, '2024-11-01'), ('CNY', 7.121, '2024-11-01'),
  ('HKD', 7.775, '2024-11-01'), ('SGD', 1.322, '2024-11-01'), ('KRW', 1378.5, '2024-11-01'),
  ('INR', 83, '2024-11-01'), ('THB', 33.8, '2024-11-01'), ('IDR', 15740, '2024-11-01'),
  ('MYR', 4.38, '2024-11-01'), ('PHP', 58.2, '2024-11-01'), ('VND', 25300, '2024-11-01'),
  ('AED', 3.6725, '2024-11-01'), ('SAR', 3.75, '2024-11-01'), ('QAR', 3.64, '2024-11-01'),
  ('ILS', 3.75, '2024-11-01'), ('TRY', 34.3, '2024-11-01'), ('EGP', 48.9, '2024-11-01'),
  ('MAD', 9.9, '2024-11-01'), ('ZAR', 17.65, '2024-11-01'), ('KES', 129, '2024-11-01'),
  ('NGN', 1650, '2024-11-01'), ('BRL', 5.78, '2024-11-01'), ('MXN', 20.05, '2024-11-01'),
  ('ARS', 985, '2024-11-01'), ('CLP', 955, '2024-11-01'), ('COP', 4420, '2024-11-01'),
  ('PEN', 3.77, '2024-11-01'), ('SEK', 10.68, '2024-11-01'), ('NOK', 10.98, '2024-11-01'),
  ('DKK', 6.89, '2024-11-01'), ('PLN', 4.01, '2024-11-01'), ('CZK', 23.35, '2024-11-01'),
  ('HUF', 376, '2024-11-01'), ('RON', 4.59, '2024-11-01'), ('ISK', 137.5, '2024-11-01'),
  ('BGN', 1.806, '2024-11-01');

create table public.country_currencies (
  -- The country as the geocoder (and so the listing) names it, in English.
  country text primary key,
  currency text not null references public.currency_rates (currency) on update cascade
);
alter table public.country_currencies enable row level security;
revoke all on table public.country_currencies from public, anon, authenticated, service_role;
grant select on table public.country_currencies to anon, authenticated;
grant select, insert, update, delete on table public.country_currencies to service_role;
create policy "Anyone can read country currencies" on public.country_currencies
  for select to anon, authenticated
  using (true);

insert into public.country_currencies (country, currency)
select country, 'EUR' from unnest(array[
  'Andorra', 'Austria', 'Belgium', 'Croatia', 'Cyprus', 'Estonia', 'Finland', 'France', 'Germany',
  'Greece', 'Ireland', 'Italy', 'Kosovo', 'Latvia', 'Lithuania', 'Luxembourg', 'Malta', 'Monaco',
  'Montenegro', 'Netherlands', 'Portugal', 'San Marino', 'Slovakia', 'Slovenia', 'Spain', 'Vatican City'
]) as country;
insert into public.country_currencies (country, currency) values
  ('United States', 'USD'), ('Puerto Rico', 'USD'), ('Ecuador', 'USD'), ('El Salvador', 'USD'),
  ('Panama', 'USD'), ('Japan', 'JPY'), ('United Kingdom', 'GBP'), ('Switzerland', 'CHF'),
  ('Liechtenstein', 'CHF'), ('Canada', 'CAD'), ('Australia', 'AUD'), ('New Zealand', 'NZD'),
  ('China', 'CNY'), ('Hong Kong', 'HKD'), ('Hong Kong SAR China', 'HKD'), ('Singapore', 'SGD'),
  ('South Korea', 'KRW'), ('India', 'INR'), ('Thailand', 'THB'), ('Indonesia', 'IDR'),
  ('Malaysia', 'MYR'), ('Philippines', 'PHP'), ('Vietnam', 'VND'), ('United Arab Emirates', 'AED'),
  ('Saudi Arabia', 'SAR'), ('Qatar', 'QAR'), ('Israel', 'ILS'), ('Turkey', 'TRY'), ('Türkiye', 'TRY'),
  ('Egypt', 'EGP'), ('Morocco', 'MAD'), ('South Africa', 'ZAR'), ('Kenya', 'KES'), ('Nigeria', 'NGN'),
  ('Brazil', 'BRL'), ('Mexico', 'MXN'), ('Argentina', 'ARS'), ('Chile', 'CLP'), ('Colombia', 'COP'),
  ('Peru', 'PEN'), ('Sweden', 'SEK'), ('Norway', 'NOK'), ('Svalbard & Jan Mayen', 'NOK'), ('Denmark', 'DKK'), ('Greenland', 'DKK'),
  ('Faroe Islands', 'DKK'), ('Poland', 'PLN'), ('Czechia', 'CZK'), ('Czech Republic', 'CZK'),
  ('Hungary', 'HUF'), ('Romania', 'RON'), ('Iceland', 'ISK'), ('Bulgaria', 'BGN');

-- 2. A hosted place's currency and price ----------------------------------------------------------

alter table public.hosted_rooms
  add column currency text references public.currency_rates (currency) on update cascade,
  add column local_price numeric check (local_price > 0 and local_price = trunc(local_price));

-- The nightly rate in whole US dollars of a price in a currency one dollar buys p_per_usd of:
-- ceil(p_local_price / p_per_usd), exactly (pricing.ts's nightlyUsdAtRate).
create function public.nightly_usd_at_rate(p_local_price numeric, p_per_usd numeric)
  returns numeric
  language sql immutable strict
  set search_path = ''
as $$
  select div(p_local_price, p_per_usd) + case when mod(p_local_price, p_per_usd) > 0 then 1 else 0 end
$$;

-- The most a night may cost, in US dollars.
create function private.max_nightly_usd() returns integer language sql immutable as $$ select 100000 $$;

-- Sets the price and/or currency of a place the caller has locked (save_listing). The currency
-- defaults to the place's country's (USD for a country not in country_currencies).
create function private.save_listing_price(p_room_id bigint, p_price jsonb, p_currency jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms;
  code text;
  amount numeric;
  usd numeric;
begin
  select * into hosted from public.hosted_rooms as h where h.room_id = p_room_id;
  code := hosted.currency;
  amount := hosted.local_price;
  if p_currency is not null then
    if jsonb_typeof(p_currency) is distinct from 'string'
       or not exists (select 1 from public.currency_rates as c where c.currency = p_currency #>> '{}') then
      raise exception 'currency must be a currency of the rate table' using errcode = '22023', hint = 'currency';
    end if;
    code := p_currency #>> '{}';
  end if;
  if p_price is not null then
    amount := case when jsonb_typeof(p_price) = 'number' then (p_price #>> '{}')::numeric end;
    if amount is null or amount <= 0 or amount <> trunc(amount) then
      raise exception 'price must be a positive whole number' using errcode = '22023', hint = 'price';
    end if;
  end if;
  code := coalesce(
    code,
    (select cc.currency from public.country_currencies as cc
     join public."Rooms" as r on r.country = cc.country where r.id = p_room_id),
    'USD'
  );
  if amount is not null then
    usd := public.nightly_usd_at_rate(amount, (select c.per_usd from public.currency_rates as c where c.currency = code));
    if usd > private.max_nightly_usd() then
      raise exception 'price must be worth at most % US dollars a night', private.max_nightly_usd()
        using errcode = '22023', hint = 'price';
    end if;
    -- The spec's unit: ceil(price / 83) is exactly these dollars.
    update public."Rooms" as r set price = usd * 83 where r.id = p_room_id;
  end if;
  update public.hosted_rooms as h set currency = code, local_price = amount where h.room_id = p_room_id;
end
$$;

-- What 20261126000310's save_listing takes, plus currency (a code of currency_rates) and price in
-- it; the other keys go to private.save_listing_fields as before.
create or replace function public.save_listing(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  fields jsonb := case when jsonb_typeof(p_fields) = 'object' then p_fields end;
  policy jsonb := fields -> 'cancellation_policy';
begin
  if policy is not null then
    if jsonb_typeof(policy) is distinct from 'string' or policy #>> '{}' not in ('flexible', 'moderate', 'strict') then
      raise exception 'cancellation_policy must be flexible, moderate or strict'
        using errcode = '22023', hint = 'cancellation_policy';
    end if;
    insert into public.room_cancellation_policies as c (room_id, policy)
    values (hosted.room_id, policy #>> '{}')
    on conflict (room_id) do update set policy = excluded.policy;
  end if;
  perform private.save_listing_fields(
    p_room_id,
    coalesce(fields - 'cancellation_policy' - 'price' - 'currency', p_fields)
  );
  if fields ? 'price' or fields ? 'currency' then
    perform private.save_listing_price(p_room_id, fields -> 'price', fields -> 'currency');
  end if;
end
$$;

-- 3. A rate replaced re-derives the hosted prices in it --------------------------------------------

create function private.reprice_hosted_rooms()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public."Rooms" as r
  set price = public.nightly_usd_at_rate(h.local_price, c.per_usd) * 83
  from public.hosted_rooms as h
  join public.currency_rates as c on c.currency = h.currency
  where r.id = h.room_id and h.local_price is not null
    and r.price is distinct from public.nightly_usd_at_rate(h.local_price, c.per_usd) * 83;
  return null;
end
$$;

create trigger currency_rates_reprice
  after insert or update or delete on public.currency_rates
  for each statement execute function private.reprice_hosted_rooms();

-- 4. Places hosted before: their dollars, in USD ---------------------------------------------------

update public.hosted_rooms as h
set currency = 'USD', local_price = ceil(r.price / 83)
from public."Rooms" as r
where r.id = h.room_id and r.price > 0;
update public."Rooms" as r
set price = h.local_price * 83
from public.hosted_rooms as h
where r.id = h.room_id and h.local_price is not null;

-- 6. Confirmation under the quoted terms --------------------------------------------------------------

drop function public.confirm_booking_payment(bigint, text, bigint, uuid, bigint, date, date, integer, integer, integer, integer, integer, text, jsonb, text);

-- 20261123000100's confirm_booking_payment, given also the cancellation policy the intent was
-- quoted under. One more refusal, nothing recorded:
--   P0001  hint terms_changed: the room's cancellation policy is no longer the quoted one
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

  -- Room, then booking: one lock order for every confirmation of a room. The room's lock also
  -- holds off a host's save_listing, so the price and policy checked below stay as checked.
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
  if p_cancellation_policy is distinct from coalesce(
       (select c.policy from public.room_cancellation_policies as c where c.room_id = p_room_id), 'moderate') then
    raise exception 'the cancellation policy of room % is no longer %', p_room_id, p_cancellation_policy
      using errcode = 'P0001', hint = 'terms_changed';
  end if;

  -- The paid stay, whatever the draft was changed to meanwhile. Fails with 23P01 when another
  -- confirmed stay of this room overlaps these nights.
  update public."Bookings"
  set status = 'confirmed', "startDate" = p_start_date, "endDate" = p_end_date, "numOfDays" = p_nights,
      adults = p_adults, children = p_children, infants = p_infants, pets = p_pets
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
    booking.user_id, 'usd', p_room_id, p_start_date, p_end_date, p_nights, 'card', 'successful',
    p_stripe_payment_intent_id,
    left(coalesce(nullif(btrim(p_customer_name), ''), booking.guest), 200), p_address, booking.id,
    booking.session_id
  )
  returning * into payment;

  return payment;
end
$$;

-- 7. The editor's read ----------------------------------------------------------------------------------

drop function public.my_listings();
-- The caller's places, newest first, each with its publication status, its cancellation policy,
-- its currency and price in it (null until set), and its row.
create function public.my_listings()
  returns table (room_id bigint, status text, cancellation_policy text, currency text, local_price numeric, room jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  select h.room_id, h.status, coalesce(c.policy, 'moderate'), h.currency, h.local_price, to_jsonb(r)
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  left join public.room_cancellation_policies as c on c.room_id = h.room_id
  where h.host_id = auth.uid()
  order by h.created_at desc, h.room_id desc
$$;

-- Execute rights ------------------------------------------------------------------------------------------

revoke execute on function
  public.nightly_usd_at_rate(numeric, numeric),
  private.max_nightly_usd(),
  private.save_listing_price(bigint, jsonb, jsonb),
  private.reprice_hosted_rooms(),
  public.confirm_booking_payment(bigint, text, bigint, uuid, bigint, date, date, integer, integer, integer, integer, integer, text, text, jsonb, text),
  public.my_listings()
from public, anon, authenticated, service_role;
grant execute on function public.my_listings() to authenticated;
grant execute on function
  public.nightly_usd_at_rate(numeric, numeric),
  public.confirm_booking_payment(bigint, text, bigint, uuid, bigint, date, date, integer, integer, integer, integer, integer, text, text, jsonb, text)
to service_role;
