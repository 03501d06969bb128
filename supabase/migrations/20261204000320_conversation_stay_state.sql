-- A conversation about a booking shows its stay's state (issue 42, item 6).
--
-- my_conversations() gave a booking's dates but not its state, so a conversation about a
-- cancelled stay looked like one about a stay to come. It now also gives stay_state, the
-- booking's state in the lifecycle (20261204000100_booking_lifecycle.sql; null for an inquiry),
-- and the apps derive what the trips page shows (REQUESTED, UPCOMING, CURRENT, PAST, CANCELLED...)
-- from it and the dates with its one rule (shared/rules tripStatus). A new output column changes
-- the function's type, so it is made again with the same grants.

drop function public.my_conversations(bigint);

create function public.my_conversations(p_id bigint default null)
  returns table (
    id bigint, room_id bigint, room_title text, room_image text, booking_id bigint, start_date date, end_date date,
    role text, other_name text, last_body text, last_sender_is_me boolean, last_message_at timestamptz, unread integer,
    stay_state text
  )
  language sql stable security definer
  set search_path = ''
as $$
  select c.id, c.room_id, r."house-title", r.images[1], c.booking_id, b."startDate", b."endDate",
         case when c.guest_id = auth.uid() then 'guest' else 'host' end,
         coalesce(nullif(split_part(btrim(o.raw_user_meta_data ->> 'name'), ' ', 1), ''),
                  case when c.guest_id = auth.uid() then 'Host' else 'Guest' end),
         last.body, last.sender_id = auth.uid(), c.last_message_at,
         (select count(*)::integer from public.messages as m
          where m.conversation_id = c.id and m.sender_id <> auth.uid()
            and m.id > case when c.guest_id = auth.uid() then c.guest_read_id else c.host_read_id end),
         b.status
  from public.conversations as c
  join public."Rooms" as r on r.id = c.room_id
  left join public."Bookings" as b on b.id = c.booking_id
  left join auth.users as o on o.id = case when c.guest_id = auth.uid() then c.host_id else c.guest_id end
  left join lateral (
    select m.body, m.sender_id from public.messages as m where m.conversation_id = c.id order by m.id desc limit 1
  ) as last on true
  where auth.uid() in (c.guest_id, c.host_id)
    and (p_id is null or c.id = p_id)
  order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
  limit 200
$$;

revoke execute on function public.my_conversations(bigint) from public, anon, authenticated, service_role;
grant execute on function public.my_conversations(bigint) to authenticated;
