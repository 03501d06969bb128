-- Notifications (issue 42, item 4, "Told at every step"): each step of a booking tells the side
-- it concerns, in the app (the menu's "Notification" list with an unread count) and by mail.
--
-- 1. public.notifications: one row per recipient and step: its kind, the booking it is about
--    (none for a payout of several stays), and `data`, the facts the list and the mail show (the
--    place, the dates, the amounts, the reservation code), its title and body, and the path of
--    the page it leads to (a trip, /hosting). A recipient reads their own rows only (RLS) and
--    marks them read through mark_notifications_read(); clients write nothing else. The table is
--    in the supabase_realtime publication, so the unread count follows inserts and reads live
--    (Realtime checks the same select policy per subscriber).
-- 2. private.notify(recipient, kind, booking, data): the one way in. Definer rights, callable by
--    no API role: the booking lifecycle's trigger on booking_events calls it (one trigger, on
--    the branch that adds that table), and the service role may call it through
--    public.send_notification() (server-side code and tests). It checks that the recipient is
--    the booking's traveller or its host, and that the kind is for that side; it takes the facts
--    from the booking and its payment, with `data` over them (what only the event knows: the
--    refund, the hour a request must be answered by, a payout's amount), and queues the mail.
--    One notification per recipient, kind and booking: a repeated event adds nothing.
-- 3. Mail: private.notification_mail is the queue; NOTIFY notification_mail wakes the local
--    backend's drain (backend/src/notifications/mail.ts), which renders the kind's template
--    (HTML and plain text) and sends it to the outbox or SMTP. A recipient without an email (an
--    anonymous guest) has the in-app notification only. private.take_notification_mails() is the
--    drain; no API role may run it. On hosted Supabase nothing drains it yet (README, Messages).

create table public.notifications (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in (
    'booking_requested', 'booking_accepted', 'booking_declined', 'booking_expired',
    'booking_confirmed', 'booking_cancelled', 'review_invitation', 'payout_sent'
  )),
  booking_id bigint references public."Bookings" (id) on delete cascade,
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_recipient_idx on public.notifications (recipient_id, id desc);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;
create unique index notifications_once_idx on public.notifications (recipient_id, kind, booking_id);

alter table public.notifications enable row level security;
revoke all on table public.notifications from public, anon, authenticated, service_role;
grant select on table public.notifications to authenticated;
grant select, insert, update, delete on table public.notifications to service_role;

create policy "Recipients read their notifications" on public.notifications
  for select to authenticated
  using (recipient_id = (select auth.uid()));

-- The caller's notifications (those of p_ids, or all) are read now; those already read keep
-- their time. How many were marked.
create function public.mark_notifications_read(p_ids bigint[] default null)
  returns integer
  language sql volatile security definer
  set search_path = ''
as $$
  with marked as (
    update public.notifications as n set read_at = now()
    where n.recipient_id = auth.uid() and n.read_at is null
      and (p_ids is null or n.id = any (p_ids))
    returning 1
  )
  select count(*)::integer from marked
$$;

-- Texts ------------------------------------------------------------------------------------------

-- An amount as the site shows it: $ for dollars, else the currency's code.
create function private.money_text(p_amount numeric, p_currency text)
  returns text
  language sql stable
  set search_path = ''
as $$
  select case when upper(coalesce(p_currency, 'usd')) = 'USD' then '$' else upper(p_currency) || ' ' end
         || to_char(p_amount, 'FM999G999G990D00')
$$;

-- A stay's dates as one phrase: '3 Jun – 6 Jun 2027'.
create function private.stay_text(p_start date, p_end date)
  returns text
  language sql stable
  set search_path = ''
as $$
  select to_char(p_start, 'FMDD Mon') || ' – ' || to_char(p_end, 'FMDD Mon YYYY')
$$;

-- The title and the body of a notification: what the list shows and the mail's subject and
-- first lines. `d` holds the facts (private.notify).
create function private.notification_text(p_kind text, p_role text, d jsonb)
  returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  place text := coalesce(d ->> 'room_title', 'your place');
  stay text := case when d ? 'start_date' and d ? 'end_date'
                 then private.stay_text((d ->> 'start_date')::date, (d ->> 'end_date')::date) end;
  at_stay text := place || coalesce(', ' || stay, '');
  guest text := coalesce(d ->> 'guest_name', 'Your guest');
  refund text := case when d ? 'refund' then private.money_text((d ->> 'refund')::numeric, d ->> 'currency') end;
  answer_by text := case when d ? 'answer_by'
                      then to_char((d ->> 'answer_by')::timestamptz at time zone 'UTC', 'FMDD Mon, HH24:MI "UTC"') end;
  payout text := case when d ? 'payout_amount' then private.money_text((d ->> 'payout_amount')::numeric, coalesce(d ->> 'payout_currency', d ->> 'currency')) end;
begin
  return case p_kind
    when 'booking_requested' then jsonb_build_object(
      'title', 'New booking request',
      'body', guest || ' asks to stay at ' || at_stay || '. Accept or decline'
              || coalesce(' by ' || answer_by, ' within 24 hours') || '.')
    when 'booking_accepted' then jsonb_build_object(
      'title', 'Your request was accepted',
      'body', 'Your stay at ' || at_stay || ' is booked.')
    when 'booking_declined' then jsonb_build_object(
      'title', 'Your request was declined',
      'body', 'The host of ' || at_stay || ' declined your request. The hold on your card has been released.')
    when 'booking_expired' then jsonb_build_object(
      'title', 'Your request expired',
      'body', 'The host of ' || at_stay || ' did not answer in time. The hold on your card has been released.')
    when 'booking_confirmed' then case p_role
      when 'host' then jsonb_build_object(
        'title', 'New reservation',
        'body', guest || ' booked ' || at_stay || '.')
      else jsonb_build_object(
        'title', 'Your stay is confirmed',
        'body', 'You are going to ' || at_stay || '.') end
    when 'booking_cancelled' then case p_role
      when 'host' then jsonb_build_object(
        'title', 'A reservation was cancelled',
        'body', guest || ' cancelled ' || at_stay || '.'
                || coalesce(' The guest is refunded ' || refund || '.', ''))
      else jsonb_build_object(
        'title', 'Your stay was cancelled',
        'body', 'The host cancelled ' || at_stay || '.'
                || coalesce(' You are refunded ' || refund || '.', '')) end
    when 'review_invitation' then case p_role
      when 'host' then jsonb_build_object(
        'title', 'Review your guest',
        'body', 'How was ' || guest || '''s stay at ' || at_stay || '? Tell other hosts.')
      else jsonb_build_object(
        'title', 'How was your stay?',
        'body', 'Review ' || at_stay || ' and help other travellers choose.') end
    when 'payout_sent' then jsonb_build_object(
      'title', 'Payout sent',
      'body', coalesce('A payout of ' || payout, 'A payout') || coalesce(' for ' || nullif(at_stay, 'your place'), '')
              || ' is on its way to you.')
  end;
end
$$;

-- Notify ------------------------------------------------------------------------------------------

create table private.notification_mail (
  notification_id bigint primary key references public.notifications (id) on delete cascade,
  queued_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notification_mail_pending_idx on private.notification_mail (queued_at) where sent_at is null;
revoke all on table private.notification_mail from public, anon, authenticated, service_role;

-- The kinds each side receives.
create function private.notification_role_allowed(p_kind text, p_role text)
  returns boolean
  language sql immutable
  set search_path = ''
as $$
  select case
    when p_kind in ('booking_requested', 'payout_sent') then p_role = 'host'
    when p_kind in ('booking_accepted', 'booking_declined', 'booking_expired') then p_role = 'guest'
    else p_role in ('guest', 'host')
  end
$$;

-- Tells p_recipient of a step of a booking (p_booking_id; null only for a payout): stores the
-- notification with its facts and texts and queues its mail; its id. Once per recipient, kind and
-- booking: a repeated call returns the first one's id.
create function private.notify(p_recipient uuid, p_kind text, p_booking_id bigint, p_data jsonb default '{}')
  returns bigint
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  booking public."Bookings";
  host uuid;
  role text;
  facts jsonb := '{}';
  notification_id bigint;
begin
  if p_booking_id is null then
    if p_kind <> 'payout_sent' then
      raise exception 'a % notification is about a booking', p_kind using errcode = '22023';
    end if;
    role := 'host';
  else
    select * into booking from public."Bookings" as b where b.id = p_booking_id;
    if not found then
      raise exception 'no booking %', p_booking_id using errcode = 'P0002';
    end if;
    select h.host_id into host from public.hosted_rooms as h where h.room_id = booking.room_id;
    role := case p_recipient when booking.user_id then 'guest' when host then 'host' end;
    if role is null then
      raise exception 'the recipient is neither the traveller nor the host of booking %', p_booking_id using errcode = '22023';
    end if;
    select jsonb_strip_nulls(jsonb_build_object(
             'room_id', r.id,
             'room_title', nullif(r."house-title", ''),
             'city', nullif(r.city, ''),
             'country', nullif(r.country, ''),
             'start_date', booking."startDate",
             'end_date', booking."endDate",
             'nights', booking."numOfDays",
             'guests', booking.adults + booking.children,
             'guest_name', coalesce(nullif(split_part(btrim(g.raw_user_meta_data ->> 'name'), ' ', 1), ''), 'Your guest'),
             'host_name', nullif(split_part(btrim(hu.raw_user_meta_data ->> 'name'), ' ', 1), ''),
             'total', p.amount,
             'currency', p.currency,
             'refund', p.refund_amount,
             'code', nullif(split_part(p.id, '-', 1), '')))
      into facts
      from public."Rooms" as r
      left join auth.users as g on g.id = booking.user_id
      left join auth.users as hu on hu.id = host
      left join lateral (
        select x.* from public."Payments" as x where x.booking_id = booking.id order by x.created_at desc limit 1
      ) as p on true
      where r.id = booking.room_id;
  end if;
  if not private.notification_role_allowed(p_kind, role) then
    raise exception 'a % notification is not for the %', p_kind, role using errcode = '22023';
  end if;

  facts := facts || coalesce(p_data, '{}') || jsonb_build_object('role', role);
  facts := facts || jsonb_build_object('path', case
    when p_kind = 'payout_sent' then '/hosting/earnings'
    when role = 'host' then '/hosting'
    when facts ? 'code' then '/trips/' || (facts ->> 'code')
    else '/trips' end);
  if p_kind = 'booking_requested' then
    facts := facts || jsonb_build_object(
      'accept_path', '/hosting?booking=' || p_booking_id || '&answer=accept',
      'decline_path', '/hosting?booking=' || p_booking_id || '&answer=decline');
  end if;
  facts := facts || private.notification_text(p_kind, role, facts);

  insert into public.notifications (recipient_id, kind, booking_id, data)
    values (p_recipient, p_kind, p_booking_id, facts)
    on conflict (recipient_id, kind, booking_id) do nothing
    returning id into notification_id;
  if notification_id is null then
    select n.id into notification_id from public.notifications as n
      where n.recipient_id = p_recipient and n.kind = p_kind and n.booking_id = p_booking_id;
    return notification_id;
  end if;
  insert into private.notification_mail (notification_id) values (notification_id);
  perform pg_notify('notification_mail', '');
  return notification_id;
end
$$;

-- private.notify for server-side code holding the service role key (an edge function, a test):
-- no client role may call it.
create function public.send_notification(p_recipient uuid, p_kind text, p_booking_id bigint default null, p_data jsonb default '{}')
  returns bigint
  language sql volatile security definer
  set search_path = ''
as $$
  select private.notify(p_recipient, p_kind, p_booking_id, p_data)
$$;

-- Mail ------------------------------------------------------------------------------------------------

-- Takes the queued mails (at most 50, skipping those another backend process is taking), marks
-- them sent and returns those with an address: the notification, the recipient's address and
-- first name.
create function private.take_notification_mails()
  returns table (notification_id bigint, kind text, email text, recipient_name text, data jsonb)
  language sql volatile
  set search_path = ''
as $$
  with taken as (
    update private.notification_mail as q set sent_at = now()
    where q.notification_id in (
      select p.notification_id from private.notification_mail as p
      where p.sent_at is null
      order by p.queued_at limit 50 for update skip locked
    )
    returning q.notification_id
  )
  select n.id, n.kind, u.email,
         nullif(split_part(btrim(u.raw_user_meta_data ->> 'name'), ' ', 1), ''),
         n.data
  from taken as t
  join public.notifications as n on n.id = t.notification_id
  join auth.users as u on u.id = n.recipient_id
  where nullif(u.email, '') is not null
  order by n.id
$$;

revoke execute on function
  public.mark_notifications_read(bigint[]),
  private.money_text(numeric, text),
  private.stay_text(date, date),
  private.notification_text(text, text, jsonb),
  private.notification_role_allowed(text, text),
  private.notify(uuid, text, bigint, jsonb),
  public.send_notification(uuid, text, bigint, jsonb),
  private.take_notification_mails()
from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated;
grant execute on function public.send_notification(uuid, text, bigint, jsonb) to service_role;

alter publication supabase_realtime add table public.notifications;
