-- Host earnings (issue 29): what each stay of a host's places brought in. host_earnings() gives
-- the caller's own places' paid stays, confirmed or cancelled with part of the charge kept, with
-- what the traveller paid, what was refunded (owed or paid back: cancel-booking records the
-- refund before the money moves) and the nightly rate and nights the charge was made of. The
-- platform fee and the host's payout are shared/src/rules/earnings.ts applied to these figures.
-- Like host_reservations(), nothing else of the booking or payment (no email, card, address or
-- account) leaves here, and the host still reads no Bookings or Payments row.

create function public.host_earnings()
  returns table (
    booking_id bigint, room_id bigint, room_title text, guest_name text,
    start_date date, end_date date, nights integer, amount numeric, refunded numeric,
    nightly_usd integer, cancelled boolean
  )
  language sql stable security definer
  set search_path = ''
as $$
  select b.id, b.room_id, r."house-title",
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate", b."numOfDays", p.amount, coalesce(p.refund_amount, 0),
         p.nightly_usd, b.status = 'cancelled'
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  join public."Bookings" as b on b.room_id = h.room_id and b.status in ('confirmed', 'cancelled')
  join public."Payments" as p on p.booking_id = b.id
  left join auth.users as u on u.id = b.user_id
  where h.host_id = auth.uid()
    and p.status = 'successful'
    and p.amount > coalesce(p.refund_amount, 0)
  order by b."startDate", b.id
$$;

revoke execute on function public.host_earnings() from public, anon, authenticated, service_role;
grant execute on function public.host_earnings() to authenticated;
