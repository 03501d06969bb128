// Anonymous sign-ins through supabase-js, on PGlite: on unless the backend is
// told otherwise (AUTH_ANONYMOUS_USERS=false; GoTrue's setting, off by default there, is on here
// because the site's 'Sign in as a Guest user' makes each visitor one), a user with no email whose
// tokens say is_anonymous, who keeps their data when they give an email and a password. Two
// guests are two accounts: neither sees the other's favourites, trips or messages.
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(databases())('anonymous sign-ins on %s', (kind) => {
  let allowed: TestBackend;
  let refused: TestBackend;
  const client = (backend: TestBackend): SupabaseClient =>
    createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });

  /** The service role, for what no traveller writes (a room, a recorded payment). */
  const service = () =>
    createClient(allowed.url, allowed.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
  async function newRoom(title: string): Promise<number> {
    const room = await service()
      .from('Rooms')
      .insert({ 'house-title': title, price: 8300, max_guests: 2, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    return (room.data as { id: number }).id;
  }

  beforeAll(async () => {
    allowed = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0' } });
    refused = await startTestBackend(kind, { migrationsDir: MIGRATIONS, env: { SEED_ROOMS: '0', AUTH_ANONYMOUS_USERS: 'false' } });
  });
  afterAll(async () => {
    await allowed?.close();
    await refused?.close();
  });

  it('are on by default, off when AUTH_ANONYMOUS_USERS=false, and the settings say which', async () => {
    const on = (await (await fetch(`${allowed.url}/auth/v1/settings`, { headers: { apikey: allowed.keys.anonKey } })).json()) as {
      external: { anonymous_users: boolean };
    };
    expect(on.external.anonymous_users).toBe(true);
    const r = await client(refused).auth.signInAnonymously();
    expect([r.error?.status, r.error?.code]).toEqual([422, 'anonymous_provider_disabled']);
    const settings = (await (await fetch(`${refused.url}/auth/v1/settings`, { headers: { apikey: refused.keys.anonKey } })).json()) as {
      external: { anonymous_users: boolean };
    };
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('when allowed, make a user with no email whose token says is_anonymous, and who can keep data', async () => {
    const traveller = client(allowed);
    const { data, error } = await traveller.auth.signInAnonymously({ options: { data: { name: 'Visitor' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { name: 'Visitor' }, app_metadata: { provider: 'anonymous' } });
    expect(claims(data.session!.access_token)).toMatchObject({ role: 'authenticated', is_anonymous: true, amr: [{ method: 'anonymous' }] });
    const signedIn = createClient(allowed.url, allowed.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${data.session!.access_token}` } },
    });
    const roomId = await newRoom('Anonymous test house');
    const saved = await signedIn.from('Favorites').insert({ item_id: roomId });
    expect(saved.error).toBeNull();

    // Giving an email and a password makes the account permanent, with its data.
    const email = `anon-${Date.now()}@example.com`;
    const upgraded = await traveller.auth.updateUser({ email, password: 'correct-horse-battery' });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user).toMatchObject({ email, is_anonymous: false, app_metadata: { provider: 'email' } });
    const again = await client(allowed).auth.signInWithPassword({ email, password: 'correct-horse-battery' });
    expect(again.data.user?.id).toBe(data.user!.id);
    expect(claims(again.data.session!.access_token).is_anonymous).toBe(false);
    const favourites = await createClient(allowed.url, allowed.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${again.data.session!.access_token}` } },
    })
      .from('Favorites')
      .select('item_id');
    expect(favourites.data).toEqual([{ item_id: roomId }]);
  });

  /** A signed-in guest: its own client (REST as the guest) and user id. */
  async function guest() {
    const traveller = client(allowed);
    const { data, error } = await traveller.auth.signInAnonymously({ options: { data: { name: 'Guest' } } });
    if (error || !data.session) throw error ?? new Error('no guest session');
    return { client: traveller, id: data.user!.id };
  }

  it("two guests are two accounts: neither sees the other's favourites, trips or conversations", async () => {
    const roomId = await newRoom('Two guests house');
    const first = await guest();
    const second = await guest();
    expect(second.id).not.toBe(first.id);

    expect((await first.client.from('Favorites').insert({ item_id: roomId })).error).toBeNull();
    expect((await first.client.from('Favorites').select('item_id')).data).toEqual([{ item_id: roomId }]);
    expect((await second.client.from('Favorites').select('item_id')).data).toEqual([]);
    expect((await second.client.from('Favorites').delete().eq('item_id', roomId).select()).data).toEqual([]);

    // A trip of the first (as the payment functions record one; the booking paths are in booking-integrity.test.ts).
    const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const nights = { startDate: day(30), endDate: day(32), numOfDays: 2 };
    const booking = await first.client.from('Bookings').insert({ room_id: roomId, ...nights }).select('id, user_email').single();
    expect(booking.error).toBeNull();
    expect(booking.data!.user_email).toBe('');
    await service().from('Bookings').update({ status: 'confirmed' }).eq('id', booking.data!.id);
    const paid = await service().from('Payments').insert({
      id: `HMGUEST${Date.now()}-1`, amount: 200, user_email: '', user_id: first.id, room_id: roomId, ...nights,
      stripe_payment_intent_id: `pi_guest_${Date.now()}`, booking_id: booking.data!.id,
    });
    expect(paid.error).toBeNull();
    expect((await first.client.from('Payments').select('user_id')).data).toEqual([{ user_id: first.id }]);
    // Both have no email: a read by user_email '' still finds only one's own.
    expect((await second.client.from('Payments').select('id').eq('user_email', '')).data).toEqual([]);
    expect((await second.client.from('Bookings').select('id')).data).toEqual([]);

    // Guests neither message nor host (anyone can make guests at will); they read no conversations.
    const inquiry = await second.client.rpc('start_conversation', { p_room_id: roomId });
    expect([inquiry.error?.code, inquiry.error?.message]).toEqual(['42501', 'a guest cannot send messages: create an account first']);
    expect((await first.client.from('conversations').select('id')).data).toEqual([]);
    expect((await first.client.from('messages').select('id')).data).toEqual([]);
    const hosting = await first.client.rpc('create_listing');
    expect(hosting.error?.code).toBe('42501');
  });

  it('a guest who creates an account may message and host at once (the database, not the old token, decides)', async () => {
    const converted = await guest();
    const email = `host-${Date.now()}@example.com`;
    expect((await converted.client.auth.updateUser({ email, password: 'correct-horse-battery' })).error).toBeNull();
    // The token still says is_anonymous until it is refreshed; the account is permanent already.
    const inquiry = await converted.client.rpc('start_conversation', { p_room_id: 1 });
    expect(inquiry.error?.code).toBe('PT404');
  });
});
