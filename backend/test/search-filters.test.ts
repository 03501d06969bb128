// Issue 43's filters and card dates: search_rooms' filter parameters (price in the card's nightly
// dollars, type of place, bedrooms, beds, bathrooms, amenities, instant book), each alone and
// together, with a place, a box and no text; the price histogram of a search; and next_free_stays,
// each card's next free 5-night stay from the bookings and the host's blocked nights. The rooms
// are the test's own, in a city no seeded room is in.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { isoDay } from './support/checkout.ts';
import { HOST_CITY, publishedListing } from './support/listings.ts';

interface User {
  client: SupabaseClient;
  id: string;
  email: string;
}

/** The test's places: [name, listing fields, instant book]. */
const PLACES: [string, Record<string, unknown>, boolean][] = [
  ['cheap', { price: 83 * 50, bedrooms: 1, beds: 1, baths: 1, amenities: ['wifi'] }, true],
  ['middle', { price: 83 * 120, bedrooms: 2, beds: 3, baths: 1, amenities: ['wifi', 'kitchen', 'pool'] }, false],
  ['dear', { price: 83 * 400, bedrooms: 4, beds: 5, baths: 3, amenities: ['kitchen', 'pool'] }, true],
  ['room', { price: 83 * 70, category: 'Rooms', bedrooms: 1, beds: 2, baths: 1, amenities: [] }, true],
];
/** The box around HOST_CITY's test points (51.5, -0.12). */
const BOX = { box_west: -0.2, box_south: 51.4, box_east: 0, box_north: 51.6 };

