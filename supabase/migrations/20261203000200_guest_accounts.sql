-- Each guest is their own (issue 40, item 4). 'Sign in as a Guest user' signed every visitor into
-- one shared demo account (app_metadata.shared_account, its password published in the site's
-- config), so each saw the others' favourites and messages and its settings offered forms the
-- server refused. Now each press makes the visitor an account of their own: GoTrue's anonymous
-- sign-in (auth.users.is_anonymous, `is_anonymous` in the JWT, role authenticated), named Guest,
-- which becomes a permanent account, with its rows, when it is given an email and a password.
--
-- 1. What a guest may do: browse, favourite, book and pay, see and cancel their trips, review a
--    stay; their rows are theirs by user id, as any account's (RLS unchanged). What they may not,
--    as the shared account could not: host (hosting_user) and message (messaging_user). Anyone
--    can make guests at will, so a guest host or sender would be a way around every per-account
--    limit (20 inquiries a day), and nobody could mail a guest. The check reads auth.users, not
--    the token, so a guest who has just created an account may host and message at once.
-- 2. The former shared account is retired: banned (its published password signs nobody in) and
--    its sessions ended. Its rows stay for the record. The session scoping of its bookings and
--    payments (booking_session_scope, the session_id columns) stays for this release, as the
--    previous version's processes use it while they are replaced; it scopes no other account.
-- 3. A booking's user_email default is '' rather than null when the token has no email claim
--    (GoTrue gives a guest ''; the column is the spec's and not null).

create or replace function public.hosting_user() returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'sign in to host' using errcode = '42501';
  end if;
  if exists (select 1 from auth.users as u where u.id = me and u.raw_app_meta_data -> 'shared_account' = 'true'::jsonb) then
    raise exception 'a shared account cannot host' using errcode = '42501';
  end if;
  if exists (select 1 from auth.users as u where u.id = me and u.is_anonymous) then
    raise exception 'a guest cannot host: create an account first' using errcode = '42501';
  end if;
  return me;
end
$$;

create or replace function private.messaging_user() returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'sign in to send messages' using errcode = '42501';
  end if;
  if exists (select 1 from auth.users as u where u.id = me and u.raw_app_meta_data -> 'shared_account' = 'true'::jsonb) then
    raise exception 'a shared account cannot send messages' using errcode = '42501';
  end if;
  if exists (select 1 from auth.users as u where u.id = me and u.is_anonymous) then
    raise exception 'a guest cannot send messages: create an account first' using errcode = '42501';
  end if;
  return me;
end
$$;

update auth.users
set banned_until = '2999-01-01 00:00:00+00', updated_at = now()
where raw_app_meta_data -> 'shared_account' = 'true'::jsonb;

delete from auth.sessions
where user_id in (select u.id from auth.users as u where u.raw_app_meta_data -> 'shared_account' = 'true'::jsonb);

alter table public."Bookings" alter column user_email set default coalesce(auth.email(), '');
