// Reviews (issue 30, item 3) against the real backend on PGlite, with supabase-js as the
// pages' client: who may review which stay and when (the server's clock), once per side; that a
// review stays hidden from everyone but its author until both sides are in or its window ends; and
// that the listing's figures follow the published reviews. Past stays are written with the service
// role, as no traveller can book one.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay } from './support/checkout.ts';

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

const SCORES = { cleanliness: 5, accuracy: 4, check_in: 5, communication: 5, location: 3, value: 4 };

describe.each(databases())('reviews on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;

  /** A published place of `host`'s with no reviews. */
  async function hostedRoom(): Promise<number> {
    const { data, error } = await service
      .from('Rooms')
      .insert({ 'house-title': 'Review house', price: 8300, max_guests: 4, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    if (error) throw error;
    const hosted = await service.from('hosted_rooms').insert({ room_id: data.id, host_id: host.id, status: 'published' });
    if (hosted.error) throw hosted.error;
    return data.id;
  }

  /** A paid, confirmed night of `guest` in `roomId` whose checkout day is `checkoutDay` days from today. */
  async function stay(guest: User, roomId: number, checkoutDay: number, status = 'confirmed', paid = true): Promise<number> {
    const dates = { room_id: roomId, startDate: isoDay(checkoutDay - 1), endDate: isoDay(checkoutDay), numOfDays: 1 };
    const booking = await service
      .from('Bookings')
      .insert({ ...dates, user_id: guest.id, user_email: guest.email, status })
      .select('id')
      .single();
    if (booking.error) throw booking.error;
    if (paid) {
      const payment = await service.from('Payments').insert({
        ...dates,
        id: `${randomUUID().slice(0, 8)}-${randomUUID()}`,
        amount: 250,
        user_email: guest.email,
        user_id: guest.id,
        stripe_payment_intent_id: `pi_${randomUUID()}`,
        booking_id: booking.data.id,
      });
      if (payment.error) throw payment.error;
    }
    return booking.data.id;
  }

  const reviewStay = (user: User, bookingId: number, rating = 4, scores: Record<string, number> | null = SCORES) =>
    user.client.rpc('submit_review', { p_booking_id: bookingId, p_rating: rating, p_categories: scores, p_body: 'A lovely, quiet stay.' });
  const reviewGuest = (user: User, bookingId: number, rating = 5) =>
    user.client.rpc('submit_review', { p_booking_id: bookingId, p_rating: rating, p_categories: null, p_body: 'A tidy, friendly guest.' });

  const figures = async (roomId: number) => {
    const room = await backend.client().from('Rooms').select('house_rating, rating_count').eq('id', roomId).single();
    const scores = await backend.client().from('room_review_scores').select('*').eq('room_id', roomId).maybeSingle();
    return { rating: room.data?.house_rating === null ? null : Number(room.data?.house_rating), count: room.data?.rating_count, scores: scores.data };
  };
  const reviewsOf = async (client: SupabaseClient, roomId: number) =>
    ((await client.from('reviews').select('kind, rating, body').eq('room_id', roomId)).data ?? []).map((r) => r.kind);

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `reviews-${kind}-`);
    host = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('lets the guest review a completed stay once, from the day after checkout through the 14th day', async () => {
    const guest = await driver.signedInUser();
    const room = await hostedRoom();
    for (const checkoutDay of [0, 3]) {
      const { error } = await reviewStay(guest, await stay(guest, room, checkoutDay));
      expect(error?.message).toBe('a stay is reviewed after checkout');
    }
    const late = await reviewStay(guest, await stay(guest, room, -15));
    expect(late.error?.message).toBe('the review window has closed');

    const lastDay = await stay(guest, room, -14);
    const first = await reviewStay(guest, lastDay);
    expect(first.error).toBeNull();
    // Unpublished until the window ends: the day after its 14th day, 00:00 UTC.
    expect(new Date(first.data as string).toISOString()).toBe(`${isoDay(1)}T00:00:00.000Z`);
    const again = await reviewStay(guest, lastDay, 1);
    expect(again.error?.code).toBe('23505');
    expect(await reviewStay(guest, await stay(guest, room, -1))).toMatchObject({ error: null });
  });

  it("refuses another traveller's stay, a cancelled or unpaid one, and the host writing the stay's review", async () => {
    const guest = await driver.signedInUser();
    const stranger = await driver.signedInUser();
    const room = await hostedRoom();
    const booking = await stay(guest, room, -2);
    expect((await reviewStay(stranger, booking)).error?.code).toBe('42501');
    expect((await reviewGuest(stranger, booking)).error?.code).toBe('42501');
    expect((await reviewStay(guest, await stay(guest, room, -5, 'cancelled'))).error?.message).toBe('a review needs a paid, confirmed stay');
    expect((await reviewStay(guest, await stay(guest, room, -8, 'confirmed', false))).error?.message).toBe('a review needs a paid, confirmed stay');
    // The host writes the guest's side only: scores for the place are refused.
    expect((await reviewStay(host, booking)).error?.code).toBe('23514');
    // A stay review needs its six scores; a guest's review by the traveller is not theirs to write.
    expect((await reviewStay(guest, booking, 4, { cleanliness: 5 })).error?.code).toBe('22023');
    expect((await reviewStay(guest, booking, 6)).error?.code).toBe('23514');
    expect((await reviewGuest(guest, booking)).error?.code).toBe('22023');
    // Nobody writes the table itself.
    const direct = await guest.client.from('reviews').insert({
      room_id: room, booking_id: booking, kind: 'stay', author_id: guest.id, author_name: 'Ada', rating: 5, ...SCORES, body: 'x',
    });
    expect(direct.error?.code).toBe('42501');
    expect(await reviewsOf(service, room)).toEqual([]);
  });

  it('keeps a review hidden from all but its author until both sides are in, then counts it', async () => {
    const guest = await driver.signedInUser();
    const room = await hostedRoom();
    const booking = await stay(guest, room, -3);
    expect(await figures(room)).toEqual({ rating: null, count: '', scores: null });

    expect((await reviewStay(guest, booking, 4)).error).toBeNull();
    expect(await reviewsOf(guest.client, room)).toEqual(['stay']);
    expect(await reviewsOf(backend.client(), room)).toEqual([]);
    expect(await reviewsOf(host.client, room)).toEqual([]);
    expect(await figures(room)).toEqual({ rating: null, count: '', scores: null });
    const listed = (await guest.client.rpc('reviewable_stays')).data as Array<Record<string, unknown>>;
    expect(listed.find((s) => s.booking_id === booking)).toMatchObject({ side: 'stay', my_review_published_at: `${isoDay(12)}T00:00:00+00:00`, review_until: isoDay(11) });
    const forHost = (await host.client.rpc('reviewable_stays')).data as Array<Record<string, unknown>>;
    expect(forHost.find((s) => s.booking_id === booking)).toMatchObject({ side: 'guest', guest_name: 'Guest', my_review_published_at: null });

    const published = await reviewGuest(host, booking);
    expect(published.error).toBeNull();
    expect(Date.now() - new Date(published.data as string).getTime()).toBeLessThan(60_000);
    expect(await reviewsOf(backend.client(), room)).toEqual(['stay']);
    // The guest's review of the traveller: its author and the traveller read it, nobody else.
    expect((await reviewsOf(guest.client, room)).sort()).toEqual(['guest', 'stay']);
    expect(await reviewsOf((await driver.signedInUser()).client, room)).toEqual(['stay']);
    expect(await reviewsOf(host.client, room)).toEqual(['guest', 'stay']);
    // No account ids for readers.
    expect((await backend.client().from('reviews').select('author_id').eq('room_id', room)).error?.code).toBe('42501');
    expect((await guest.client.from('reviews').select('subject_id, booking_id').eq('room_id', room)).error?.code).toBe('42501');
    expect(await figures(room)).toEqual({
      rating: 4,
      count: '(1)',
      scores: { room_id: room, review_count: 1, rating: 4, cleanliness: 5, accuracy: 4, check_in: 5, communication: 5, location: 3, value: 4 },
    });
  });

  it('publishes a lone review when its window ends, and the figures follow', async () => {
    const guests = [await driver.signedInUser(), await driver.signedInUser()];
    const room = await hostedRoom();
    const [a, b] = [await stay(guests[0]!, room, -4), await stay(guests[1]!, room, -9)];
    expect((await reviewStay(guests[0]!, a, 5)).error).toBeNull();
    expect((await reviewGuest(host, a)).error).toBeNull();
    expect(await figures(room)).toMatchObject({ rating: 5, count: '(1)' });

    expect((await reviewStay(guests[1]!, b, 2)).error).toBeNull();
    expect(await reviewsOf(backend.client(), room)).toEqual(['stay']);
    // The window's end, as the clock would bring it: then the backend's minute count adds it.
    const ended = await service.from('reviews').update({ published_at: new Date(Date.now() - 1000).toISOString() }).eq('booking_id', b);
    expect(ended.error).toBeNull();
    expect(await reviewsOf(backend.client(), room)).toEqual(['stay', 'stay']);
    expect((await service.rpc('count_published_reviews')).data).toBe(1);
    expect((await service.rpc('count_published_reviews')).data).toBe(0);
    expect(await figures(room)).toMatchObject({ rating: 3.5, count: '(2)' });
    expect((await backend.client().rpc('count_published_reviews')).error?.code).toBe('42501');
  });
});
