-- Hosts choose their listing's cancellation policy (issue 16): flexible, moderate or strict, the
-- rule of shared/src/rules/cancellation.ts. A listing without a row of room_cancellation_policies
-- is moderate, as before.
--
-- save_listing takes one more key, cancellation_policy, checked like the others (22023, hint
-- cancellation_policy) and written only for a place the caller hosts. The checks and writes of
-- every other key stay where they were: the function of 20261126000200_hosting.sql moves to
-- private.save_listing_fields, out of the API, and the new public.save_listing locks the place
-- (ownership, as before), writes the policy and hands it the rest, all in one transaction.
-- A trip already paid keeps the policy its payment copied (payments_stay_terms): changing the
-- listing's policy changes no paid trip.
--
-- my_listings() gains the column cancellation_policy, for the editor.
--
-- Policies were public to read (using true) while only the server wrote them; now hosts write
-- them for drafts too, so a policy is readable exactly when its listing is (the "Rooms" rule):
-- reading the table must not list drafts' ids.

drop policy "Anyone can read cancellation policies" on public.room_cancellation_policies;
create policy "Anyone can read the policies of published rooms" on public.room_cancellation_policies
  for select to anon, authenticated
  using (room_id <> all (coalesce((select private.draft_room_ids()), '{}')));

alter function public.save_listing(bigint, jsonb) rename to save_listing_fields;
alter function public.save_listing_fields(bigint, jsonb) set schema private;
revoke execute on function private.save_listing_fields(bigint, jsonb) from public, anon, authenticated, service_role;

-- What save_listing_fields documents, plus cancellation_policy: 'flexible', 'moderate' or 'strict'.
create function public.save_listing(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  policy jsonb := case when jsonb_typeof(p_fields) = 'object' then p_fields -> 'cancellation_policy' end;
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
    case when jsonb_typeof(p_fields) = 'object' then p_fields - 'cancellation_policy' else p_fields end
  );
end
$$;

drop function public.my_listings();
-- The caller's places, newest first, each with its publication status, its cancellation policy
-- and its row.
create function public.my_listings()
  returns table (room_id bigint, status text, cancellation_policy text, room jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  select h.room_id, h.status, coalesce(c.policy, 'moderate'), to_jsonb(r)
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  left join public.room_cancellation_policies as c on c.room_id = h.room_id
  where h.host_id = auth.uid()
  order by h.created_at desc, h.room_id desc
$$;

revoke execute on function public.save_listing(bigint, jsonb), public.my_listings() from public, anon, authenticated, service_role;
grant execute on function public.save_listing(bigint, jsonb), public.my_listings() to authenticated;
