// Cancelling a trip (issue 16) against the real backend on both databases, with supabase-js as
// the page's client: who may read and write the new columns and functions, what cancel-booking
// gives back under each listing's policy, that it happens once whatever the concurrency or a crash
// between its steps, and that the nights come free at once.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specChargeCents, specNightlyUsd } from '../../shared/src/testing/specPrices.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));
const PRICE = 8300;
const TWO_NIGHTS_CENTS = specChargeCents(PRICE, 2);
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databases('concurrency'))('trip cancellation on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;

  /** A new room; with a policy, its row of room_cancellation_policies (none: the default). */
  async function newRoom(policy?: string): Promise<number> {
    const { data, error } = await service
      .from('Rooms')
      .insert({ 'house-title': 'Cancellation house', price: PRICE, max_guests: 4, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    if (error) throw error;
    const roomId = data.id;
    if (policy) {
      const set = await service.from('room_cancellation_policies').insert({ room_id: roomId, policy });
      if (set.error) throw set.error;
    }
    return roomId;
  }

  /** A traveller (a new account unless given) who booked and paid two nights of a new room (policy as given), from day 30. */
  async function trip(policy?: string, traveller?: { client: SupabaseClient; id: string }) {
    const roomId = await newRoom(policy);
    const user = traveller ?? (await driver.signedInUser());
    const created = await driver.invoke(user.client, 'create-payment-intent', stayRequest(roomId, 2));
    expect(created.status).toBe(200);
    expect((await driver.payWith(created.body.clientSecret)).body.status).toBe('succeeded');
    const finalized = await driver.invoke(user.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
    expect(finalized.status).toBe(200);
    return {
      ...user,
      roomId,
      paymentId: finalized.body.payment.id as string,
      intentId: created.body.paymentIntentId as string,
      bookingId: created.body.bookingId as number,
    };
  }

  const cancel = (client: SupabaseClient, paymentId: unknown) => driver.invoke(client, 'cancel-booking', { paymentId });
  const intent = async (id: string) => (await driver.processor(`/payment_intents/${id}`)).body;
  const refundsAt = async (intentId: string) =>
    (await backend.ctx.db.query<{ id: string; amount: string }>('select id, amount from payments_test.refunds where payment_intent = $1', [intentId])).rows;
  const bookingStatus = async (id: number) => (await service.from('Bookings').select('status').eq('id', id).single()).data?.status;
  const payment = async (id: string) => (await service.from('Payments').select('*').eq('id', id).single()).data as Record<string, any>;

  /** Moves a payment's booking time back, as if it had been paid `days` ago. */
  async function paidDaysAgo(paymentId: string, days: number) {
    const { error } = await service.from('Payments').update({ created_at: new Date(Date.now() - days * DAY_MS).toISOString() }).eq('id', paymentId);
    if (error) throw error;
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `cancel-${kind}-`);
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('row-level security and privileges', () => {
    it("anyone reads a listing's policy; travellers neither set nor change one", async () => {
      const roomId = await newRoom('strict');
      const anon = backend.client();
      expect((await anon.from('room_cancellation_policies').select('policy').eq('room_id', roomId)).data).toEqual([{ policy: 'strict' }]);
      const { client } = await driver.signedInUser();
      const changed = await client.from('room_cancellation_policies').update({ policy: 'flexible' }).eq('room_id', roomId).select('room_id');
      expect(changed.error?.code).toBe('42501');
      const other = await newRoom();
      for (const writer of [client, anon]) {
        const added = await writer.from('room_cancellation_policies').insert({ room_id: other, policy: 'flexible' });
        expect(added.error?.code).toBe('42501');
        const removed = await writer.from('room_cancellation_policies').delete().eq('room_id', roomId).select('room_id');
        expect(removed.error?.code).toBe('42501');
      }
      expect((await anon.from('room_cancellation_policies').select('room_id, policy').in('room_id', [roomId, other])).data).toEqual([
        { room_id: roomId, policy: 'strict' },
      ]);
    });

    it('the database refuses a policy it does not know', async () => {
      const roomId = await newRoom();
      const refused = await service.from('room_cancellation_policies').insert({ room_id: roomId, policy: 'whenever' });
      expect(refused.error?.code).toBe('23514');
    });

    it('a payment keeps the policy ("moderate" for a room without one) and nightly rate of its booking, whatever the room says later', async () => {
      const byDefault = await trip();
      expect((await payment(byDefault.paymentId)).cancellation_policy).toBe('moderate');
      const t = await trip('strict');
      await service.from('room_cancellation_policies').update({ policy: 'flexible' }).eq('room_id', t.roomId);
      await service.from('Rooms').update({ price: PRICE * 3 }).eq('id', t.roomId);
      const own = await t.client.from('Payments').select('cancellation_policy, nightly_usd, cancelled_at, refund_amount, refund_id').eq('id', t.paymentId).single();
      expect(own.data).toEqual({ cancellation_policy: 'strict', nightly_usd: specNightlyUsd(PRICE), cancelled_at: null, refund_amount: null, refund_id: null });
    });

    it('a traveller cannot cancel or refund by writing the payment or the booking', async () => {
      const t = await trip();
      const paid = await t.client.from('Payments').update({ cancelled_at: new Date().toISOString(), refund_amount: 1 }).eq('id', t.paymentId).select('id');
      expect(paid.error?.code).toBe('42501');
      const booked = await t.client.from('Bookings').update({ status: 'cancelled' }).eq('id', t.bookingId).select('id');
      expect(booked.error?.code).toBe('42501');
      expect(await bookingStatus(t.bookingId)).toBe('confirmed');
      expect((await payment(t.paymentId)).cancelled_at).toBeNull();
    });

    it('the cancellation functions are the server\'s alone', async () => {
      const t = await trip();
      const begun = await t.client.rpc('begin_booking_cancellation', { p_payment_id: t.paymentId, p_user_id: t.id, p_refund_cents: TWO_NIGHTS_CENTS });
      expect(begun.error?.code).toBe('42501');
      const recorded = await t.client.rpc('record_cancellation_refund', { p_payment_id: t.paymentId, p_refund_id: 're_forged' });
      expect(recorded.error?.code).toBe('42501');
      expect((await payment(t.paymentId)).cancelled_at).toBeNull();
    });

    it("another traveller neither sees a cancelled trip's refund nor cancels the trip (404)", async () => {
      const t = await trip();
      const other = await driver.signedInUser();
      const r = await cancel(other.client, t.paymentId);
      expect([r.status, r.body.code]).toEqual([404, 'trip_not_found']);
      expect(await bookingStatus(t.bookingId)).toBe('confirmed');
      expect((await cancel(t.client, t.paymentId)).status).toBe(200);
      expect((await other.client.from('Payments').select('id, refund_amount').eq('id', t.paymentId)).data).toEqual([]);
      expect((await t.client.from('Payments').select('refund_amount').eq('id', t.paymentId).single()).data).toEqual({ refund_amount: TWO_NIGHTS_CENTS / 100 });
    });
  });

  describe('cancel-booking', () => {
    it("one guest cannot cancel another guest's trip; each cancels their own", async () => {
      async function guestSession() {
        const client = backend.client();
        const { data, error } = await client.auth.signInAnonymously({ options: { data: { name: 'Guest' } } });
        if (error || !data.session) throw error ?? new Error('guest sign-in gave no session');
        return { client, id: data.session.user.id };
      }
      const first = await guestSession();
      const second = await guestSession();
      const t = await trip(undefined, first);
      const refused = await cancel(second.client, t.paymentId);
      expect([refused.status, refused.body.code]).toEqual([404, 'trip_not_found']);
      expect(await bookingStatus(t.bookingId)).toBe('confirmed');
      expect((await cancel(first.client, t.paymentId)).status).toBe(200);
    });

    it('refuses a caller who is not signed in (401) and a body that names no trip (400)', async () => {
      const anon = await driver.invoke(backend.client(), 'cancel-booking', { paymentId: 'HMX-1' });
      expect(anon.status).toBe(401);
      const { client } = await driver.signedInUser();
      for (const paymentId of [undefined, '', 42, 'x'.repeat(201)]) {
        expect((await cancel(client, paymentId)).body.code).toBe('invalid_trip');
      }
      expect((await cancel(client, 'HMNOSUCH-1')).status).toBe(404);
    });

    it('within 48 hours of booking: refunded in full at the processor, booking cancelled, nights free at once', async () => {
      const t = await trip();
      const r = await cancel(t.client, t.paymentId);
      expect(r.status).toBe(200);
      expect(r.body.cancellation).toMatchObject({
        paymentId: t.paymentId,
        reservationCode: t.paymentId.split('-')[0],
        refundAmount: TWO_NIGHTS_CENTS / 100,
        refund: 'refunded',
      });
      const refunds = await refundsAt(t.intentId);
      expect(refunds.map((x) => [x.id, Number(x.amount)])).toEqual([[r.body.cancellation.refundId, TWO_NIGHTS_CENTS]]);
      expect((await intent(t.intentId)).amount_refunded).toBe(TWO_NIGHTS_CENTS);
      expect(await bookingStatus(t.bookingId)).toBe('cancelled');
      expect(await payment(t.paymentId)).toMatchObject({ refund_id: r.body.cancellation.refundId, refund_amount: TWO_NIGHTS_CENTS / 100 });

      const next = await driver.signedInUser();
      const rebook = await driver.invoke(next.client, 'create-payment-intent', stayRequest(t.roomId, 2));
      expect(rebook.status).toBe(200);
    });

    it('a retry answers the same cancellation and refunds nothing more', async () => {
      const t = await trip();
      const first = await cancel(t.client, t.paymentId);
      const again = await cancel(t.client, t.paymentId);
      expect(again).toEqual(first);
      expect(await refundsAt(t.intentId)).toHaveLength(1);
    });

    it('50 concurrent cancels: one decision, one refund, every answer the same', async () => {
      const t = await trip();
      const answers = await Promise.all(Array.from({ length: 50 }, () => cancel(t.client, t.paymentId)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await refundsAt(t.intentId)).toHaveLength(1);
      expect((await intent(t.intentId)).amount_refunded).toBe(TWO_NIGHTS_CENTS);
    });

    it.each([
      ['flexible', TWO_NIGHTS_CENTS],
      ['moderate', Math.floor(TWO_NIGHTS_CENTS / 2)],
      ['strict', 0],
    ] as const)('after 48 hours a %s listing gives back %i cents, and the nights are free', async (policy, expected) => {
      const t = await trip(policy);
      await paidDaysAgo(t.paymentId, 3);
      const r = await cancel(t.client, t.paymentId);
      expect(r.status).toBe(200);
      expect(r.body.cancellation).toMatchObject({ refundAmount: expected / 100, refund: expected > 0 ? 'refunded' : 'none' });
      expect((await intent(t.intentId)).amount_refunded).toBe(expected);
      expect(await refundsAt(t.intentId)).toHaveLength(expected > 0 ? 1 : 0);
      expect(await bookingStatus(t.bookingId)).toBe('cancelled');
      expect((await cancel(t.client, t.paymentId)).body).toEqual(r.body);
    });

    it('a stay whose check-in day has come cannot be cancelled (409); nothing changes', async () => {
      const t = await trip('flexible');
      const { error } = await service.from('Payments').update({ startDate: isoDay(0), endDate: isoDay(2) }).eq('id', t.paymentId);
      if (error) throw error;
      const r = await cancel(t.client, t.paymentId);
      expect([r.status, r.body.code]).toEqual([409, 'stay_started']);
      expect(await bookingStatus(t.bookingId)).toBe('confirmed');
      expect((await payment(t.paymentId)).cancelled_at).toBeNull();
      // The database holds the line too, whatever a function computes.
      const begun = await service.rpc('begin_booking_cancellation', { p_payment_id: t.paymentId, p_user_id: t.id, p_refund_cents: 0 });
      expect(begun.error?.hint).toBe('stay_started');
    });

    it('the database refuses a refund above the charge, and another payer', async () => {
      const t = await trip();
      const tooMuch = await service.rpc('begin_booking_cancellation', { p_payment_id: t.paymentId, p_user_id: t.id, p_refund_cents: TWO_NIGHTS_CENTS + 1 });
      expect(tooMuch.error?.hint).toBe('refund_out_of_bounds');
      const other = await driver.signedInUser();
      const notTheirs = await service.rpc('begin_booking_cancellation', { p_payment_id: t.paymentId, p_user_id: other.id, p_refund_cents: 0 });
      expect(notTheirs.error?.hint).toBe('trip_not_found');
      expect(await bookingStatus(t.bookingId)).toBe('confirmed');
    });

    it('a crash after the decision: the trip is cancelled with its refund owed, and the next call pays it once', async () => {
      const t = await trip();
      const begun = await service.rpc('begin_booking_cancellation', { p_payment_id: t.paymentId, p_user_id: t.id, p_refund_cents: TWO_NIGHTS_CENTS });
      expect(begun.error).toBeNull();
      expect(await bookingStatus(t.bookingId)).toBe('cancelled');
      expect(await payment(t.paymentId)).toMatchObject({ refund_amount: TWO_NIGHTS_CENTS / 100, refund_id: null });
      expect((await intent(t.intentId)).amount_refunded).toBe(0);

      const r = await cancel(t.client, t.paymentId);
      expect(r.status).toBe(200);
      expect(r.body.cancellation.refund).toBe('refunded');
      expect(await refundsAt(t.intentId)).toHaveLength(1);
    });

    it('a crash after the processor refunded but before it was recorded: the retry finds that refund, not a second one', async () => {
      const t = await trip();
      await service.rpc('begin_booking_cancellation', { p_payment_id: t.paymentId, p_user_id: t.id, p_refund_cents: TWO_NIGHTS_CENTS });
      const made = await driver.processor('/refunds', {
        body: { payment_intent: t.intentId, amount: TWO_NIGHTS_CENTS, metadata: { cancelled_payment: t.paymentId } },
        idempotencyKey: `cancel-booking-${t.paymentId}`,
      });
      expect(made.status).toBe(200);
      const r = await cancel(t.client, t.paymentId);
      expect(r.body.cancellation.refundId).toBe(made.body.id);
      expect((await intent(t.intentId)).amount_refunded).toBe(TWO_NIGHTS_CENTS);
    });
  });

  describe('test processor refunds', () => {
    async function paidIntent(amount = 10_000) {
      const created = await driver.processor('/payment_intents', { body: { amount, currency: 'usd' } });
      await driver.payWith(created.body.client_secret);
      return created.body.id as string;
    }

    it('refunds a part, then the rest; never more than was received', async () => {
      const id = await paidIntent();
      const part = await driver.processor('/refunds', { body: { payment_intent: id, amount: 2500 } });
      expect([part.status, part.body.amount]).toEqual([200, 2500]);
      const tooMuch = await driver.processor('/refunds', { body: { payment_intent: id, amount: 7501 } });
      expect([tooMuch.status, tooMuch.body.error.code]).toEqual([400, 'amount_too_large']);
      const rest = await driver.processor('/refunds', { body: { payment_intent: id } });
      expect(rest.body.amount).toBe(7500);
      expect((await intent(id)).amount_refunded).toBe(10_000);
      for (const amount of [0, -5, 1.5, '100', true]) {
        const bad = await driver.processor('/refunds', { body: { payment_intent: await paidIntent(), amount } });
        expect(bad.status).toBe(400);
      }
    });

    it('an idempotency key answers its refund, and refuses another amount', async () => {
      const id = await paidIntent();
      const key = `refund-${id}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => driver.processor('/refunds', { body: { payment_intent: id, amount: 1000 }, idempotencyKey: key })),
      );
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect((await intent(id)).amount_refunded).toBe(1000);
      const other = await driver.processor('/refunds', { body: { payment_intent: id, amount: 2000 }, idempotencyKey: key });
      expect([other.status, other.body.error.code]).toEqual([400, 'idempotency_key_in_use']);
    });

    it('refunds need the secret key', async () => {
      const id = await paidIntent();
      const r = await driver.processor('/refunds', { key: backend.keys.anonKey, body: { payment_intent: id } });
      expect(r.status).toBe(401);
    });
  });
});
