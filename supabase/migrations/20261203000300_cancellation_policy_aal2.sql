-- A host who has enrolled an authenticator changes a place's cancellation policy only from a
-- session that used it, as its price (20261130000401_auth_mfa.sql): a stricter policy takes
-- guests' refunds, a looser one the host's income, and a stolen password alone must do neither.
-- The editor may send the policy unchanged with other fields: only a change needs the code.
-- Otherwise 20261128000200's save_listing.
create or replace function public.save_listing(p_room_id bigint, p_fields jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  hosted public.hosted_rooms := public.lock_hosted_room(p_room_id);
  fields jsonb := case when jsonb_typeof(p_fields) = 'object' then p_fields end;
  policy jsonb := fields -> 'cancellation_policy';
  fact_keys constant text[] := array['amenities', 'check_in_from', 'check_in_until', 'checkout_before',
                                      'pets_allowed', 'smoking_allowed', 'parties_allowed', 'check_in_method'];
  facts jsonb := (select jsonb_object_agg(e.key, e.value) from jsonb_each(fields) as e where e.key = any (fact_keys));
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
    coalesce(fields - 'cancellation_policy' - 'price' - 'currency' - fact_keys, p_fields)
  );
  if fields ? 'price' or fields ? 'currency' then
    perform private.save_listing_price(p_room_id, fields -> 'price', fields -> 'currency');
  end if;
end
$$;
