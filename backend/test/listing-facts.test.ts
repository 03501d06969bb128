// Issue 29, only true facts: a listing's amenities, house rules and check-in are what its host
// entered (save_listing, checked, for their own places only), the page's read (listing_facts)
// answers them and what the data says of the host, and the seed catalogue carries the spec's
// fixed texts as such data. Against the real backend on PGlite, with supabase-js.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_KEYS, CHECK_IN_METHODS } from '../../shared/src/rules/listingFacts.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver } from './support/checkout.ts';

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

const NOTHING_ENTERED = {
  amenities: [],
  check_in_from: null,
  check_in_until: null,
  checkout_before: null,
  pets_allowed: null,
  smoking_allowed: null,
  parties_allowed: null,
  check_in_method: null,
};

describe.each(databases())('listing facts on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;
  let other: User;

  const photo = (userId: string, n: number) =>
    `/storage/v1/object/public/listing-photos/hosts/${userId}/${n.toString(16).padStart(32, '0')}`;
  const complete = (userId: string) => ({
    category: 'Beach',
    title: 'Quiet house by the dunes',
    description: 'Two rooms, a garden and the sea at the end of the lane.',
    address: '1 Dune Lane',
    city: 'Quillbury',
    country: 'Testland',
    lat: 51.5,
    lng: -0.12,
    currency: 'USD',
    price: 100,
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    images: [photo(userId, 1)],
  });

  async function newListing(user: User): Promise<number> {
    const { data, error } = await user.client.rpc('create_listing');
    if (error) throw error;
    return data as number;
  }
  const save = (user: User | { client: SupabaseClient }, id: number, fields: Record<string, unknown>) =>
    user.client.rpc('save_listing', { p_room_id: id, p_fields: fields });
  const factsOf = async (client: SupabaseClient, id: number) => (await client.rpc('listing_facts', { p_room_id: id })).data;
  const editorFacts = async (user: User, id: number) =>
    ((await user.client.rpc('my_listings')).data as Array<{ room_id: number; facts: unknown }>).find((l) => l.room_id === id)?.facts;

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '20' } });
    anon = backend.client();
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `facts-${kind}-`);
    host = await driver.signedInUser();
    other = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("the database's vocabularies are the shared rule's", async () => {
    const { rows } = await backend.ctx.db.query<{ amenities: string[]; methods: string[] }>(
      'select private.amenity_keys() as amenities, private.check_in_methods() as methods',
    );
    expect(rows[0]).toEqual({ amenities: AMENITY_KEYS, methods: [...CHECK_IN_METHODS] });
  });

  it("the seed catalogue holds the spec's fixed texts as its data", async () => {
    const facts = await factsOf(anon, 1);
    const { data: room } = await anon.from('Rooms').select('rating_count').eq('id', 1).single();
    const reviewed = /[1-9]/.test((room as { rating_count: string }).rating_count);
    expect(facts).toEqual({
      amenities: ['kitchen', 'wifi', 'free_street_parking', 'private_hot_tub', 'tv', 'lift', 'air_conditioning'],
      check_in_from: '14:00',
      check_in_until: '21:00',
      checkout_before: '12:00',
      pets_allowed: true,
      smoking_allowed: null,
      parties_allowed: null,
      check_in_method: 'keypad',
      location_five_star_percent: reviewed ? 95 : null,
      host: {
        hosting_since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reviews: 1607,
        rating: 4.34,
        response_rate: 100,
        response_time: 'within an hour',
      },
    });
    // Six and a half years before the seed: '6 years hosting'.
    const since = new Date(`${(facts as { host: { hosting_since: string } }).host.hosting_since}T00:00:00Z`);
    const years = (Date.now() - since.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(6.4);
    expect(years).toBeLessThan(6.6);
  });

  it("a new host's place has no facts until the host enters them, and no figures the data does not hold", async () => {
    const id = await newListing(host);
    expect((await save(host, id, complete(host.id))).error).toBeNull();
    expect(await editorFacts(host, id)).toEqual(NOTHING_ENTERED);
    // A draft: nobody reads its facts, its host included (the "Rooms" rule).
    for (const client of [anon, host.client, other.client]) expect(await factsOf(client, id)).toBeNull();
    expect((await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true })).error).toBeNull();
    expect(await factsOf(anon, id)).toEqual({
      ...NOTHING_ENTERED,
      location_five_star_percent: null,
      host: { hosting_since: new Date().toISOString().slice(0, 10), reviews: 0, rating: null, response_rate: null, response_time: null },
    });
  });

  it('a host enters amenities, house rules and check-in; the page reads exactly those; null clears one', async () => {
    const id = await newListing(host);
    const entered = {
      amenities: ['wifi', 'washer', 'smoke_alarm'],
      check_in_from: '15:00',
      check_in_until: '22:00',
      checkout_before: '11:00',
      pets_allowed: false,
      smoking_allowed: false,
      parties_allowed: true,
      check_in_method: 'lockbox',
    };
    expect((await save(host, id, { ...complete(host.id), ...entered })).error).toBeNull();
    expect(await editorFacts(host, id)).toEqual(entered);
    expect((await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true })).error).toBeNull();
    expect(await factsOf(other.client, id)).toMatchObject(entered);

    // Keys left out keep their values; null unsets.
    expect((await save(host, id, { check_in_until: null, parties_allowed: null, check_in_method: null })).error).toBeNull();
    expect(await factsOf(anon, id)).toMatchObject({
      ...entered,
      check_in_until: null,
      parties_allowed: null,
      check_in_method: null,
    });
  });

  it.each([
    ['amenities', 'wifi', 'amenities'],
    ['amenities', ['wifi', 'jacuzzi'], 'amenities'],
    ['amenities', ['wifi', 'wifi'], 'amenities'],
    ['amenities', [1], 'amenities'],
    ['check_in_from', '14:30', 'check_in_from'],
    ['check_in_from', '24:00', 'check_in_from'],
    ['check_in_from', '2pm', 'check_in_from'],
    ['check_in_from', 14, 'check_in_from'],
    ['checkout_before', "12:00'; drop table room_facts; --", 'checkout_before'],
    ['check_in_until', '13:00', 'check_in_until'],
    ['pets_allowed', 'yes', 'pets_allowed'],
    ['smoking_allowed', 0, 'smoking_allowed'],
    ['check_in_method', 'window', 'check_in_method'],
    ['check_in_method', ['keypad'], 'check_in_method'],
  ])('%s = %j is refused (22023, hint %s) and nothing is written', async (key, value, hint) => {
    const id = await newListing(host);
    expect((await save(host, id, { check_in_from: '14:00', amenities: ['tv'] })).error).toBeNull();
    const { error } = await save(host, id, { parties_allowed: true, [key]: value });
    expect([error?.code, error?.hint]).toEqual(['22023', hint]);
    expect(await editorFacts(host, id)).toEqual({ ...NOTHING_ENTERED, check_in_from: '14:00', amenities: ['tv'] });
  });

  it('a check-in window needs its start, and ends after it', async () => {
    const id = await newListing(host);
    expect((await save(host, id, { check_in_until: '20:00' })).error?.hint).toBe('check_in_until');
    expect((await save(host, id, { check_in_from: '20:00', check_in_until: '20:00' })).error?.hint).toBe('check_in_until');
    expect((await save(host, id, { check_in_from: '20:00', check_in_until: '23:00' })).error).toBeNull();
    // Moving the start past the end is refused too.
    expect((await save(host, id, { check_in_from: '23:00' })).error?.hint).toBe('check_in_until');
  });

  it("nobody else writes a place's facts: not another user, not anon, not on a seeded room, not by writing the table", async () => {
    const id = await newListing(host);
    expect((await save(host, id, { amenities: ['tv'] })).error).toBeNull();
    expect((await save(other, id, { amenities: ['pool'] })).error?.code).toBe('42501');
    expect((await save({ client: anon }, id, { amenities: ['pool'] })).error?.code).toBe('42501');
    expect((await save(other, 1, { amenities: ['pool'] })).error?.code).toBe('42501');
    for (const client of [anon, other.client, host.client]) {
      expect((await client.from('room_facts').insert({ room_id: id, amenities: ['pool'] })).error?.code).toBe('42501');
      expect((await client.from('room_facts').update({ amenities: ['pool'] }).eq('room_id', 1)).error?.code).toBe('42501');
      expect((await client.from('room_facts').select('room_id')).error?.code).toBe('42501');
    }
    expect((await service.from('room_facts').update({ amenities: ['pool'] }).eq('room_id', id)).error?.code).toBe('42501');
    expect(await editorFacts(host, id)).toMatchObject({ amenities: ['tv'] });
    expect((await factsOf(anon, 1)) as { amenities: string[] }).toMatchObject({ amenities: expect.not.arrayContaining(['pool']) });
  });

  it("a host's figures are their own: hosting since their first place, no reviews, no response figures", async () => {
    const first = await newListing(other);
    const { rows } = await backend.ctx.db.query<{ created: string }>(
      `update public.hosted_rooms set created_at = now() - interval '2 years 1 month' where room_id = $1
       returning (created_at at time zone 'UTC')::date::text as created`,
      [first],
    );
    const second = await newListing(other);
    expect((await save(other, second, complete(other.id))).error).toBeNull();
    expect((await other.client.rpc('set_listing_published', { p_room_id: second, p_published: true })).error).toBeNull();
    expect(((await factsOf(anon, second)) as { host: unknown }).host).toEqual({
      hosting_since: rows[0]!.created,
      reviews: 0,
      rating: null,
      response_rate: null,
      response_time: null,
    });
    // Reviews come from the host's published places' counts and ratings (written by the server, never the host).
    await backend.ctx.db.query(`update public."Rooms" set rating_count = '(10)', house_rating = 4.5 where id = $1`, [second]);
    expect(((await factsOf(anon, second)) as { host: unknown }).host).toMatchObject({ reviews: 10, rating: 4.5 });
    expect((await save(other, second, { rating_count: '(999)' })).error?.code).toBe('22023');
  });
});
