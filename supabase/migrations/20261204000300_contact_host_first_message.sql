-- "Contact host" opens an inquiry with its first message (issue 42, item 6).
--
-- Pressing "Contact host" and writing nothing put an empty conversation in the host's inbox:
-- start_conversation() made the inquiry before anything was written. Now an inquiry comes into
-- being only with something in it:
-- 1. contact_host(room, body) opens the traveller's inquiry about a place (or finds the one they
--    have) and adds the body as a message, in one transaction: a blank body is refused (23514,
--    as messages' own check) and nothing is made; a refused message (the sender's rate) undoes
--    the inquiry too. The checks and the 20 new inquiries a day are start_conversation's.
-- 2. start_conversation(room) without a booking still finds the caller's inquiry, but no longer
--    opens one (22023: write the first message through contact_host). A booking's conversation
--    is opened as before: the booking is what it is about.

create or replace function public.start_conversation(p_room_id bigint, p_booking_id bigint default null)
  returns bigint
  language plpgsql volatile security definer
  set search_path = ''
as $$
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
    if not found then
      raise exception 'an inquiry starts with its first message: use contact_host' using errcode = '22023';
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

create function public.contact_host(p_room_id bigint, p_body text)
  returns bigint
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := private.messaging_user();
  hosted public.hosted_rooms;
  conversation_id bigint;
begin
  if coalesce(btrim(p_body, E' \t\r\n'), '') = '' then
    raise exception 'write a message to the host' using errcode = '23514';
  end if;
  select * into hosted from public.hosted_rooms as h where h.room_id = p_room_id;
  if not found or hosted.status <> 'published' then
    raise exception 'this place has no host to contact' using errcode = 'PT404';
  end if;
  if hosted.host_id = me then
    raise exception 'this is your own place' using errcode = '42501';
  end if;
  select c.id into conversation_id from public.conversations as c
    where c.room_id = p_room_id and c.guest_id = me and c.booking_id is null;
  if conversation_id is null then
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
  end if;
  -- The message as if sent through REST: its trigger sets the sender and time and holds the rate.
  insert into public.messages (conversation_id, body) values (conversation_id, p_body);
  return conversation_id;
end
$$;

revoke execute on function public.contact_host(bigint, text) from public, anon, authenticated, service_role;
grant execute on function public.contact_host(bigint, text) to authenticated;
