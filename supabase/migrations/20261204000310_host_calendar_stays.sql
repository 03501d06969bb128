-- The host calendar's booked nights, apart from the blocked ones (issue 42, item 6).
--
-- /hosting/:id/calendar drew room_booked_ranges(), which merges confirmed stays with the nights
-- the host blocked, so a booking looked like a blocked night and named no guest. host_stays(room)
-- gives the host each stay of their place (requested, confirmed) that has not ended: the booking, its nights
-- and the guest's name as host_reservations() gives it (the name on the card, else the account's,
-- else 'Guest'). Definer rights, as host_reservations(): the guest's name is in Payments and
-- auth.users, which hosts do not read; a place that is not the caller's gives no rows.

create function public.host_stays(p_room_id bigint)
  returns table (booking_id bigint, guest_name text, start_date date, end_date date)
  language sql stable security definer
  set search_path = ''
as $$
  select b.id,
         coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), 'Guest'),
         b."startDate", b."endDate"
  from public.hosted_rooms as h
  join public."Bookings" as b on b.room_id = h.room_id and b.status in ('requested', 'confirmed', 'completed')
  left join public."Payments" as p on p.booking_id = b.id
  left join auth.users as u on u.id = b.user_id
  where h.room_id = p_room_id
    and h.host_id = auth.uid()
    and b."endDate" >= (public.app_now() at time zone 'UTC')::date
  order by b."startDate", b.id
$$;

revoke execute on function public.host_stays(bigint) from public, anon, authenticated, service_role;
grant execute on function public.host_stays(bigint) to authenticated;
