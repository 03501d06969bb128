// Row-level security, grants and the SQL functions of supabase/migrations, through supabase-js
// against the real backend, on PGlite and on PostgreSQL: each table x operation x (anon, owner,
// another user), the overlap constraint under 50 concurrent confirmations, and search_rooms.
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));
const seedRoomsBefore = process.env.SEED_ROOMS;
process.env.SEED_ROOMS = '60';
// Restored after the file, so other test files see the environment they started with.
afterAll(() => {
  if (seedRoomsBefore === undefined) delete process.env.SEED_ROOMS;
  else process.env.SEED_ROOMS = seedRoomsBefore;
});

describe.each(DB_KINDS)('row-level security and SQL functions on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  let other: SupabaseClient;
  let service: SupabaseClient;
  let ownerId: string;
  let otherId: string;
  let ownerEmail: string;
  let roomId: number;

  const newClient = (key: string) =>
    createClient(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });

  async function signedIn(): Promise<{ client: SupabaseClient; id: string; email: string }> {
    const client = newClient(backend.keys.anonKey);
    const email = `rls${Date.now()}${Math.random().toString(36).slice(2, 7)}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: 'secret123' });
    if (error) throw error;
    return { client, id: data.user!.id, email };
  }

  async function insertRoom(fields: Record<string, unknown>): Promise<number> {
    const { data, error } = await service.from('Rooms').insert(fields).select('id').single();
    if (error) throw error;
    return (data as { id: number }).id;
  }

  async function pendingBooking(client: SupabaseClient, userId: string, room: number, startDate: string, endDate: string) {
    return client
      .from('Bookings')
      .insert({ user_id: userId, room_id: room, startDate, endDate, numOfDays: 2, guest: '1 guest', status: 'pending' })
      .select()
      .single();
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS });
    anon = newClient(backend.keys.anonKey);
    service = newClient(backend.keys.serviceRoleKey);
    const a = await signedIn();
    const b = await signedIn();
    owner = a.client;
    ownerId = a.id;
    ownerEmail = a.email;
    other = b.client;
    otherId = b.id;
    roomId = await insertRoom({ 'house-title': 'Test room', city: 'Lisbon', country: 'Portugal', price: 8300, max_guests: 4 });
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('Rooms', () => {
    it('anyone reads rooms', async () => {
      for (const client of [anon, owner, other]) {
        const r = await client.from('Rooms').select('id').eq('id', roomId);
        expect(r.error).toBeNull();
        expect(r.data).toEqual([{ id: roomId }]);
      }
    });

    it('nobody but the server inserts, updates or deletes rooms', async () => {
      for (const [client, status] of [
        [anon, 401],
        [owner, 403],
      ] as const) {
        const ins = await client.from('Rooms').insert({ 'house-title': 'Mine', price: 1 });
        expect([ins.status, ins.error?.code]).toEqual([status, '42501']);
        const upd = await client.from('Rooms').update({ price: 1 }).eq('id', roomId);
        expect([upd.status, upd.error?.code]).toEqual([status, '42501']);
        const del = await client.from('Rooms').delete().eq('id', roomId);
        expect([del.status, del.error?.code]).toEqual([status, '42501']);
      }
      const { data } = await anon.from('Rooms').select('price').eq('id', roomId).single();
      expect(Number((data as { price: number }).price)).toBe(8300);
    });
  });

  describe('Favorites', () => {
    it('an owner adds, reads, changes and removes their own favourite', async () => {
      const room2 = await insertRoom({ 'house-title': 'Fav target', price: 9000 });
      const add = await owner.from('Favorites').insert({ user_id: ownerId, item_id: roomId });
      expect(add.status).toBe(201);
      expect(add.data).toBeNull();
      const read = await owner.from('Favorites').select('item_id').eq('user_id', ownerId);
      expect(read.data).toEqual([{ item_id: roomId }]);
      const change = await owner.from('Favorites').update({ item_id: room2 }).eq('user_id', ownerId).eq('item_id', roomId).select('item_id');
      expect(change.data).toEqual([{ item_id: room2 }]);
      const remove = await owner.from('Favorites').delete().eq('user_id', ownerId).eq('item_id', room2);
      expect(remove.status).toBe(204);
      expect((await owner.from('Favorites').select('item_id')).data).toEqual([]);
    });

    it('a duplicate favourite is 409 with code 23505', async () => {
      await owner.from('Favorites').insert({ user_id: ownerId, item_id: roomId });
      const again = await owner.from('Favorites').insert({ user_id: ownerId, item_id: roomId });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('23505');
    });

    it("another user neither sees nor changes nor removes someone's favourite, nor adds one for them", async () => {
      await owner.from('Favorites').upsert({ user_id: ownerId, item_id: roomId }, { onConflict: 'user_id,item_id', ignoreDuplicates: true });
      expect((await other.from('Favorites').select('item_id').eq('user_id', ownerId)).data).toEqual([]);
      const change = await other.from('Favorites').update({ item_id: roomId }).eq('user_id', ownerId).select();
      expect(change.data).toEqual([]);
      const remove = await other.from('Favorites').delete().eq('user_id', ownerId);
      expect(remove.error).toBeNull();
      expect((await owner.from('Favorites').select('item_id')).data).toEqual([{ item_id: roomId }]);
      const forge = await other.from('Favorites').insert({ user_id: ownerId, item_id: roomId });
      expect([forge.status, forge.error?.code]).toEqual([403, '42501']);
    });

    it('a signed-out visitor can do nothing with favourites (401 42501)', async () => {
      const read = await anon.from('Favorites').select('item_id');
      expect([read.status, read.error?.code]).toEqual([401, '42501']);
      const add = await anon.from('Favorites').insert({ user_id: ownerId, item_id: roomId });
      expect([add.status, add.error?.code]).toEqual([401, '42501']);
      const upd = await anon.from('Favorites').update({ item_id: roomId }).eq('user_id', ownerId);
      expect([upd.status, upd.error?.code]).toEqual([401, '42501']);
      const del = await anon.from('Favorites').delete().eq('user_id', ownerId);
      expect([del.status, del.error?.code]).toEqual([401, '42501']);
    });
  });

  describe('Bookings', () => {
    it('an owner creates, reads, edits and deletes a pending booking of their own', async () => {
      const created = await pendingBooking(owner, ownerId, roomId, '2027-01-10', '2027-01-12');
      expect(created.error).toBeNull();
      const booking = created.data as { id: number; user_email: string; status: string };
      expect(booking.status).toBe('pending');
      expect(booking.user_email).toBe(ownerEmail);
      const read = await owner.from('Bookings').select('id').eq('user_email', ownerEmail).eq('room_id', roomId);
      expect(read.data).toContainEqual({ id: booking.id });
      const edit = await owner.from('Bookings').update({ endDate: '2027-01-13', numOfDays: 3 }).eq('id', booking.id).select('numOfDays');
      expect(edit.data).toEqual([{ numOfDays: 3 }]);
      const del = await owner.from('Bookings').delete().eq('id', booking.id).select('id');
      expect(del.data).toEqual([{ id: booking.id }]);
    });

    it('a user cannot create or turn a booking confirmed', async () => {
      const confirmed = await owner
        .from('Bookings')
        .insert({ user_id: ownerId, room_id: roomId, startDate: '2027-02-01', endDate: '2027-02-03', numOfDays: 2, status: 'confirmed' });
      expect([confirmed.status, confirmed.error?.code]).toEqual([403, '42501']);
      const { data } = await pendingBooking(owner, ownerId, roomId, '2027-02-01', '2027-02-03');
      const id = (data as { id: number }).id;
      const upgrade = await owner.from('Bookings').update({ status: 'confirmed' }).eq('id', id);
      expect([upgrade.status, upgrade.error?.code]).toEqual([403, '42501']);
    });

    it("another user neither sees, edits, deletes nor creates someone's bookings", async () => {
      const room = await insertRoom({ 'house-title': 'Private stay', price: 9000 });
      const { data } = await pendingBooking(owner, ownerId, room, '2027-02-10', '2027-02-12');
      const id = (data as { id: number }).id;
      expect((await other.from('Bookings').select('id').eq('id', id)).data).toEqual([]);
      expect((await other.from('Bookings').update({ guest: 'x' }).eq('id', id).select()).data).toEqual([]);
      expect((await other.from('Bookings').delete().eq('id', id).select()).data).toEqual([]);
      expect((await owner.from('Bookings').select('guest').eq('id', id).single()).data).toEqual({ guest: '1 guest' });
      const forged = await pendingBooking(other, ownerId, room, '2027-02-20', '2027-02-22');
      expect([forged.status, forged.error?.code]).toEqual([403, '42501']);
    });

    it('a signed-out visitor can do nothing with bookings (401 42501)', async () => {
      const read = await anon.from('Bookings').select('id');
      expect([read.status, read.error?.code]).toEqual([401, '42501']);
      const add = await pendingBooking(anon, ownerId, roomId, '2027-03-01', '2027-03-02');
      expect([add.status, add.error?.code]).toEqual([401, '42501']);
      const upd = await anon.from('Bookings').update({ guest: 'x' }).eq('user_id', ownerId);
      expect([upd.status, upd.error?.code]).toEqual([401, '42501']);
      const del = await anon.from('Bookings').delete().eq('user_id', ownerId);
      expect([del.status, del.error?.code]).toEqual([401, '42501']);
    });

    it('of 50 concurrent overlapping confirmations of one room exactly one succeeds', async () => {
      const room = await insertRoom({ 'house-title': 'Popular', price: 9000 });
      const attempts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          service.from('Bookings').insert({
            user_id: i % 2 ? ownerId : otherId,
            user_email: 'x@example.com',
            room_id: room,
            startDate: `2027-04-${String(10 + (i % 5)).padStart(2, '0')}`,
            endDate: '2027-04-20',
            numOfDays: 5,
            status: 'confirmed',
          }),
        ),
      );
      expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
      const failures = attempts.filter((r) => r.status !== 201);
      expect(failures.every((r) => r.status === 409 && r.error?.code === '23P01')).toBe(true);
    });
  });

  describe('Payments and confirm_booking_payment', () => {
    let bookingId: number;
    let paymentId: string;

    beforeAll(async () => {
      const room = await insertRoom({ 'house-title': 'Paid stay', price: 9000 });
      const { data } = await pendingBooking(owner, ownerId, room, '2027-05-01', '2027-05-04');
      bookingId = (data as { id: number }).id;
      const paid = await service.rpc('confirm_booking_payment', {
        p_booking_id: bookingId,
        p_stripe_payment_intent_id: 'pi_test_rls_1',
        p_amount: 420,
        p_customer_name: 'Ada Lovelace',
        p_address: { line1: '1 Main St', city: 'London', state: '', postal_code: 'N1', country: 'GB' },
      });
      expect(paid.error).toBeNull();
      paymentId = (paid.data as { id: string }).id;
    });

    it('records the payment and confirms the booking, idempotently per payment intent', async () => {
      expect(paymentId).toMatch(/^[A-Z0-9]+-/);
      const again = await service.rpc('confirm_booking_payment', { p_booking_id: bookingId, p_stripe_payment_intent_id: 'pi_test_rls_1', p_amount: 420 });
      expect((again.data as { id: string }).id).toBe(paymentId);
      const booking = await owner.from('Bookings').select('status').eq('id', bookingId).single();
      expect(booking.data).toEqual({ status: 'confirmed' });
    });

    it('the owner reads their payment; another user and visitors do not', async () => {
      const mine = await owner.from('Payments').select('id, room_id, startDate, endDate, Guest, currency, status').eq('user_email', ownerEmail);
      expect(mine.data).toEqual([
        expect.objectContaining({ id: paymentId, startDate: '2027-05-01', endDate: '2027-05-04', currency: 'usd', status: 'successful' }),
      ]);
      expect((await other.from('Payments').select('id')).data).toEqual([]);
      const visitor = await anon.from('Payments').select('id');
      expect([visitor.status, visitor.error?.code]).toEqual([401, '42501']);
    });

    it('users cannot insert, update or delete payments, nor call confirm_booking_payment', async () => {
      const forged = await owner.from('Payments').insert({
        id: 'FAKE-1', amount: 1, user_email: ownerEmail, room_id: roomId, startDate: '2027-06-01', endDate: '2027-06-02',
        numOfDays: 1, stripe_payment_intent_id: 'pi_fake',
      });
      expect([forged.status, forged.error?.code]).toEqual([403, '42501']);
      const upd = await owner.from('Payments').update({ amount: 1 }).eq('id', paymentId);
      expect([upd.status, upd.error?.code]).toEqual([403, '42501']);
      const del = await owner.from('Payments').delete().eq('id', paymentId);
      expect([del.status, del.error?.code]).toEqual([403, '42501']);
      const rpc = await owner.rpc('confirm_booking_payment', { p_booking_id: bookingId, p_stripe_payment_intent_id: 'pi_x', p_amount: 1 });
      expect([rpc.status, rpc.error?.code]).toEqual([403, '42501']);
      const rpcAnon = await anon.rpc('confirm_booking_payment', { p_booking_id: bookingId, p_stripe_payment_intent_id: 'pi_x', p_amount: 1 });
      expect([rpcAnon.status, rpcAnon.error?.code]).toEqual([401, '42501']);
    });

    it('a confirmed booking is no longer editable or deletable by its owner', async () => {
      expect((await owner.from('Bookings').update({ guest: 'x' }).eq('id', bookingId).select()).data).toEqual([]);
      expect((await owner.from('Bookings').delete().eq('id', bookingId).select()).data).toEqual([]);
    });

    it('room_booked_ranges gives the confirmed dates only, to anyone', async () => {
      const { data: booked } = await owner.from('Bookings').select('room_id').eq('id', bookingId).single();
      const r = await anon.rpc('room_booked_ranges', { room_id: (booked as { room_id: number }).room_id });
      expect(r.error).toBeNull();
      expect(r.data).toEqual([{ start_date: '2027-05-01', end_date: '2027-05-04' }]);
    });
  });

  describe('search_rooms', () => {
    let lisbon: number;
    let oslo: number;
    let small: number;

    const found = async (args: Record<string, unknown>, id: number) => {
      const r = await anon.rpc('search_rooms', args).select('id').eq('id', id);
      expect(r.error).toBeNull();
      return (r.data as Array<{ id: number }>).length === 1;
    };

    beforeAll(async () => {
      lisbon = await insertRoom({ 'house-title': 'Sea breeze house', city: 'Lisbon', country: 'Portugal', price: 8300, max_guests: 6 });
      oslo = await insertRoom({ 'house-title': 'Tiny hut', city: 'Oslo', country: 'Norway', price: 8300, max_guests: 6 });
      small = await insertRoom({ 'house-title': 'Quixotic kayak', city: 'Zwolle', country: 'Netherlands', price: 8300, max_guests: 2 });
      await service.from('Bookings').insert({
        user_id: ownerId, user_email: ownerEmail, room_id: lisbon, startDate: '2027-03-10', endDate: '2027-03-15', numOfDays: 5, status: 'confirmed',
      });
    });

    it('matches a region word by its letters: Europe finds Lisbon (e, u, r, o, p, e) but not Oslo', async () => {
      expect(await found({ search_text: 'Europe' }, lisbon)).toBe(true);
      expect(await found({ search_text: 'Europe' }, oslo)).toBe(false);
    });

    it('matches city names case- and punctuation-insensitively', async () => {
      expect(await found({ search_text: 'lisbon' }, lisbon)).toBe(true);
      expect(await found({ search_text: 'OSLO, Norway!' }, oslo)).toBe(true);
      expect(await found({ search_text: 'Zwolle' }, small)).toBe(true);
    });

    it('counts letters with multiplicity: short searches miss nothing, 10+ letters miss at most 10%', async () => {
      // Zwolle Netherlands Quixotic kayak has 2 k's and 1 x.
      expect(await found({ search_text: 'kkx' }, small)).toBe(true);
      expect(await found({ search_text: 'kkkx' }, small)).toBe(false);
      // 10 letters, one missing (the third k): 9/10 = 90% matches; 11 letters, two missing: no.
      expect(await found({ search_text: 'kkkxzwolle' }, small)).toBe(true);
      expect(await found({ search_text: 'kkkxxzwolle' }, small)).toBe(false);
    });

    it('an empty search matches every room', async () => {
      const all = await anon.from('Rooms').select('id', { count: 'exact' }).limit(1);
      const searched = await anon.rpc('search_rooms', { search_text: '' }, { count: 'exact' }).select('id').limit(1);
      expect(all.count).toBeGreaterThan(60);
      expect(searched.count).toBe(all.count);
    });

    it('leaves out rooms booked on any night of [check_in, check_out)', async () => {
      expect(await found({ search_text: 'lisbon', check_in: '2027-03-12', check_out: '2027-03-14' }, lisbon)).toBe(false);
      expect(await found({ search_text: 'lisbon', check_in: '2027-03-05', check_out: '2027-03-11' }, lisbon)).toBe(false);
      expect(await found({ search_text: 'lisbon', check_in: '2027-03-15', check_out: '2027-03-18' }, lisbon)).toBe(true);
      expect(await found({ search_text: 'lisbon', check_in: '2027-03-01', check_out: '2027-03-10' }, lisbon)).toBe(true);
      // Only a check-in: one night.
      expect(await found({ search_text: 'lisbon', check_in: '2027-03-14' }, lisbon)).toBe(false);
    });

    it('leaves out rooms that sleep fewer than the guests', async () => {
      expect(await found({ search_text: 'zwolle', guests: 2 }, small)).toBe(true);
      expect(await found({ search_text: 'zwolle', guests: 3 }, small)).toBe(false);
    });

    it('pages and counts like a table', async () => {
      const r = await anon.rpc('search_rooms', { search_text: 'a' }, { count: 'exact' }).select('id').order('id').range(0, 4);
      expect(r.error).toBeNull();
      expect(r.data).toHaveLength(5);
      expect(r.count).toBeGreaterThan(5);
    });
  });

  describe('destination_suggestions', () => {
    it('suggests distinct city and country pairs containing the text, at most 10', async () => {
      const r = await anon.rpc('destination_suggestions', { q: 'lisb' });
      expect(r.error).toBeNull();
      expect(r.data).toContainEqual({ city: 'Lisbon', country: 'Portugal' });
      const all = await anon.rpc('destination_suggestions', { q: 'a' });
      expect((all.data as unknown[]).length).toBeLessThanOrEqual(10);
      const pairs = (all.data as Array<{ city: string; country: string }>).map((p) => `${p.city}|${p.country}`);
      expect(new Set(pairs).size).toBe(pairs.length);
    });
  });
});
