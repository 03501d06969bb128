// The street is private until a stay is booked (issue 40, item 3), against the real backend on
// PGlite and on PostgreSQL (as its non-superuser role), with supabase-js: a hosted place's street and exact point are read
// (room_locations, under RLS) only by its host and by a traveller with a confirmed, paid stay;
// everyone else (anon, another user, a traveller whose stay was cancelled or is only pending)
// reads the area ('City, Country') and an approximate point 200-600 m away, the same on every
// read, through REST, embeds, search_rooms and the other functions.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kilometresBetween } from '../../shared/src/rules/distance.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { publishedListing } from './support/listings.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));
const STREET = 'Rua das Flores 12';
const EXACT = { lat: 38.7105, lng: -9.1425 };

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

describe.each(databases('server'))('exact location on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;
  let other: User;
  let booked: User;
  let cancelled: User;
  let pending: User;
  let roomId: number;

  /** A new traveller's paid stay of the room from `fromDay`: the traveller and the payment id. */
  async function paidStay(fromDay: number): Promise<{ traveller: User; paymentId: string }> {
    const traveller = await driver.signedInUser();
    const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(roomId, 2, { startDate: isoDay(fromDay), endDate: isoDay(fromDay + 2) }));
    expect(created.status).toBe(200);
    await driver.payWith(created.body.clientSecret);
    const finalized = await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
    expect(finalized.status).toBe(200);
    return { traveller, paymentId: finalized.body.payment.id as string };
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS, env: { SEED_ROOMS: '10' } });
    service = backend.client(backend.keys.serviceRoleKey);
    anon = backend.client();
    driver = checkoutDriver(backend, `exact-${kind}-`);
    host = await driver.signedInUser();
    other = await driver.signedInUser();
    roomId = await publishedListing(host, { address: STREET, city: 'Lisbon', country: 'Portugal', ...EXACT, currency: 'EUR', price: 120 });
    booked = (await paidStay(20)).traveller;
    const toCancel = await paidStay(30);
    cancelled = toCancel.traveller;
    expect((await driver.invoke(cancelled.client, 'cancel-booking', { paymentId: toCancel.paymentId })).status).toBe(200);
    pending = await driver.signedInUser();
    expect((await driver.invoke(pending.client, 'create-payment-intent', stayRequest(roomId, 2, { startDate: isoDay(40), endDate: isoDay(42) }))).status).toBe(200);
  });
  afterAll(async () => {
    await backend?.close();
  });

  const readers = () => ({ anon, other: other.client, host: host.client, booked: booked.client, cancelled: cancelled.client, pending: pending.client });
  const strangers = () => ({ anon, other: other.client, cancelled: cancelled.client, pending: pending.client });
  /**
   * Nothing of the street or the exact point in a body: no street, no point (an object's lat and
   * lng) within 100 m of the true one, and not both true coordinates anywhere. One coordinate alone
   * may be the true one's: the approximate point, due north or east of it, keeps the other.
   */
  const expectNoExact = (body: unknown) => {
    const text = JSON.stringify(body);
    expect(text).not.toContain('Flores');
    const points: Array<{ lat: number; lng: number }> = [];
    JSON.parse(text, (_key, value: unknown) => {
      const point = value as { lat?: unknown; lng?: unknown } | null;
      if (typeof point?.lat === 'number' && typeof point.lng === 'number') points.push({ lat: point.lat, lng: point.lng });
      return value;
    });
    for (const point of points) expect(kilometresBetween(EXACT, point) * 1000).toBeGreaterThan(100);
    const numbers = new Set((text.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? []).map(Number));
    expect(numbers.has(EXACT.lat) && numbers.has(EXACT.lng)).toBe(false);
  };

  it('"Rooms" holds the area and one approximate point 200-600 m away, for every reader and every read', async () => {
    const points = new Set<string>();
    for (const [who, client] of Object.entries(readers())) {
      const { data, error } = await client.from('Rooms').select('*').eq('id', roomId).single();
      expect(error, who).toBeNull();
      expect(data.house_location, who).toBe('Lisbon, Portugal');
      expectNoExact(data);
      const metres = kilometresBetween(EXACT, { lat: data.lat, lng: data.lng }) * 1000;
      expect(metres, who).toBeGreaterThan(190);
      expect(metres, who).toBeLessThan(610);
      points.add(`${data.lat},${data.lng}`);
    }
    expect(points.size).toBe(1);
    // The service role reads the same row: "Rooms" never holds the street.
    const row = await service.from('Rooms').select('house_location, lat, lng').eq('id', roomId).single();
    expect(`${row.data!.lat},${row.data!.lng}`).toBe([...points][0]);
    expect(row.data!.house_location).toBe('Lisbon, Portugal');
  });

  it('room_locations: the host and the booked traveller read the street and the pin, nobody else', async () => {
    for (const client of [host.client, booked.client]) {
      const { data, error } = await client.from('room_locations').select('*').eq('room_id', roomId);
      expect(error).toBeNull();
      expect(data).toEqual([{ room_id: roomId, address: STREET, ...EXACT }]);
    }
    for (const [who, client] of Object.entries(strangers())) {
      const all = await client.from('room_locations').select('*');
      expect(all.error, who).toBeNull();
      expect(all.data, who).toEqual([]);
      // No filter, count or embed finds it either.
      const filtered = await client.from('room_locations').select('room_id', { count: 'exact' }).like('address', '%Flores%');
      expect(filtered.data, who).toEqual([]);
      expect(filtered.count, who).toBe(0);
      const embedded = await client.from('Rooms').select('id, room_locations(*)').eq('id', roomId).single();
      expect(embedded.data, who).toEqual({ id: roomId, room_locations: null });
      const inner = await client.from('Rooms').select('id, room_locations!inner(address)').eq('id', roomId);
      expect(inner.data, who).toEqual([]);
    }
    // Through a traveller's own Payments row, embedded as the trip page reads it.
    const trip = await booked.client.from('Payments').select('room:Rooms(*, location:room_locations(address, lat, lng))').eq('room_id', roomId).single();
    expect(trip.error).toBeNull();
    expect((trip.data as any).room.location).toEqual({ address: STREET, ...EXACT });
    const cancelledTrip = await cancelled.client.from('Payments').select('room:Rooms(*, location:room_locations(address))').eq('room_id', roomId).single();
    expect((cancelledTrip.data as any).room.location).toBeNull();
    expectNoExact(cancelledTrip.data);
  });

  it('nobody writes room_locations or "Rooms" but through save_listing', async () => {
    for (const client of [anon, other.client, host.client, booked.client]) {
      expect((await client.from('room_locations').insert({ room_id: roomId, address: 'x' })).error?.code).toBe('42501');
      const changed = await client.from('room_locations').update({ address: 'x' }).eq('room_id', roomId).select();
      expect(changed.error?.code).toBe('42501');
    }
    // The helpers stay out of the API.
    expect((await anon.rpc('sees_exact_location', { p_room_id: roomId })).error?.code).toBe('PGRST202');
    expect((await anon.rpc('approximate_point', { p_room_id: roomId, p_lat: 0, p_lng: 0 })).error?.code).toBe('PGRST202');
  });

  it('search_rooms, listing_facts and the conversations give nobody the street or the pin', async () => {
    for (const [who, client] of Object.entries(readers())) {
      const found = await client.rpc('search_rooms', { search_text: 'Lisbon' }).select('*');
      expect(found.error, who).toBeNull();
      expect((found.data as Array<{ id: number }>).map((r) => r.id), who).toContain(roomId);
      expectNoExact(found.data);
      const boxed = await client.rpc('search_rooms', { search_text: '', box_west: -9.2, box_south: 38.6, box_east: -9.0, box_north: 38.8 }).select('*');
      expect(boxed.error, who).toBeNull();
      expectNoExact(boxed.data);
      expectNoExact((await client.rpc('listing_facts', { p_room_id: roomId })).data);
    }
    const conversation = await booked.client.rpc('contact_host', { p_room_id: roomId, p_body: 'Where do we park?' });
    expect(conversation.error).toBeNull();
    expectNoExact((await host.client.rpc('my_conversations')).data);
  });

  it("my_listings gives the host the street and the pin the editor saved, and a moved pin moves the public point by the same step", async () => {
    const mine = await host.client.rpc('my_listings');
    const listing = (mine.data as Array<{ room_id: number; room: Record<string, unknown> }>).find((l) => l.room_id === roomId)!;
    expect(listing.room).toMatchObject({ house_location: STREET, ...EXACT, city: 'Lisbon', country: 'Portugal' });
    expect((await other.client.rpc('my_listings')).data).toEqual([]);

    const before = (await anon.from('Rooms').select('lat, lng').eq('id', roomId).single()).data!;
    expect((await host.client.rpc('save_listing', { p_room_id: roomId, p_fields: { lat: EXACT.lat + 0.001 } })).error).toBeNull();
    const after = (await anon.from('Rooms').select('lat, lng, house_location').eq('id', roomId).single()).data!;
    expect(after.lat - before.lat).toBeCloseTo(0.001, 4);
    expect(after.lng).toBe(before.lng);
    expect(after.house_location).toBe('Lisbon, Portugal');
    expect((await booked.client.from('room_locations').select('lat').eq('room_id', roomId).single()).data).toEqual({ lat: EXACT.lat + 0.001 });
    expect((await host.client.rpc('save_listing', { p_room_id: roomId, p_fields: { lat: EXACT.lat } })).error).toBeNull();
  });

  it("another host's place, and a draft, stay hidden from a host and a booked traveller", async () => {
    const theirs = await publishedListing(other, { address: '5 Secret Row', city: 'Lisbon', country: 'Portugal', lat: 38.72, lng: -9.15 });
    for (const client of [host.client, booked.client]) {
      expect((await client.from('room_locations').select('address').eq('room_id', theirs)).data).toEqual([]);
    }
    const { data: draft } = await other.client.rpc('create_listing');
    expect((await other.client.rpc('save_listing', { p_room_id: draft, p_fields: { address: '6 Draft Lane', lat: 1, lng: 2 } })).error).toBeNull();
    expect((await other.client.from('room_locations').select('address').eq('room_id', draft)).data).toEqual([{ address: '6 Draft Lane' }]);
    expect((await host.client.from('room_locations').select('address').eq('room_id', draft)).data).toEqual([]);
    expect((await anon.from('room_locations').select('address').eq('room_id', draft)).data).toEqual([]);
  });
});
