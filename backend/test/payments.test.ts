// Checkout payments against the real backend (createBackend, the project's migrations and
// functions), with supabase-js as the client: the built-in test processor at /payments/v1, then
// create-payment-intent and finalize-booking as the page calls them.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specChargeCents } from '../../shared/src/testing/specPrices.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { CARD_OK, checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));
const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));

/** 8300 local = 100 USD a night: 3 nights = 300 + cleaning 70 + service 33 = 403 USD. */
const PRICE = 8300;
const THREE_NIGHTS_CENTS = 40_300;

type Driver = ReturnType<typeof checkoutDriver>;

describe.each(databases('concurrency'))('payments on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let roomId: number;
  let smallRoomId: number;

  let processor: Driver['processor'];
  let signedInUser: Driver['signedInUser'];
  let invoke: Driver['invoke'];
  let payWith: Driver['payWith'];

  const stay = (overrides: Record<string, unknown> = {}) => stayRequest(roomId, 3, overrides);

  beforeAll(async () => {
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS, functionsDir: FUNCTIONS });
    service = backend.client(backend.keys.serviceRoleKey);
    ({ processor, signedInUser, invoke, payWith } = checkoutDriver(backend, `payer-${kind}-`));
    const { data, error } = await service
      .from('Rooms')
      .insert([
        { 'house-title': 'Checkout test house', price: PRICE, max_guests: 4, city: 'Testville', country: 'Testland' },
        { 'house-title': 'Checkout tiny house', price: PRICE, max_guests: 2, city: 'Testville', country: 'Testland' },
      ])
      .select('id');
    if (error) throw error;
    [roomId, smallRoomId] = (data as { id: number }[]).map((r) => r.id) as [number, number];
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('test processor', () => {
    async function newIntent(idempotencyKey?: string, amount = 1000) {
      const created = await processor('/payment_intents', {
        body: { amount, currency: 'usd', metadata: { order: 'x' } },
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      expect(created.status).toBe(200);
      return created.body;
    }

    it('creating an intent needs the secret (service role) key', async () => {
      const r = await processor('/payment_intents', { key: backend.keys.anonKey, body: { amount: 1000, currency: 'usd' } });
      expect(r.status).toBe(401);
      expect(r.body.error.type).toBe('authentication_error');
    });

    it('a new intent requires a payment method and carries a client secret', async () => {
      const intent = await newIntent();
      expect(intent.status).toBe('requires_payment_method');
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
      expect(intent.amount).toBe(1000);
    });

    it('4242 4242 4242 4242 succeeds', async () => {
      const intent = await newIntent();
      const r = await payWith(intent.client_secret);
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('succeeded');
      expect(r.body.amount_received).toBe(1000);
      expect(r.body.payment_method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    });

    it.each([
      ['4000 0000 0000 0002', 'card_declined', 'generic_decline'],
      ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds'],
    ])('%s is declined (%s, %s) and the intent can be paid again', async (number, code, declineCode) => {
      const intent = await newIntent();
      const r = await payWith(intent.client_secret, number);
      expect(r.status).toBe(402);
      expect(r.body.error).toMatchObject({ type: 'card_error', code, decline_code: declineCode });
      expect(r.body.error.payment_intent.status).toBe('requires_payment_method');
      expect((await payWith(intent.client_secret)).body.status).toBe('succeeded');
    });

    it('4000 0025 0000 3155 asks for authentication, then succeeds or fails by the answer', async () => {
      const approved = await newIntent();
      const first = await payWith(approved.client_secret, '4000 0025 0000 3155');
      expect(first.body.status).toBe('requires_action');
      expect(first.body.next_action.type).toBe('test_authentication');
      const done = await processor(`/payment_intents/${approved.id}/authenticate`, {
        key: null,
        body: { client_secret: approved.client_secret, approve: true },
      });
      expect(done.body.status).toBe('succeeded');

      const refused = await newIntent();
      await payWith(refused.client_secret, '4000 0025 0000 3155');
      const failed = await processor(`/payment_intents/${refused.id}/authenticate`, {
        key: null,
        body: { client_secret: refused.client_secret, approve: false },
      });
      expect(failed.status).toBe(402);
      expect(failed.body.error.code).toBe('payment_intent_authentication_failure');
    });

    it('a card failing the Luhn check is an incorrect number', async () => {
      const intent = await newIntent();
      const r = await payWith(intent.client_secret, '4242 4242 4242 4241');
      expect(r.body.error.code).toBe('incorrect_number');
    });

    it('a wrong client secret cannot confirm', async () => {
      const intent = await newIntent();
      const r = await processor(`/payment_intents/${intent.id}/confirm`, {
        key: null,
        body: { client_secret: `${intent.id}_secret_wrong`, payment_method: { card: CARD_OK } },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('payment_intent_invalid_parameter');
    });

    it('a succeeded intent is not confirmed twice (pays once)', async () => {
      const intent = await newIntent();
      const [a, b] = await Promise.all([payWith(intent.client_secret), payWith(intent.client_secret)]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      expect((a.status === 400 ? a : b).body.error.code).toBe('payment_intent_unexpected_state');
    });

    it('an idempotency key answers the same intent, and refuses other parameters', async () => {
      const first = await newIntent('key-1');
      const again = await newIntent('key-1');
      expect(again.id).toBe(first.id);
      const other = await processor('/payment_intents', {
        body: { amount: 2000, currency: 'usd', metadata: { order: 'x' } },
        idempotencyKey: 'key-1',
      });
      expect(other.status).toBe(400);
      expect(other.body.error.type).toBe('idempotency_error');
    });

    it('cancels only before success; a succeeded intent is refunded once', async () => {
      const open = await newIntent();
      expect((await processor(`/payment_intents/${open.id}/cancel`, { body: {} })).body.status).toBe('canceled');
      const paid = await newIntent();
      await payWith(paid.client_secret);
      expect((await processor(`/payment_intents/${paid.id}/cancel`, { body: {} })).status).toBe(400);
      const refund = await processor('/refunds', { body: { payment_intent: paid.id } });
      expect(refund.body).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded' });
      expect((await processor('/refunds', { body: { payment_intent: paid.id } })).status).toBe(400);
    });
  });

  describe('create-payment-intent', () => {
    it('refuses a caller who is not signed in', async () => {
      const r = await invoke(backend.client(), 'create-payment-intent', stay());
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('not_signed_in');
    });

    it('charges the room price x nights plus the fees, computed on the server; a sent amount is ignored', async () => {
      const { client } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', { ...stay(), amount: 1 });
      expect(r.status).toBe(200);
      expect(specChargeCents(PRICE, 3)).toBe(THREE_NIGHTS_CENTS);
      expect(r.body.amount).toBe(THREE_NIGHTS_CENTS);
      const intent = await processor(`/payment_intents/${r.body.paymentIntentId}`);
      expect(intent.body.amount).toBe(THREE_NIGHTS_CENTS);
      expect(r.body.clientSecret).toBe(intent.body.client_secret);
    });

    /** What a refused request could have left: the user's drafts and the processor's intents for them. */
    async function madeFor(userId: string): Promise<{ drafts: number; intents: number }> {
      const { data } = await service.from('Bookings').select('id').eq('user_id', userId);
      const { rows } = await backend.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from payments_test.payment_intents where metadata->>'user_id' = $1`,
        [userId],
      );
      return { drafts: (data ?? []).length, intents: rows[0]!.n };
    }

    /** The stay with the terms the page shows (the server's own unless `shown` says otherwise). */
    const shownStay = (shown: Record<string, unknown>) => ({
      ...stay(),
      shownAmount: THREE_NIGHTS_CENTS,
      shownCancellationPolicy: 'moderate',
      ...shown,
    });

    it('opens an intent when the total and policy the page shows are the ones the server computes', async () => {
      const { client } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', shownStay({}));
      expect([r.status, r.body.amount]).toEqual([200, THREE_NIGHTS_CENTS]);
    });

    it.each([
      ['a total a cent short', { shownAmount: THREE_NIGHTS_CENTS - 1 }, /price of this stay changed/],
      ['the old total of a price the host doubled', { shownAmount: THREE_NIGHTS_CENTS / 2 }, /price of this stay changed/],
      ['another cancellation policy', { shownCancellationPolicy: 'flexible' }, /cancellation policy/],
    ])('refuses %s: 409 terms_changed, no draft and no intent made', async (_name, shown, message) => {
      const { client, id } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', { ...shownStay(shown), idempotencyKey: `shown-${id}` });
      expect([r.status, r.body.code]).toEqual([409, 'terms_changed']);
      expect(r.body.error).toMatch(message);
      expect(await madeFor(id)).toEqual({ drafts: 0, intents: 0 });
    });

    it.each([
      ['missing', { shownAmount: undefined }],
      ['missing policy', { shownCancellationPolicy: undefined }],
      ['negative', { shownAmount: -THREE_NIGHTS_CENTS }],
      ['a string', { shownAmount: String(THREE_NIGHTS_CENTS) }],
      ['a float', { shownAmount: THREE_NIGHTS_CENTS + 0.5 }],
      ['huge', { shownAmount: 1e21 }],
      ['beyond a safe whole number', { shownAmount: Number.MAX_SAFE_INTEGER + 1 }],
      ['null', { shownAmount: null }],
      ['an unknown policy', { shownCancellationPolicy: 'lenient' }],
      ['a policy of another type', { shownCancellationPolicy: ['moderate'] }],
    ])('refuses a shown total or policy that is %s: 400 invalid_shown_terms, nothing made', async (_name, shown) => {
      const { client, id } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', shownStay(shown));
      expect([r.status, r.body.code]).toEqual([400, 'invalid_shown_terms']);
      expect(await madeFor(id)).toEqual({ drafts: 0, intents: 0 });
    });

    it('keeps one pending booking per user and room, brought to the stay being paid', async () => {
      const { client, id } = await signedInUser();
      const first = await invoke(client, 'create-payment-intent', { ...stay(), idempotencyKey: 'a' });
      const second = await invoke(client, 'create-payment-intent', {
        ...stay({ startDate: isoDay(40), endDate: isoDay(41) }),
        idempotencyKey: 'b',
      });
      expect(second.body.bookingId).toBe(first.body.bookingId);
      expect(second.body.amount).toBe(specChargeCents(PRICE, 1));
      const { data } = await service.from('Bookings').select('*').eq('user_id', id);
      expect(data).toHaveLength(1);
      expect(data![0]).toMatchObject({ startDate: isoDay(40), endDate: isoDay(41), numOfDays: 1, status: 'pending' });
    });

    it.each([
      ['past', { startDate: isoDay(-3), endDate: isoDay(-1) }, 'dates_in_past'],
      ['reversed', { startDate: isoDay(20), endDate: isoDay(18) }, 'dates_reversed'],
      ['same-day', { startDate: isoDay(20), endDate: isoDay(20) }, 'dates_reversed'],
    ])('refuses %s dates with 409', async (_name, dates, code) => {
      const { client } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', stay(dates));
      expect(r.status).toBe(409);
      expect(r.body.code).toBe(code);
    });

    it('refuses guests above the room capacity', async () => {
      const { client } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', stay({ roomId: smallRoomId, adults: 2, children: 1 }));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('too_many_guests');
      const ok = await invoke(client, 'create-payment-intent', stay({ roomId: smallRoomId, adults: 2, infants: 1 }));
      expect(ok.status).toBe(200);
    });

    it('the same idempotency key answers the same intent (a double click pays once)', async () => {
      const { client } = await signedInUser();
      const body = { ...stay({ startDate: isoDay(60), endDate: isoDay(62) }), idempotencyKey: 'double-click' };
      const [a, b] = await Promise.all([
        invoke(client, 'create-payment-intent', body),
        invoke(client, 'create-payment-intent', body),
      ]);
      expect(a.status).toBe(200);
      expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
      const other = await invoke(client, 'create-payment-intent', { ...body, idempotencyKey: 'another' });
      expect(other.body.paymentIntentId).not.toBe(a.body.paymentIntentId);
    });
  });

  describe('the stay request: sent once, as one value', () => {
    /** What a request could have written: the user's bookings and the processor's intents for them. */
    async function madeFor(userId: string): Promise<{ bookings: number; intents: number }> {
      const { data } = await service.from('Bookings').select('id').eq('user_id', userId);
      const { rows } = await backend.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from payments_test.payment_intents where metadata->>'user_id' = $1`,
        [userId],
      );
      return { bookings: (data ?? []).length, intents: rows[0]!.n };
    }

    it('is what the pending booking, the intent and the recorded payment hold, and nothing sent beside it', async () => {
      const other = await signedInUser();
      const theirs = await invoke(other.client, 'create-payment-intent', stay({ startDate: isoDay(150), endDate: isoDay(152) }));
      expect(theirs.status).toBe(200);
      const { client, id } = await signedInUser();
      const request = { room_id: roomId, check_in: isoDay(140), check_out: isoDay(143), adults: 2, children: 1, infants: 1, pets: 1 };
      const body = {
        ...stay(),
        // Other columns, another booking and user, a forged guest line and the old flat fields: all ignored.
        stay: { ...request, id: theirs.body.bookingId, user_id: other.id, status: 'confirmed', numOfDays: 1, guest: 'VIP', session_id: id },
        bookingId: theirs.body.bookingId,
        guest: 'VIP',
        roomId: smallRoomId,
        startDate: isoDay(1),
      };
      const created = await invoke(client, 'create-payment-intent', body);
      expect(created.status).toBe(200);
      expect(created.body.bookingId).not.toBe(theirs.body.bookingId);

      const booking = await service.from('Bookings').select('*').eq('id', created.body.bookingId).single();
      expect(booking.data).toMatchObject({
        user_id: id, room_id: roomId, startDate: isoDay(140), endDate: isoDay(143), numOfDays: 3,
        adults: 2, children: 1, infants: 1, pets: 1, guest: '3 guests', status: 'pending', session_id: null,
      });
      const untouched = await service.from('Bookings').select('user_id,startDate,status').eq('id', theirs.body.bookingId).single();
      expect(untouched.data).toEqual({ user_id: other.id, startDate: isoDay(150), status: 'pending' });

      const intent = (await processor(`/payment_intents/${created.body.paymentIntentId}`)).body;
      expect(Object.keys(intent.metadata).sort()).toEqual(['address', 'booking_id', 'cancellation_policy', 'customer_name', 'session_id', 'stay', 'user_id']);
      expect(JSON.parse(intent.metadata.stay)).toEqual(request);

      await payWith(created.body.clientSecret);
      const done = await invoke(client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
      expect(done.status).toBe(200);
      const payment = await service.from('Payments').select('room_id,startDate,endDate,numOfDays,amount').eq('stripe_payment_intent_id', created.body.paymentIntentId).single();
      expect(payment.data).toEqual({ room_id: roomId, startDate: isoDay(140), endDate: isoDay(143), numOfDays: 3, amount: THREE_NIGHTS_CENTS / 100 });
      const confirmed = await service.from('Bookings').select('status,adults,children,infants,pets').eq('id', created.body.bookingId).single();
      expect(confirmed.data).toEqual({ status: 'confirmed', adults: 2, children: 1, infants: 1, pets: 1 });
    });

    it.each([
      ['the old flat fields without a stay', () => ({ ...stay(), stay: undefined, roomId, startDate: isoDay(30), endDate: isoDay(33), adults: 2 }), 'invalid_room'],
      ['a stay in a string', () => ({ ...stay(), stay: JSON.stringify(stay().stay) }), 'invalid_room'],
      ['a list of stays', () => ({ ...stay(), stay: [stay().stay] }), 'invalid_room'],
      ['a room id as text', () => stay({ roomId: String(roomId) }), 'invalid_room'],
      ['a huge room id', () => stay({ roomId: 1e21 }), 'invalid_room'],
      ['an infinite check-out', () => stay({ endDate: 'infinity' }), 'invalid_dates'],
      ['a check-in with a time', () => stay({ startDate: `${isoDay(30)}T00:00:00Z` }), 'invalid_dates'],
      ['no adult', () => stay({ adults: 0 }), 'invalid_guests'],
      ['a billion adults', () => stay({ adults: 1e9 }), 'invalid_guests'],
      ['17 people', () => stay({ adults: 9, children: 8 }), 'invalid_guests'],
      ['a negative child', () => stay({ children: -1 }), 'invalid_guests'],
      ['half an infant', () => stay({ infants: 0.5 }), 'invalid_guests'],
      ['six pets', () => stay({ pets: 6 }), 'invalid_guests'],
      ['no count of pets', () => stay({ pets: undefined }), 'invalid_guests'],
      ['guests as text', () => stay({ adults: '2' }), 'invalid_guests'],
    ])('refuses %s: 400, nothing written, no intent', async (_name, body, code) => {
      const { client, id } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', body());
      expect([r.status, r.body.code]).toEqual([400, code]);
      expect(await madeFor(id)).toEqual({ bookings: 0, intents: 0 });
    });

    it('50 identical requests at once: one pending booking, one intent', async () => {
      const { client, id } = await signedInUser();
      const body = { ...stay({ startDate: isoDay(160), endDate: isoDay(162) }), idempotencyKey: 'fifty' };
      const answers = await Promise.all(Array.from({ length: 50 }, () => invoke(client, 'create-payment-intent', body)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((a) => a.body.paymentIntentId)).size).toBe(1);
      expect(new Set(answers.map((a) => a.body.bookingId)).size).toBe(1);
      expect(await madeFor(id)).toEqual({ bookings: 1, intents: 1 });
    });

    it('confirm_booking_payment refuses an intent whose stay is missing or incomplete', async () => {
      const payer = await signedInUser();
      const created = await invoke(payer.client, 'create-payment-intent', stay({ startDate: isoDay(170), endDate: isoDay(171) }));
      const paid = {
        p_booking_id: created.body.bookingId,
        p_stripe_payment_intent_id: created.body.paymentIntentId,
        p_amount_cents: created.body.amount,
        p_user_id: payer.id,
        p_cancellation_policy: 'moderate',
      };
      for (const p_stay of [null, { room_id: roomId, check_in: isoDay(170), check_out: isoDay(171), adults: 2 }]) {
        const r = await service.rpc('confirm_booking_payment', { ...paid, p_stay });
        expect([r.error?.code, r.error?.hint]).toEqual(['P0001', 'stay_out_of_bounds']);
      }
      expect((await service.from('Payments').select('id').eq('user_id', payer.id)).data).toEqual([]);
    });
  });

  describe('finalize-booking', () => {
    it('records nothing until the processor says succeeded', async () => {
      const { client } = await signedInUser();
      const created = await invoke(client, 'create-payment-intent', stay({ startDate: isoDay(70), endDate: isoDay(71) }));
      const declined = await payWith(created.body.clientSecret, '4000 0000 0000 0002');
      expect(declined.status).toBe(402);
      const r = await invoke(client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
      expect(r.status).toBe(402);
      expect(r.body.error).toBe('Payment failed. Please try again.');
      const { count } = await service
        .from('Payments')
        .select('id', { count: 'exact', head: true })
        .eq('stripe_payment_intent_id', created.body.paymentIntentId);
      expect(count).toBe(0);
    });

    it('records the payment and confirms the booking once; a replay changes nothing', async () => {
      const { client, id } = await signedInUser();
      const created = await invoke(client, 'create-payment-intent', stay({ startDate: isoDay(80), endDate: isoDay(83) }));
      await payWith(created.body.clientSecret);
      const first = await invoke(client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
      expect(first.status).toBe(200);
      const payment = first.body.payment;
      expect(payment.id).toMatch(/^[A-Z0-9]+-/);
      expect(payment.reservationCode).toBe(payment.id.split('-')[0]);
      expect(payment.amount).toBe(THREE_NIGHTS_CENTS / 100);
      const replay = await invoke(client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
      expect(replay.body.payment.id).toBe(payment.id);

      const payments = await client.from('Payments').select('*').eq('user_id', id);
      expect(payments.data).toHaveLength(1);
      expect(payments.data![0]).toMatchObject({
        room_id: roomId,
        startDate: isoDay(80),
        endDate: isoDay(83),
        numOfDays: 3,
        status: 'successful',
        currency: 'usd',
        payment_method: 'card',
        customer_name: 'Ada Lovelace',
        address: { line1: '1 Main St', city: 'London', state: '', postal_code: 'N1', country: 'GB' },
      });
      const booking = await service.from('Bookings').select('status').eq('id', created.body.bookingId).single();
      expect(booking.data?.status).toBe('confirmed');
    });

    it('refuses dates already booked (409) when a new intent is asked for', async () => {
      const { client } = await signedInUser();
      const r = await invoke(client, 'create-payment-intent', stay({ startDate: isoDay(81), endDate: isoDay(82) }));
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('dates_unavailable');
    });

    it("another user's intent for the same nights: one is recorded, the other refunded and told", async () => {
      const a = await signedInUser();
      const b = await signedInUser();
      const dates = { startDate: isoDay(90), endDate: isoDay(92) };
      const intentA = await invoke(a.client, 'create-payment-intent', stay(dates));
      const intentB = await invoke(b.client, 'create-payment-intent', stay(dates));
      await payWith(intentA.body.clientSecret);
      await payWith(intentB.body.clientSecret);
      const doneA = await invoke(a.client, 'finalize-booking', { paymentIntentId: intentA.body.paymentIntentId });
      const doneB = await invoke(b.client, 'finalize-booking', { paymentIntentId: intentB.body.paymentIntentId });
      expect(doneA.status).toBe(200);
      expect(doneB.status).toBe(409);
      expect(doneB.body.code).toBe('dates_unavailable');
      const refunded = await processor(`/payment_intents/${intentB.body.paymentIntentId}`);
      expect(refunded.body.amount_refunded).toBe(refunded.body.amount);
      const { count } = await service.from('Payments').select('id', { count: 'exact', head: true }).eq('user_id', b.id);
      expect(count).toBe(0);
    });

    it('two tabs of one user paying the same booking: the second is refunded and told', async () => {
      const { client, id } = await signedInUser();
      const dates = { startDate: isoDay(100), endDate: isoDay(101) };
      const tab1 = await invoke(client, 'create-payment-intent', { ...stay(dates), idempotencyKey: 'tab-1' });
      const tab2 = await invoke(client, 'create-payment-intent', { ...stay(dates), idempotencyKey: 'tab-2' });
      expect(tab2.body.bookingId).toBe(tab1.body.bookingId);
      await payWith(tab1.body.clientSecret);
      await payWith(tab2.body.clientSecret);
      expect((await invoke(client, 'finalize-booking', { paymentIntentId: tab1.body.paymentIntentId })).status).toBe(200);
      const second = await invoke(client, 'finalize-booking', { paymentIntentId: tab2.body.paymentIntentId });
      expect(second.status).toBe(409);
      const { count } = await service.from('Payments').select('id', { count: 'exact', head: true }).eq('user_id', id);
      expect(count).toBe(1);
    });

    it('a tab asking for an intent while another tab pays the same draft is told the nights are booked', async () => {
      // The draft stops being pending between the second request reading it and writing it.
      const { client, id } = await signedInUser();
      const answers: string[] = [];
      for (let round = 0; round < 8; round += 1) {
        const dates = { startDate: isoDay(120 + 2 * round), endDate: isoDay(121 + 2 * round) };
        const tab1 = await invoke(client, 'create-payment-intent', { ...stay(dates), idempotencyKey: `paid-${round}` });
        await payWith(tab1.body.clientSecret);
        const [paid, tab2] = await Promise.all([
          invoke(client, 'finalize-booking', { paymentIntentId: tab1.body.paymentIntentId }),
          invoke(client, 'create-payment-intent', { ...stay(dates), idempotencyKey: `late-${round}` }),
        ]);
        expect(paid.status).toBe(200);
        if (tab2.status === 200) {
          await payWith(tab2.body.clientSecret);
          const late = await invoke(client, 'finalize-booking', { paymentIntentId: tab2.body.paymentIntentId });
          answers.push(`${late.status} ${late.body.code}`);
        } else answers.push(`${tab2.status} ${tab2.body.code}`);
      }
      expect(answers.filter((answer) => answer !== '409 dates_unavailable')).toEqual([]);
      const { count } = await service.from('Payments').select('id', { count: 'exact', head: true }).eq('user_id', id);
      expect(count).toBe(8);
    });

    it("does not finalize another user's intent", async () => {
      const a = await signedInUser();
      const b = await signedInUser();
      const created = await invoke(a.client, 'create-payment-intent', stay({ startDate: isoDay(110), endDate: isoDay(111) }));
      await payWith(created.body.clientSecret);
      const r = await invoke(b.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
      expect(r.status).toBe(404);
    });
  });
});