describe.each(databases('server'))('search filters and card dates on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let host: User;
  const ids: Record<string, number> = {};

  async function user(name: string): Promise<User> {
    const email = `search-filters-${kind}-${name}@example.com`;
    const client = backend.client();
    const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery', options: { data: { name } } });
    if (error || !data.user) throw error ?? new Error('sign-up gave no user');
    return { client, id: data.user.id, email };
  }

  /** The test's places a search finds, by name, in the search's order. */
  async function found(args: Record<string, unknown>): Promise<string[]> {
    const r = await anon.rpc('search_rooms', { search_text: '', ...args }).select('id').range(0, 1999);
    expect(r.error).toBeNull();
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (r.data as { id: number }[]).flatMap((row) => byId.get(row.id) ?? []);
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '40' } });
    anon = backend.client();
    service = backend.client(backend.keys.serviceRoleKey);
    host = await user('Hosta');
    for (const [name, fields, instant] of PLACES) {
      ids[name] = await publishedListing(host, { title: `The ${name} place`, ...fields });
      if (!instant) expect((await host.client.rpc('set_instant_book', { p_room_id: ids[name], p_instant: false })).error).toBeNull();
    }
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('without filters a place search finds every place of the test', async () => {
    expect(new Set(await found({ search_text: HOST_CITY }))).toEqual(new Set(['cheap', 'middle', 'dear', 'room']));
  });

  it.each([
    ['the lowest price (inclusive)', { min_price: 70 }, ['middle', 'dear', 'room']],
    ['the highest price (inclusive)', { max_price: 120 }, ['cheap', 'middle', 'room']],
    ['a price range', { min_price: 60, max_price: 130 }, ['middle', 'room']],
    ['an entire place', { place_type: 'entire' }, ['cheap', 'middle', 'dear']],
    ['a private room', { place_type: 'room' }, ['room']],
    ['bedrooms (at least)', { min_bedrooms: 2 }, ['middle', 'dear']],
    ['beds (at least)', { min_beds: 2 }, ['middle', 'dear', 'room']],
    ['bathrooms (at least)', { min_bathrooms: 3 }, ['dear']],
    ['one amenity', { amenities: ['wifi'] }, ['cheap', 'middle']],
    ['every amenity asked for', { amenities: ['kitchen', 'pool'] }, ['middle', 'dear']],
    ['no amenity asked for', { amenities: [] }, ['cheap', 'middle', 'dear', 'room']],
    ['instant book', { instant_book: true }, ['cheap', 'dear', 'room']],
    ['instant book false is no filter', { instant_book: false }, ['cheap', 'middle', 'dear', 'room']],
    ['them all together', { min_price: 100, place_type: 'entire', min_bedrooms: 2, min_beds: 3, min_bathrooms: 1, amenities: ['pool'], instant_book: true }, ['dear']],
    ['a combination nothing passes', { max_price: 60, amenities: ['pool'] }, []],
  ])('%s: with a place, a map box and no text', async (_name, filters, expected) => {
    expect(new Set(await found({ search_text: HOST_CITY, ...filters }))).toEqual(new Set(expected));
    expect(new Set(await found({ ...BOX, ...filters }))).toEqual(new Set(expected));
    expect(new Set(await found(filters))).toEqual(new Set(expected));
  });

  it('no text with filters pages every room that passes, by id, and counts them', async () => {
    const r = await anon.rpc('search_rooms', { search_text: '', max_price: 60 }, { count: 'exact' }).select('id, nightly_usd').range(0, 1999);
    expect(r.error).toBeNull();
    const rows = r.data as { id: number; nightly_usd: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(r.count).toBe(rows.length);
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => a - b));
    for (const row of rows) expect(row.nightly_usd).toBeLessThanOrEqual(60);
    expect(rows.map((row) => row.id)).toContain(ids.cheap);
  });

  it('a draft is never found, and a place unpublished leaves the filtered search', async () => {
    expect((await host.client.rpc('set_listing_published', { p_room_id: ids.cheap, p_published: false })).error).toBeNull();
    expect(await found({ max_price: 55 })).not.toContain('cheap');
    expect((await host.client.rpc('set_listing_published', { p_room_id: ids.cheap, p_published: true })).error).toBeNull();
    expect(await found({ max_price: 55 })).toContain('cheap');
  });

  it("a host's changes reach the filters at once (amenities, instant book)", async () => {
    expect((await host.client.rpc('save_listing', { p_room_id: ids.room, p_fields: { amenities: ['pool'] } })).error).toBeNull();
    expect(new Set(await found({ search_text: HOST_CITY, amenities: ['pool'] }))).toEqual(new Set(['middle', 'dear', 'room']));
    expect((await host.client.rpc('set_instant_book', { p_room_id: ids.middle, p_instant: true })).error).toBeNull();
    expect(await found({ search_text: HOST_CITY, instant_book: true })).toContain('middle');
    expect((await host.client.rpc('set_instant_book', { p_room_id: ids.middle, p_instant: false })).error).toBeNull();
    expect((await host.client.rpc('save_listing', { p_room_id: ids.room, p_fields: { amenities: [] } })).error).toBeNull();
  });

  it("the price histogram counts the search's homes in $20 bands, every filter but the price applied", async () => {
    const r = await anon.rpc('search_price_histogram', { search_text: HOST_CITY });
    expect(r.error).toBeNull();
    // $50 in band 2, $70 in 3, $120 in 6, $400 in 20
    expect(r.data).toEqual([
      { band: 2, homes: 1 },
      { band: 3, homes: 1 },
      { band: 6, homes: 1 },
      { band: 20, homes: 1 },
    ]);
    const entire = await anon.rpc('search_price_histogram', { search_text: HOST_CITY, place_type: 'entire', min_bedrooms: 2 });
    expect(entire.data).toEqual([
      { band: 6, homes: 1 },
      { band: 20, homes: 1 },
    ]);
  });

  it("next_free_stays gives each room its first 5 free nights from today, around bookings and blocked nights", async () => {
    const guest = await user('Guesta');
    const book = async (roomId: number, from: number, to: number, status = 'confirmed') => {
      const { error } = await service
        .from('Bookings')
        .insert({ user_id: guest.id, user_email: guest.email, room_id: roomId, startDate: isoDay(from), endDate: isoDay(to), numOfDays: to - from, status });
      expect(error).toBeNull();
    };
    // cheap: booked from today for 3 nights, then a 4-night gap (too short), then blocked
    await book(ids.cheap!, 0, 3);
    expect((await host.client.from('room_blocked_dates').insert({ room_id: ids.cheap, start_date: isoDay(7), end_date: isoDay(9) })).error).toBeNull();
    // middle: a cancelled stay takes nothing
    await book(ids.middle!, 0, 10, 'cancelled');
    // dear: a requested stay from tomorrow; today alone is too short
    await book(ids.dear!, 1, 4, 'requested');

    const r = await anon.rpc('next_free_stays', { room_ids: [ids.cheap, ids.middle, ids.dear, ids.room, 987654321] });
    expect(r.error).toBeNull();
    expect(r.data).toEqual(
      [
        { room_id: ids.cheap, check_in: isoDay(9), check_out: isoDay(14) },
        { room_id: ids.middle, check_in: isoDay(0), check_out: isoDay(5) },
        { room_id: ids.dear, check_in: isoDay(4), check_out: isoDay(9) },
        { room_id: ids.room, check_in: isoDay(0), check_out: isoDay(5) },
      ].sort((a, b) => a.room_id! - b.room_id!),
    );
    // a seeded room, unbooked: from today
    const seeded = await anon.from('Rooms').select('id').order('id').limit(1).single();
    const own = await anon.rpc('next_free_stays', { room_ids: [seeded.data!.id], nights: 5 });
    expect(own.data).toEqual([{ room_id: seeded.data!.id, check_in: isoDay(0), check_out: isoDay(5) }]);
  });
});
