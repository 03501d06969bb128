// The seed catalogue's reviews as rows of public.reviews (migration 20261128000600_reviews.sql):
// each listing gets as many stay reviews as its generated rating_count says, scored so that their
// average is its generated rating, then its figures are computed from them like any listing's.
// They have no author account (booking_id and author_id null): the four most recent carry the
// four sample texts below under a first name and a place, the older ones are ratings only.
import type { BackendContext } from '../context.ts';

const SAMPLES = [
  {
    name: 'Maya',
    location: 'Lisbon, Portugal',
    text: 'Exactly as pictured and spotless. The host answered every question within minutes and the check-in was effortless.',
  },
  {
    name: 'Daniel',
    location: 'Toronto, Canada',
    text: 'A quiet, comfortable place in a great spot. We walked everywhere and came back to a cosy home each evening.',
  },
  {
    name: 'Priya',
    location: 'Pune, India',
    text: 'The photos do not do it justice. Beds were comfortable, the kitchen had everything we needed, and the views were lovely.',
  },
  {
    name: 'Lukas',
    location: 'Munich, Germany',
    text: 'Great value and a very kind host. Clear instructions, fast wifi for remote work, and a neighbourhood full of good food.',
  },
];

/** Writes the catalogue's reviews and the figures computed from them (skipped without the table). */
export async function seedReviews(ctx: BackendContext): Promise<void> {
  const { rows } = await ctx.db.query<{ ok: boolean }>(`select to_regclass('public.reviews') is not null as ok`);
  if (!rows[0]!.ok) return;
  await ctx.db.query(
    `with samples as (
       select (s.k - 1)::int as k, s.v ->> 'name' as name, s.v ->> 'location' as location, s.v ->> 'text' as text
       from jsonb_array_elements($1::jsonb) with ordinality as s(v, k)
     ), rooms as (
       select id, house_rating as target, coalesce(substring(rating_count from '\\d+')::int, 0) as n
       from public."Rooms" where house_rating is not null
     )
     insert into public.reviews (room_id, kind, author_name, author_location, rating, cleanliness, accuracy,
                                 check_in, communication, location, value, body, created_at, published_at, counted)
     select r.id, 'stay', s.name, s.location, v.rating, v.rating, v.rating, least(5, v.rating + (i % 3 = 0)::int),
            v.rating, greatest(1, v.rating - (i % 4 = 0)::int), greatest(1, v.rating - (i % 5 = 0)::int),
            case when i <= 4 then s.text else '' end, t.at, t.at, true
     from rooms as r
     cross join lateral generate_series(1, r.n) as i
     cross join lateral (
       select least(5, floor(r.target)::int + (i <= round((r.target - floor(r.target)) * r.n))::int) as rating
     ) as v
     join samples as s on s.k = (i - 1) % 4
     cross join lateral (select now() - make_interval(days => 9 * i + (r.id % 9)::int) as at) as t`,
    [JSON.stringify(SAMPLES)],
  );
  // Every listing's figures from its rows (counted here in one pass rather than row by row by
  // count_published_reviews, with the same sums and rounding): none for a listing without reviews.
  await ctx.db.exec(
    `insert into public.room_ratings (room_id, review_count, rating_sum, cleanliness_sum, accuracy_sum, check_in_sum,
                                      communication_sum, location_sum, value_sum)
     select room_id, count(*), sum(rating), sum(cleanliness), sum(accuracy), sum(check_in), sum(communication),
            sum(location), sum(value)
     from public.reviews group by room_id;
     update public."Rooms" as r
     set house_rating = round(t.rating_sum::numeric / t.review_count, 2), rating_count = '(' || t.review_count || ')'
     from public.room_ratings as t where t.room_id = r.id;
     update public."Rooms" as r set house_rating = null, rating_count = ''
     where not exists (select 1 from public.room_ratings as t where t.room_id = r.id);`,
  );
}
