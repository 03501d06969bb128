-- Only true facts (issue 29, item 2). The listing page claimed for every place the spec's fixed
-- texts: '6 years hosting', keypad self check-in, '95% ... 5-star location', a private hot tub,
-- pets and a lift, the host's 1607 reviews and rating 4.34, check-in 2-9pm. Now a page shows what
-- its data holds and leaves out what it does not:
--
-- 1. public.room_facts: per place, the amenities (keys of a fixed vocabulary, the twin of
--    shared/src/rules/listingFacts.ts AMENITY_KEYS), the house rules (check-in window, checkout
--    time, pets, smoking, parties; the guest maximum is the place's capacity, max_guests) and how
--    check-in works (CHECK_IN_METHODS). Every one may be unset (null, or no amenity), and an unset
--    fact is not shown. Hosts write them through save_listing's new keys, checked like the others
--    (22023, hint: the key), for their own places only; nobody writes the table directly.
-- 2. Figures a host cannot set: the host's time hosting (from their first place's creation),
--    their reviews and rating (their published places' counts and ratings), response figures
--    (none until messaging exists), and the share of guests who gave the location five stars
--    (none until reviews exist). public.listing_facts(room) answers a readable place's facts and
--    these figures in one read, and nothing about a draft (the "Rooms" rule).
-- 3. The seed catalogue keeps the spec's texts as its own data: its places get room_facts rows
--    like a host's (the spec's amenities, check-in 2-9pm by keypad, checkout before 12pm, pets
--    allowed), and its hosts' figures (the spec's 1607 reviews, 4.34, six years, 100%, within an
--    hour; 95% five-star location for a place with reviews) live in private.catalogue_stats,
--    which only the seed writes (private.add_catalogue_facts, run here for a catalogue already
--    seeded and by the backend's seed after it inserts rooms).
-- 4. my_listings() gains facts, for the editor.

-- 1. The vocabulary and the table ------------------------------------------------------------------

-- The amenity keys, in the order the listing page shows them (shared/src/rules/listingFacts.ts).
create function private.amenity_keys()
  returns text[]
  language sql immutable
  set search_path = ''
as $$
  select array[
    'kitchen', 'wifi', 'free_street_parking', 'private_hot_tub', 'tv', 'lift', 'air_conditioning',
    'heating', 'washer', 'dryer', 'workspace', 'free_parking', 'pool', 'carbon_monoxide_alarm',
    'smoke_alarm'
  ]
$$;

create function private.check_in_methods()
  returns text[]
  language sql immutable
  set search_path = ''
as $$
  select array['keypad', 'lockbox', 'smart_lock', 'building_staff', 'host']
$$;

create table public.room_facts (
  room_id bigint primary key references public."Rooms" (id) on delete cascade,
  amenities text[] not null default '{}' check (amenities <@ private.amenity_keys()),
  -- Whole hours; the window's end, when given, after its start.
  check_in_from time check (date_part('minute', check_in_from) = 0 and date_part('second', check_in_from) = 0),
  check_in_until time check (date_part('minute', check_in_until) = 0 and date_part('second', check_in_until) = 0),
  checkout_before time check (date_part('minute', checkout_before) = 0 and date_part('second', checkout_before) = 0),
  pets_allowed boolean,
  smoking_allowed boolean,
  parties_allowed boolean,
  check_in_method text check (check_in_method = any (private.check_in_methods())),
  constraint room_facts_check_in_window check (
    check_in_until is null or (check_in_from is not null and check_in_until > check_in_from)
  )
);
alter table public.room_facts enable row level security;
-- Read through listing_facts() and my_listings(), written through save_listing and the seed.
revoke all on table public.room_facts from public, anon, authenticated, service_role;
grant select on table public.room_facts to service_role;

-- The catalogue's own figures (the spec's fixed texts), which a hosted place derives instead.
create table private.catalogue_stats (
  room_id bigint primary key references public."Rooms" (id) on delete cascade,
  hosting_since date not null,
  host_reviews integer not null check (host_reviews >= 0),
  host_rating numeric(3, 2) check (host_rating between 0 and 5),
  response_rate smallint check (response_rate between 0 and 100),
  response_time text check (char_length(response_time) <= 40),
  location_five_star_percent smallint check (location_five_star_percent between 0 and 100)
);
revoke all on table private.catalogue_stats from public, anon, authenticated, service_role;

-- 2. Writing facts ---------------------------------------------------------------------------------

-- A time of day as the editor sends it ('14:00', whole hours), or null; anything else is refused.
create function private.fact_hour(p_value jsonb, p_key text)
  returns time
  language plpgsql immutable
  set search_path = ''
