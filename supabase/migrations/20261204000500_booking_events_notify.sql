-- Each booking event tells the side it concerns (issue 42, item 4).
--
-- The lifecycle (20261204000100_booking_lifecycle.sql) records every event in booking_events;
-- notifications (20261204000200_notifications.sql) turn a kind and a booking into an in-app
-- notification and its mail. This trigger joins them, so no event function has to remember to
-- tell anyone:
--   request          -> the host: booking_requested, with the hour to answer by
--   accept           -> the traveller: booking_accepted (the host has just acted)
--   decline, expire  -> the traveller: booking_declined, booking_expired
--   pay (instant)    -> both: booking_confirmed (the itinerary; the reservation)
--   cancel_by_guest  -> the host: booking_cancelled
--   cancel_by_host   -> the traveller: booking_cancelled, with the refund
--   complete         -> both: review_invitation
-- It runs at commit (a deferred constraint trigger): an event is recorded before the rest of its
-- transaction (a payment's row, its reservation code) is written, and the notice tells of all of
-- it. A catalogue place has no host to tell. A failure to notify is logged and does not undo the
-- event: the booking's state is the fact, its notice a consequence.

create function private.booking_events_notify()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  traveller uuid;
  host uuid;
  answer_by timestamptz;
  detail jsonb := coalesce(new.detail, '{}');
begin
  select b.user_id, h.host_id, b.request_expires_at into traveller, host, answer_by
    from public."Bookings" as b
    left join public.hosted_rooms as h on h.room_id = b.room_id
    where b.id = new.booking_id;
  begin
    case new.event
      when 'request' then
        if host is not null then
          perform private.notify(host, 'booking_requested', new.booking_id,
                                 detail || coalesce(jsonb_build_object('answer_by', answer_by), '{}'));
        end if;
      when 'accept' then perform private.notify(traveller, 'booking_accepted', new.booking_id, detail);
      when 'decline' then perform private.notify(traveller, 'booking_declined', new.booking_id, detail);
      when 'expire' then perform private.notify(traveller, 'booking_expired', new.booking_id, detail);
      when 'pay' then
        perform private.notify(traveller, 'booking_confirmed', new.booking_id, detail);
        if host is not null then perform private.notify(host, 'booking_confirmed', new.booking_id, detail); end if;
      when 'cancel_by_guest' then
        if host is not null then perform private.notify(host, 'booking_cancelled', new.booking_id, detail); end if;
      when 'cancel_by_host' then perform private.notify(traveller, 'booking_cancelled', new.booking_id, detail);
      when 'complete' then
        perform private.notify(traveller, 'review_invitation', new.booking_id, detail);
        if host is not null then perform private.notify(host, 'review_invitation', new.booking_id, detail); end if;
      else null; -- review: the other side's review is published with theirs
    end case;
  exception when others then
    raise warning 'booking % event %: no notification (%: %)', new.booking_id, new.event, sqlstate, sqlerrm;
  end;
  return null;
end
$$;
revoke all on function private.booking_events_notify() from public, anon, authenticated, service_role;

create constraint trigger booking_events_notify after insert on public.booking_events
  deferrable initially deferred
  for each row execute function private.booking_events_notify();
