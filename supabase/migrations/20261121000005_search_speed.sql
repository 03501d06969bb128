-- Search over 100,000 rooms without reading the wide "Rooms" rows: one narrow index holds every
-- column search_rooms tests, so counting matches is an index-only scan (about a tenth of the table
-- scan's cost once the rows carry descriptions); search_rooms plans with fewer helper calls; and
-- destination_suggestions groups before it compares text (one comparison per place, not per room).

create index rooms_search_idx on public."Rooms" (search_mask_12, search_mask_34, max_guests, id)
  include (search_letter_counts);

create or replace function public.destination_suggestions(q text)
  returns table (city text, country text)
  language sql stable
as $$
  select d.city, d.country
  from (
    select r.city, r.country, count(*) as rooms
    from public."Rooms" as r
    group by r.city, r.country
  ) as d
  where strpos(lower(d.city || ', ' || d.country), lower(btrim(coalesce(q, '')))) > 0
  order by
    (starts_with(lower(d.city), lower(btrim(coalesce(q, ''))))
      or starts_with(lower(d.country), lower(btrim(coalesce(q, ''))))) desc,
    d.rooms desc,
    d.city
  limit 10
$$;

-- The most times any one letter occurs (0 for no letters).
create function public.letter_max(t text) returns integer
  language sql immutable parallel safe
as $$
  select coalesce(max(c), 0) from unnest(public.letter_counts(t)) as c
$$;

revoke execute on function public.letter_max(text) from public;
grant execute on function public.letter_max(text) to anon, authenticated, service_role;

-- Same rule as in 20261121000004; the 26 per-letter terms now sit behind one folded test
-- (letter_max(search_text) <= 4), so planning a search evaluates a handful of helper calls
-- instead of some sixty.
create or replace function public.search_rooms(
  search_text text,
  check_in date default null,
  check_out date default null,
  guests integer default null
)
  returns setof public."Rooms"
  language sql stable
as $fn$
  select r.*
  from public."Rooms" as r
  where case
    when length(public.search_letters(search_text)) < 10 then
      -- fewer than 10 letters: none may be missing
      (r.search_mask_12 & public.occurrence_mask((public.letter_counts(search_text)), 1)) = public.occurrence_mask((public.letter_counts(search_text)), 1)
      and (public.occurrence_mask((public.letter_counts(search_text)), 3) = 0
           or (r.search_mask_34 & public.occurrence_mask((public.letter_counts(search_text)), 3)) = public.occurrence_mask((public.letter_counts(search_text)), 3))
      and (
        public.letter_max(search_text) <= 4
        or (
          ((public.letter_counts(search_text))[1] <= 4 or r.search_letter_counts[1] >= (public.letter_counts(search_text))[1])
          and ((public.letter_counts(search_text))[2] <= 4 or r.search_letter_counts[2] >= (public.letter_counts(search_text))[2])
          and ((public.letter_counts(search_text))[3] <= 4 or r.search_letter_counts[3] >= (public.letter_counts(search_text))[3])
          and ((public.letter_counts(search_text))[4] <= 4 or r.search_letter_counts[4] >= (public.letter_counts(search_text))[4])
          and ((public.letter_counts(search_text))[5] <= 4 or r.search_letter_counts[5] >= (public.letter_counts(search_text))[5])
          and ((public.letter_counts(search_text))[6] <= 4 or r.search_letter_counts[6] >= (public.letter_counts(search_text))[6])
          and ((public.letter_counts(search_text))[7] <= 4 or r.search_letter_counts[7] >= (public.letter_counts(search_text))[7])
          and ((public.letter_counts(search_text))[8] <= 4 or r.search_letter_counts[8] >= (public.letter_counts(search_text))[8])
          and ((public.letter_counts(search_text))[9] <= 4 or r.search_letter_counts[9] >= (public.letter_counts(search_text))[9])
          and ((public.letter_counts(search_text))[10] <= 4 or r.search_letter_counts[10] >= (public.letter_counts(search_text))[10])
          and ((public.letter_counts(search_text))[11] <= 4 or r.search_letter_counts[11] >= (public.letter_counts(search_text))[11])
          and ((public.letter_counts(search_text))[12] <= 4 or r.search_letter_counts[12] >= (public.letter_counts(search_text))[12])
          and ((public.letter_counts(search_text))[13] <= 4 or r.search_letter_counts[13] >= (public.letter_counts(search_text))[13])
          and ((public.letter_counts(search_text))[14] <= 4 or r.search_letter_counts[14] >= (public.letter_counts(search_text))[14])
          and ((public.letter_counts(search_text))[15] <= 4 or r.search_letter_counts[15] >= (public.letter_counts(search_text))[15])
          and ((public.letter_counts(search_text))[16] <= 4 or r.search_letter_counts[16] >= (public.letter_counts(search_text))[16])
          and ((public.letter_counts(search_text))[17] <= 4 or r.search_letter_counts[17] >= (public.letter_counts(search_text))[17])
          and ((public.letter_counts(search_text))[18] <= 4 or r.search_letter_counts[18] >= (public.letter_counts(search_text))[18])
          and ((public.letter_counts(search_text))[19] <= 4 or r.search_letter_counts[19] >= (public.letter_counts(search_text))[19])
          and ((public.letter_counts(search_text))[20] <= 4 or r.search_letter_counts[20] >= (public.letter_counts(search_text))[20])
          and ((public.letter_counts(search_text))[21] <= 4 or r.search_letter_counts[21] >= (public.letter_counts(search_text))[21])
          and ((public.letter_counts(search_text))[22] <= 4 or r.search_letter_counts[22] >= (public.letter_counts(search_text))[22])
          and ((public.letter_counts(search_text))[23] <= 4 or r.search_letter_counts[23] >= (public.letter_counts(search_text))[23])
          and ((public.letter_counts(search_text))[24] <= 4 or r.search_letter_counts[24] >= (public.letter_counts(search_text))[24])
          and ((public.letter_counts(search_text))[25] <= 4 or r.search_letter_counts[25] >= (public.letter_counts(search_text))[25])
          and ((public.letter_counts(search_text))[26] <= 4 or r.search_letter_counts[26] >= (public.letter_counts(search_text))[26])
        )
      )
    else
      bit_count((public.occurrence_mask((public.letter_counts(search_text)), 1) & ~r.search_mask_12)::bit(64))
      + case when public.occurrence_mask((public.letter_counts(search_text)), 3) = 0 then 0
             else bit_count((public.occurrence_mask((public.letter_counts(search_text)), 3) & ~r.search_mask_34)::bit(64)) end
      + case when public.letter_max(search_text) <= 4 then 0
             else (
              case when (public.letter_counts(search_text))[1] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[1] - greatest(r.search_letter_counts[1], 4)) end
              + case when (public.letter_counts(search_text))[2] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[2] - greatest(r.search_letter_counts[2], 4)) end
              + case when (public.letter_counts(search_text))[3] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[3] - greatest(r.search_letter_counts[3], 4)) end
              + case when (public.letter_counts(search_text))[4] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[4] - greatest(r.search_letter_counts[4], 4)) end
              + case when (public.letter_counts(search_text))[5] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[5] - greatest(r.search_letter_counts[5], 4)) end
              + case when (public.letter_counts(search_text))[6] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[6] - greatest(r.search_letter_counts[6], 4)) end
              + case when (public.letter_counts(search_text))[7] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[7] - greatest(r.search_letter_counts[7], 4)) end
              + case when (public.letter_counts(search_text))[8] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[8] - greatest(r.search_letter_counts[8], 4)) end
              + case when (public.letter_counts(search_text))[9] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[9] - greatest(r.search_letter_counts[9], 4)) end
              + case when (public.letter_counts(search_text))[10] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[10] - greatest(r.search_letter_counts[10], 4)) end
              + case when (public.letter_counts(search_text))[11] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[11] - greatest(r.search_letter_counts[11], 4)) end
              + case when (public.letter_counts(search_text))[12] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[12] - greatest(r.search_letter_counts[12], 4)) end
              + case when (public.letter_counts(search_text))[13] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[13] - greatest(r.search_letter_counts[13], 4)) end
              + case when (public.letter_counts(search_text))[14] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[14] - greatest(r.search_letter_counts[14], 4)) end
              + case when (public.letter_counts(search_text))[15] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[15] - greatest(r.search_letter_counts[15], 4)) end
              + case when (public.letter_counts(search_text))[16] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[16] - greatest(r.search_letter_counts[16], 4)) end
              + case when (public.letter_counts(search_text))[17] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[17] - greatest(r.search_letter_counts[17], 4)) end
              + case when (public.letter_counts(search_text))[18] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[18] - greatest(r.search_letter_counts[18], 4)) end
              + case when (public.letter_counts(search_text))[19] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[19] - greatest(r.search_letter_counts[19], 4)) end
              + case when (public.letter_counts(search_text))[20] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[20] - greatest(r.search_letter_counts[20], 4)) end
              + case when (public.letter_counts(search_text))[21] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[21] - greatest(r.search_letter_counts[21], 4)) end
              + case when (public.letter_counts(search_text))[22] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[22] - greatest(r.search_letter_counts[22], 4)) end
              + case when (public.letter_counts(search_text))[23] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[23] - greatest(r.search_letter_counts[23], 4)) end
              + case when (public.letter_counts(search_text))[24] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[24] - greatest(r.search_letter_counts[24], 4)) end
              + case when (public.letter_counts(search_text))[25] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[25] - greatest(r.search_letter_counts[25], 4)) end
              + case when (public.letter_counts(search_text))[26] <= 4 then 0 else greatest(0, (public.letter_counts(search_text))[26] - greatest(r.search_letter_counts[26], 4)) end
             ) end
      <= length(public.search_letters(search_text)) / 10
  end
  and (guests is null or r.max_guests >= guests)
  and (
    coalesce(check_in, check_out) is null
    or r.id not in (
      select public.booked_room_ids(coalesce(check_in, check_out - 1), coalesce(check_out, check_in + 1))
    )
  )
$fn$;