as $$
begin
  if p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) is distinct from 'string' or p_value #>> '{}' !~ '^([01][0-9]|2[0-3]):00$' then
    raise exception '% must be a whole hour (HH:00) or null', p_key using errcode = '22023', hint = p_key;
  end if;
  return (p_value #>> '{}')::time;
end
$$;

-- Writes the facts p_facts holds of a place the caller has locked (save_listing); keys left out
-- keep their values, null clears one:
--   amenities (an array of amenity keys, no repeats), check_in_from, check_in_until,
--   checkout_before ('HH:00' or null; the window's end after its start), pets_allowed,
--   smoking_allowed, parties_allowed (true, false or null), check_in_method (a method or null).
create function private.save_listing_facts(p_room_id bigint, p_facts jsonb)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  facts public.room_facts;
  key text;
  value jsonb;
begin
  select * into facts from public.room_facts as f where f.room_id = p_room_id;
  if not found then
    facts.room_id := p_room_id;
    facts.amenities := '{}';
  end if;
  for key, value in select * from jsonb_each(p_facts) loop
    case key
      when 'amenities' then
        if jsonb_typeof(value) is distinct from 'array'
           or exists (
             select 1 from jsonb_array_elements(value) as e
             where jsonb_typeof(e) <> 'string' or not (e #>> '{}' = any (private.amenity_keys()))
           )
           or (select count(distinct e) from jsonb_array_elements(value) as e) <> jsonb_array_length(value) then
          raise exception 'amenities must be distinct amenity keys' using errcode = '22023', hint = key;
        end if;
        facts.amenities := array(select e from jsonb_array_elements_text(value) as e);
      when 'check_in_from' then facts.check_in_from := private.fact_hour(value, key);
      when 'check_in_until' then facts.check_in_until := private.fact_hour(value, key);
      when 'checkout_before' then facts.checkout_before := private.fact_hour(value, key);
      when 'pets_allowed', 'smoking_allowed', 'parties_allowed' then
        if jsonb_typeof(value) not in ('boolean', 'null') then
          raise exception '% must be true, false or null', key using errcode = '22023', hint = key;
        end if;
        case key
          when 'pets_allowed' then facts.pets_allowed := (value #>> '{}')::boolean;
          when 'smoking_allowed' then facts.smoking_allowed := (value #>> '{}')::boolean;
          else facts.parties_allowed := (value #>> '{}')::boolean;
        end case;
      when 'check_in_method' then
        if value <> 'null'::jsonb
           and (jsonb_typeof(value) <> 'string' or not (value #>> '{}' = any (private.check_in_methods()))) then
          raise exception 'check_in_method must be one of % or null', array_to_string(private.check_in_methods(), ', ')
            using errcode = '22023', hint = key;
        end if;
        facts.check_in_method := value #>> '{}';
    end case;
  end loop;
  if facts.check_in_until is not null
     and (facts.check_in_from is null or facts.check_in_until <= facts.check_in_from) then
    raise exception 'check-in must end after it starts' using errcode = '22023', hint = 'check_in_until';
  end if;
  insert into public.room_facts values (facts.*)
  on conflict (room_id) do update
    set amenities = excluded.amenities, check_in_from = excluded.check_in_from,
        check_in_until = excluded.check_in_until, checkout_before = excluded.checkout_before,
        pets_allowed = excluded.pets_allowed, smoking_allowed = excluded.smoking_allowed,
        parties_allowed = excluded.parties_allowed, check_in_method = excluded.check_in_method;
end
$$;

-- What 20261127000400's save_listing takes, plus the facts' keys (private.save_listing_facts).
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

-- 3. Reading them ------------------------------------------------------------------------------------

-- A room's facts as the editor and the listing page read them.
create function private.facts_json(f public.room_facts)
  returns jsonb
  language sql immutable
  set search_path = ''
as $$
  select jsonb_build_object(
    'amenities', to_jsonb(coalesce(f.amenities, '{}')),
    'check_in_from', left(f.check_in_from::text, 5),
    'check_in_until', left(f.check_in_until::text, 5),
    'checkout_before', left(f.checkout_before::text, 5),
    'pets_allowed', f.pets_allowed,
    'smoking_allowed', f.smoking_allowed,
    'parties_allowed', f.parties_allowed,
    'check_in_method', f.check_in_method
  )
$$;

-- The number a review count text starts with ('(18)', '18 reviews'), or 0.
create function private.review_count(p_text text)
  returns integer
  language sql immutable
  set search_path = ''
as $$
  select coalesce(substring(p_text from '[0-9]+')::integer, 0)
$$;

-- A readable place's facts, and what its data says of its host (null for a room the caller may
-- not read). A hosted place's host figures come from the host's places: hosting since the first
-- was created; reviews and rating over the published ones (none yet: reviews do not exist, and
-- a host cannot set them); no response figures until messaging exists. A catalogue place's come
-- from private.catalogue_stats. An unknown figure is null.
create function public.listing_facts(p_room_id bigint)
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select private.facts_json(f) || jsonb_build_object(
    'location_five_star_percent', c.location_five_star_percent,
    'host', case
      when h.room_id is not null then (
        select jsonb_build_object(
          'hosting_since', min(mine.created_at)::date,
          'reviews', coalesce(sum(private.review_count(rr.rating_count)) filter (where mine.status = 'published'), 0),
          'rating', round(
            sum(rr.house_rating * private.review_count(rr.rating_count)) filter (where mine.status = 'published')
              / nullif(sum(private.review_count(rr.rating_count)) filter (where mine.status = 'published' and rr.house_rating is not null), 0),
            2),
          'response_rate', null,
          'response_time', null
        )
        from public.hosted_rooms as mine
        join public."Rooms" as rr on rr.id = mine.room_id
        where mine.host_id = h.host_id
      )
      when c.room_id is not null then jsonb_build_object(
        'hosting_since', c.hosting_since, 'reviews', c.host_reviews, 'rating', c.host_rating,
        'response_rate', c.response_rate, 'response_time', c.response_time
      )
      else jsonb_build_object('hosting_since', null, 'reviews', 0, 'rating', null, 'response_rate', null, 'response_time', null)
    end
  )
  from public."Rooms" as r
  left join public.room_facts as f on f.room_id = r.id
  left join public.hosted_rooms as h on h.room_id = r.id
  left join private.catalogue_stats as c on c.room_id = r.id
  where r.id = p_room_id
    and r.id <> all (coalesce(private.draft_room_ids(), '{}'))
$$;

drop function public.my_listings();
-- The caller's places, newest first, each with its publication status, its cancellation policy,
-- its currency and price in it (null until set), its facts and its row.
create function public.my_listings()
  returns table (room_id bigint, status text, cancellation_policy text, currency text, local_price numeric, facts jsonb, room jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  select h.room_id, h.status, coalesce(c.policy, 'moderate'), h.currency, h.local_price,
         private.facts_json(f), to_jsonb(r)
  from public.hosted_rooms as h
  join public."Rooms" as r on r.id = h.room_id
  left join public.room_cancellation_policies as c on c.room_id = h.room_id
  left join public.room_facts as f on f.room_id = h.room_id
  where h.host_id = auth.uid()
  order by h.created_at desc, h.room_id desc
$$;

-- 4. The catalogue's data -------------------------------------------------------------------------------

-- The spec's fixed texts, as the data of every catalogue place (a room no host lists) that has
-- none yet: its amenities and house rules as a host would enter them, and its host's figures.
-- Six and a half years of hosting from the day the catalogue is seeded: '6 years hosting' for
-- months, then more, as time goes on. The 95% five-star location only for a place with reviews.
create function private.add_catalogue_facts()
  returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.room_facts (
    room_id, amenities, check_in_from, check_in_until, checkout_before, pets_allowed, check_in_method
  )
  select r.id, array['kitchen', 'wifi', 'free_street_parking', 'private_hot_tub', 'tv', 'lift', 'air_conditioning'],
         '14:00', '21:00', '12:00', true, 'keypad'
  from public."Rooms" as r
  where not exists (select 1 from public.hosted_rooms as h where h.room_id = r.id)
  on conflict (room_id) do nothing;
  insert into private.catalogue_stats (
    room_id, hosting_since, host_reviews, host_rating, response_rate, response_time, location_five_star_percent
  )
  select r.id, (current_date - interval '6 years 6 months')::date, 1607, 4.34, 100, 'within an hour',
         case when private.review_count(r.rating_count) > 0 then 95 end
  from public."Rooms" as r
  where not exists (select 1 from public.hosted_rooms as h where h.room_id = r.id)
  on conflict (room_id) do nothing;
$$;

select private.add_catalogue_facts();

-- Execute rights ---------------------------------------------------------------------------------------------

-- (amenity_keys and check_in_methods stay executable: the table's checks call them.)
revoke execute on function
  private.fact_hour(jsonb, text),
  private.save_listing_facts(bigint, jsonb),
  private.facts_json(public.room_facts),
  private.review_count(text),
  private.add_catalogue_facts(),
  public.listing_facts(bigint),
  public.my_listings()
from public, anon, authenticated, service_role;
grant execute on function public.listing_facts(bigint) to anon, authenticated, service_role;
grant execute on function public.my_listings() to authenticated;
