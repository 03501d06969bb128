// Issue 42, the host's calendar: host_stays(room) gives a place's host its confirmed stays that
// have not ended, with the guest's name and the booking, apart from the nights the host blocked;
// nobody else (another host, the traveller, a visitor) learns a guest's name through it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { publishedListing } from './support/listings.ts';
import { isoDay } from './support/checkout.ts';

interface User {
  client: SupabaseClient;
  id: string;
  email: string;
}

describe.each(databases('server'))('host calendar stays on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let count = 0;

  async function user(name: string): Promise<User> {
    const email = `host-calendar-${kind}-${++count}@example.com`;
    const client = backend.client();
    const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery', options: { data: { name } } });
    if (error || !data.user) throw error ?? new Error('sign-up gave no user');
    return { client, id: data.user.id, email };
  }

  async function booking(guest: User, roomId: number, from: number, to: number, status = 'confirmed', customerName?: string) {
    const { data, error } = await service
      .from('Bookings')
      .insert({ user_id: guest.id, user_email: guest.email, room_id: roomId, startDate: isoDay(from), endDate: isoDay(to), numOfDays: to - from, status })
      .select('id')
      .single();
    if (error) throw error;
    if (customerName !== undefined) {
      const paid = await service.from('Payments').insert({
        id: `pi_calendar_${kind}_${data.id}`,
        booking_id: data.id,
        room_id: roomId,
        user_id: guest.id,
        user_email: guest.email,
        startDate: isoDay(from),
        endDate: isoDay(to),
        numOfDays: to - from,
        amount: 100,
        customer_name: customerName,
        stripe_payment_intent_id: `pi_calendar_${kind}_${data.id}`,
      });
      if (paid.error) throw paid.error;
    }
    return data.id as number;
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '3' } });
    service = backend.client(backend.keys.serviceRoleKey);
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("gives a place's host its stays to come with each guest's name, not the blocked nights, and nobody else anything", async () => {
    const host = await user('Hana Host');
    const otherHost = await user('Otto Other');
    const ada = await user('Ada Lovelace');
    const bo = await user('Bo');
    const roomId = await publishedListing(host, { title: 'Mill house' });
    await publishedListing(otherHost, { title: 'Other place' });

    const paid = await booking(ada, roomId, 30, 33, 'confirmed', 'Ada on the card');
    const unpaid = await booking(bo, roomId, 40, 42);
    await booking(bo, roomId, 50, 52, 'cancelled');
    await booking(bo, roomId, -10, -5);
    expect((await host.client.from('room_blocked_dates').insert({ room_id: roomId, start_date: isoDay(60), end_date: isoDay(62) })).error).toBeNull();

    const { data, error } = await host.client.rpc('host_stays', { p_room_id: roomId });
    expect(error).toBeNull();
    expect(data).toEqual([
      { booking_id: paid, guest_name: 'Ada on the card', start_date: isoDay(30), end_date: isoDay(33) },
      { booking_id: unpaid, guest_name: 'Bo', start_date: isoDay(40), end_date: isoDay(42) },
    ]);

    // Another host, the traveller and a visitor learn no guest's name.
    expect((await otherHost.client.rpc('host_stays', { p_room_id: roomId })).data).toEqual([]);
    expect((await ada.client.rpc('host_stays', { p_room_id: roomId })).data).toEqual([]);
    const visitor = await backend.client().rpc('host_stays', { p_room_id: roomId });
    expect(visitor.data).toBeNull();
    expect([401, 403]).toContain(visitor.status);
  });
});
