// Issue 15, "a paid stay is exactly what was paid for": the abuse cases of the bookings and
// payments path, against the real backend (project migrations and edge functions) on PGlite and
// on PostgreSQL, with supabase-js as the client and the built-in test processor.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specChargeCents } from '../../shared/src/testing/specPrices.ts';
import { latestCheckOut, MAX_STAY_NIGHTS } from '../../shared/src/rules/stayBounds.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));

/** 8300 local = 100 USD a night; 83000 local = 1000 USD a night. */
const PRICE = 8300;
const DEARER_PRICE = 83_000;

describe.each(databases('concurrency'))('booking integrity on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let roomId: number;
  let dearRoomId: number;

  async function newRoom(price = PRICE): Promise<number> {
    const { data, error } = await service
      .from('Rooms')
      .insert({ 'house-title': 'Integrity house', price, max_guests: 4, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    if (error) throw error;
    return (data).id;
  }

  const stay = (overrides: Record<string, unknown> = {}) => stayRequest(roomId, 1, overrides);

  /** A signed-in user who asked for an intent for `dates` and paid it with a good card. */
  async function paidStay(overrides: Record<string, unknown> = {}) {
    const user = await driver.signedInUser();
    const created = await driver.invoke(user.client, 'create-payment-intent', stay(overrides));
    expect(created.status).toBe(200);
    expect((await driver.payWith(created.body.clientSecret)).body.status).toBe('succeeded');
    return { ...user, intentId: created.body.paymentIntentId as string, bookingId: created.body.bookingId as number, amount: created.body.amount as number };
  }

  const finalize = (client: SupabaseClient, intentId: string) => driver.invoke(client, 'finalize-booking', { paymentIntentId: intentId });
  const intent = async (id: string) => (await driver.processor(`/payment_intents/${id}`)).body;
  const paymentsOf = async (intentId: string) =>
    (await service.from('Payments').select('*').eq('stripe_payment_intent_id', intentId)).data ?? [];

  /** The intent's money went back exactly once, and no payment was recorded for it. */
  async function expectRefundedOnce(intentId: string) {
    const after = await intent(intentId);
    expect(after.status).toBe('succeeded');
    expect(after.amount_refunded).toBe(after.amount);
    expect(await paymentsOf(intentId)).toEqual([]);
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `integrity-${kind}-`);
    roomId = await newRoom();
    dearRoomId = await newRoom(DEARER_PRICE);
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('travellers write only the fields they choose', () => {
    it('a paid draft cannot be moved to another room; the paid room is confirmed', async () => {
      const payer = await paidStay({ startDate: isoDay(40), endDate: isoDay(41) });
      const moved = await payer.client.from('Bookings').update({ room_id: dearRoomId }).eq('id', payer.bookingId).select();
      expect([moved.status, moved.error?.code]).toEqual([403, '42501']);
      const done = await finalize(payer.client, payer.intentId);
      expect(done.status).toBe(200);
      expect(done.body.payment).toMatchObject({ roomId, amount: specChargeCents(PRICE, 1) / 100 });
      const booking = await service.from('Bookings').select('room_id,status').eq('id', payer.bookingId).single();
      expect(booking.data).toEqual({ room_id: roomId, status: 'confirmed' });
    });

    it('dates changed after paying are put back: the confirmed stay is the one paid for', async () => {
      const payer = await paidStay({ startDate: isoDay(42), endDate: isoDay(43) });
      const edited = await payer.client
        .from('Bookings')
        .update({ endDate: isoDay(70), numOfDays: 28, adults: 4 })
        .eq('id', payer.bookingId)
        .select('numOfDays');
      expect(edited.data).toEqual([{ numOfDays: 28 }]);
      expect((await finalize(payer.client, payer.intentId)).status).toBe(200);
      const booking = await service.from('Bookings').select('startDate,endDate,numOfDays,adults,status').eq('id', payer.bookingId).single();
      expect(booking.data).toEqual({ startDate: isoDay(42), endDate: isoDay(43), numOfDays: 1, adults: 2, status: 'confirmed' });
    });

    it('PATCHes fired while finalize runs do not stretch the paid night', async () => {
      const payer = await paidStay({ startDate: isoDay(44), endDate: isoDay(45) });
      const stretch = () =>
        payer.client.from('Bookings').update({ endDate: isoDay(72), numOfDays: 28 }).eq('id', payer.bookingId);
      const [done] = await Promise.all([finalize(payer.client, payer.intentId), ...Array.from({ length: 20 }, stretch)]);
      expect(done.status).toBe(200);
      const booking = await service.from('Bookings').select('startDate,endDate,numOfDays,status').eq('id', payer.bookingId).single();
      expect(booking.data).toEqual({ startDate: isoDay(44), endDate: isoDay(45), numOfDays: 1, status: 'confirmed' });
      // Once confirmed, nothing the traveller sends changes it.
      await stretch();
      expect((await service.from('Bookings').select('endDate').eq('id', payer.bookingId).single()).data).toEqual({ endDate: isoDay(45) });
      const [payment] = await paymentsOf(payer.intentId);
      expect(payment).toMatchObject({ numOfDays: 1, endDate: isoDay(45), amount: specChargeCents(PRICE, 1) / 100 });
    });

    it("user_email, user_id and status cannot be set by the traveller; the payment has the payer's email", async () => {
      const payer = await driver.signedInUser();
      const victim = await driver.signedInUser();
      const fields = { room_id: roomId, startDate: isoDay(46), endDate: isoDay(47), numOfDays: 1 };
      for (const forged of [{ user_email: victim.email }, { user_id: victim.id }, { status: 'confirmed' }, { session_id: crypto.randomUUID() }]) {
        const insert = await payer.client.from('Bookings').insert({ ...fields, ...forged });
        expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
      }
      const draft = await payer.client.from('Bookings').insert(fields).select('id,user_email').single();
      expect(draft.data?.user_email).toBe(payer.email);
      for (const forged of [{ user_email: victim.email }, { user_id: victim.id }, { status: 'confirmed' }]) {
        const update = await payer.client.from('Bookings').update(forged).eq('id', draft.data!.id);
        expect([update.status, update.error?.code]).toEqual([403, '42501']);
      }
      const created = await driver.invoke(payer.client, 'create-payment-intent', stay({ startDate: isoDay(46), endDate: isoDay(47) }));
      expect(created.body.bookingId).toBe(draft.data!.id);
      await driver.payWith(created.body.clientSecret);
      expect((await finalize(payer.client, created.body.paymentIntentId)).status).toBe(200);
      const [payment] = await paymentsOf(created.body.paymentIntentId);
      expect(payment).toMatchObject({ user_email: payer.email, user_id: payer.id });
    });
  });

  describe('stays are bounded', () => {
    /** The last day the booking calendar shows, as the functions compute it. */
    const lastCalendarDay = () => new Date(latestCheckOut(new Date())).toISOString().slice(0, 10);
    const dayAfter = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const dayBefore = (day: string, n: number) => new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10);

    it.each([
      ['an infinite checkout', { endDate: 'infinity' }, 400, 'invalid_dates'],
      ['a checkout in 9999', { endDate: '9999-12-31' }, 400, 'dates_too_far'],
      ['a stay in 9999', { startDate: '9999-12-30', endDate: '9999-12-31' }, 400, 'dates_too_far'],
      ['91 nights', { startDate: isoDay(10), endDate: isoDay(10 + MAX_STAY_NIGHTS + 1) }, 400, 'stay_too_long'],
      ['a check-in two days ago (past in every time zone: the calendar starts at today in UTC-12)', { startDate: isoDay(-2), endDate: isoDay(2) }, 409, 'dates_in_past'],
    ])('create-payment-intent refuses %s', async (_name, dates, status, code) => {
      const { client } = await driver.signedInUser();
      const r = await driver.invoke(client, 'create-payment-intent', stay(dates));
      expect([r.status, r.body.code]).toEqual([status, code]);
    });

    it('create-payment-intent accepts 90 nights ending on the last day of the calendar, not a day later', async () => {
      const { client } = await driver.signedInUser();
      const last = lastCalendarDay();
      const longest = await driver.invoke(client, 'create-payment-intent', stay({ startDate: dayBefore(last, MAX_STAY_NIGHTS), endDate: last }));
      expect(longest.status).toBe(200);
      expect(longest.body.amount).toBe(specChargeCents(PRICE, MAX_STAY_NIGHTS));
      const beyond = await driver.invoke(client, 'create-payment-intent', stay({ startDate: dayBefore(last, 2), endDate: dayAfter(last) }));
      expect([beyond.status, beyond.body.code]).toEqual([400, 'dates_too_far']);
    });

    it('the database refuses such stays from travellers too (check violation 23514)', async () => {
      const { client } = await driver.signedInUser();
      const last = lastCalendarDay();
      const write = (startDate: string, endDate: string, numOfDays: number) =>
        client.from('Bookings').insert({ room_id: roomId, startDate, endDate, numOfDays });
      for (const [startDate, endDate, nights] of [
        [isoDay(5), 'infinity', 1],
        ['9999-12-30', '9999-12-31', 1],
        [isoDay(5), isoDay(5 + MAX_STAY_NIGHTS + 1), MAX_STAY_NIGHTS + 1],
        [isoDay(-2), isoDay(1), 3],
        [dayBefore(last, 1), dayAfter(last), 2],
        [isoDay(5), isoDay(7), 28],
      ] as const) {
        const r = await write(startDate, endDate, nights);
        expect([startDate, endDate, r.status, r.error?.code]).toEqual([startDate, endDate, 400, '23514']);
      }
      const inside = await write(dayBefore(last, 2), last, 2).select('id').single();
      expect(inside.error).toBeNull();
      const stretched = await client.from('Bookings').update({ endDate: dayAfter(last), numOfDays: 3 }).eq('id', inside.data!.id);
      expect([stretched.status, stretched.error?.code]).toEqual([400, '23514']);
    });

    it('even the server cannot store an unbounded stay', async () => {
      const user = await driver.signedInUser();
      const row = { user_id: user.id, user_email: user.email, room_id: roomId, status: 'confirmed' };
      const infinite = await service.from('Bookings').insert({ ...row, startDate: isoDay(5), endDate: 'infinity', numOfDays: 1 });
      expect([infinite.status, infinite.error?.code]).toEqual([400, '23514']);
      const long = await service.from('Bookings').insert({ ...row, startDate: '9000-01-01', endDate: '9999-12-31', numOfDays: 365_000 });
      expect([long.status, long.error?.code]).toEqual([400, '23514']);
    });
  });

  describe('every failed finalize gives the money back', () => {
    it('a draft deleted after paying: 409, refunded once, nothing recorded; a replay changes nothing', async () => {
      const payer = await paidStay({ startDate: isoDay(50), endDate: isoDay(51) });
      const removed = await payer.client.from('Bookings').delete().eq('id', payer.bookingId).select('id');
      expect(removed.data).toEqual([{ id: payer.bookingId }]);
      const r = await finalize(payer.client, payer.intentId);
      expect([r.status, r.body.code]).toEqual([409, 'booking_changed']);
      await expectRefundedOnce(payer.intentId);
      const replay = await finalize(payer.client, payer.intentId);
      expect(replay.status).toBe(409);
      await expectRefundedOnce(payer.intentId);
    });

    it('a booking cancelled after paying: 409 and refunded', async () => {
      const payer = await paidStay({ startDate: isoDay(52), endDate: isoDay(53) });
      await service.from('Bookings').update({ status: 'cancelled' }).eq('id', payer.bookingId);
      const r = await finalize(payer.client, payer.intentId);
      expect([r.status, r.body.code]).toEqual([409, 'booking_changed']);
      await expectRefundedOnce(payer.intentId);
    });

    it('a room whose price changed after the intent was made: 409 and refunded', async () => {
      const room = await newRoom();
      const payer = await paidStay({ roomId: room, startDate: isoDay(54), endDate: isoDay(55) });
      await service.from('Rooms').update({ price: PRICE * 2 }).eq('id', room);
      const r = await finalize(payer.client, payer.intentId);
      expect([r.status, r.body.code]).toEqual([409, 'terms_changed']);
      await expectRefundedOnce(payer.intentId);
    });

    it('a room whose cancellation policy changed after the intent was made: 409 and refunded; paid again, the new policy is recorded', async () => {
      const room = await newRoom();
      await service.from('room_cancellation_policies').insert({ room_id: room, policy: 'flexible' });
      const payer = await paidStay({ roomId: room, startDate: isoDay(56), endDate: isoDay(57) });
      expect((await intent(payer.intentId)).metadata.cancellation_policy).toBe('flexible');
      await service.from('room_cancellation_policies').update({ policy: 'strict' }).eq('room_id', room);
      const r = await finalize(payer.client, payer.intentId);
      expect([r.status, r.body.code]).toEqual([409, 'terms_changed']);
      expect(r.body.error).toMatch(/cancellation policy.*refunded/);
      await expectRefundedOnce(payer.intentId);

      // Quoted again under the new policy, the payment is recorded under it.
      const again = await paidStay({ roomId: room, startDate: isoDay(56), endDate: isoDay(57) });
      const done = await finalize(again.client, again.intentId);
      expect(done.status).toBe(200);
      expect((await paymentsOf(again.intentId)).map((p) => p.cancellation_policy)).toEqual(['strict']);
    });

    it('an intent that names no policy (made before quotes named one) is refused and refunded', async () => {
      const payer = await paidStay({ startDate: isoDay(58), endDate: isoDay(59) });
      const made = await intent(payer.intentId);
      const recorded = await service.rpc('confirm_booking_payment', {
        p_booking_id: payer.bookingId, p_stripe_payment_intent_id: payer.intentId, p_amount_cents: made.amount,
        p_user_id: payer.id, p_cancellation_policy: null,
        p_stay: { room_id: roomId, check_in: isoDay(58), check_out: isoDay(59), adults: 1, children: 0, infants: 0, pets: 0 },
      });
      expect([recorded.error?.code, recorded.error?.hint]).toEqual(['P0001', 'terms_changed']);
      expect(await paymentsOf(payer.intentId)).toEqual([]);
    });

    it('an intent released for an overlap stays released when the nights come free again', async () => {
      const room = await newRoom();
      const dates = { roomId: room, startDate: isoDay(56), endDate: isoDay(58) };
      const winner = await paidStay(dates);
      const loser = await paidStay(dates);
      expect((await finalize(winner.client, winner.intentId)).status).toBe(200);
      const lost = await finalize(loser.client, loser.intentId);
      expect([lost.status, lost.body.code]).toEqual([409, 'dates_unavailable']);
      await expectRefundedOnce(loser.intentId);
      await service.from('Bookings').update({ status: 'cancelled' }).eq('id', winner.bookingId);
      const replay = await finalize(loser.client, loser.intentId);
      expect([replay.status, replay.body.code]).toEqual([409, 'payment_released']);
      await expectRefundedOnce(loser.intentId);
      const pending = await service.from('Bookings').select('status').eq('id', loser.bookingId).single();
      expect(pending.data).toEqual({ status: 'pending' });
    });

    it('an unexpected error while recording: 500, refunded, nothing recorded', async () => {
      const user = await driver.signedInUser();
      // An intent whose stay the database cannot even read (as a bug in the function might make).
      const created = await driver.processor('/payment_intents', {
        body: {
          amount: specChargeCents(PRICE, 1),
          currency: 'usd',
          metadata: {
            user_id: user.id,
            booking_id: '1',
            stay: JSON.stringify({ room_id: roomId, check_in: 'soon', check_out: 'later', adults: 1, children: 0, infants: 0, pets: 0 }),
          },
        },
      });
      await driver.payWith(created.body.client_secret);
      const r = await finalize(user.client, created.body.id);
      expect([r.status, r.body.code]).toEqual([500, 'payment_not_recorded']);
      await expectRefundedOnce(created.body.id);
    });

    it('replayed finalizes, even at once, answer the one recorded payment and refund nothing', async () => {
      const payer = await paidStay({ startDate: isoDay(60), endDate: isoDay(61) });
      const answers = await Promise.all(Array.from({ length: 10 }, () => finalize(payer.client, payer.intentId)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
      expect(await paymentsOf(payer.intentId)).toHaveLength(1);
      expect((await intent(payer.intentId)).amount_refunded).toBe(0);
    });

    it('20 customers racing for overlapping nights of one room: one confirmed, every other refunded, no 5xx', async () => {
      const room = await newRoom();
      const customers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => paidStay({ roomId: room, startDate: isoDay(62 + (i % 3)), endDate: isoDay(66) })),
      );
      const answers = await Promise.all(customers.map((c) => finalize(c.client, c.intentId)));
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const winners = customers.filter((_, i) => answers[i]!.status === 200);
      expect(winners).toHaveLength(1);
      for (const [i, customer] of customers.entries()) {
        if (customer === winners[0]) continue;
        expect([answers[i]!.status, answers[i]!.body.code]).toEqual([409, 'dates_unavailable']);
        await expectRefundedOnce(customer.intentId);
      }
      const confirmed = await service.from('Bookings').select('id').eq('room_id', room).eq('status', 'confirmed');
      expect(confirmed.data).toEqual([{ id: winners[0]!.bookingId }]);
      expect((await intent(winners[0]!.intentId)).amount_refunded).toBe(0);
    });

    it.runIf(kind === 'postgres')('a deadlock while recording is retried, and the payment recorded', async () => {
      const room = await newRoom();
      const payer = await paidStay({ roomId: room, startDate: isoDay(67), endDate: isoDay(68) });
      const admin = new pg.Client({ connectionString: backend.ctx.config.databaseUrl });
      await admin.connect();
      try {
        // Hold the room's row, so confirm_booking_payment waits for it while holding its lock on
        // the intent; then ask for that intent lock: a real deadlock, which PostgreSQL breaks by
        // aborting finalize's transaction (its 1 s deadlock_timeout runs out before ours).
        await admin.query('begin');
        await admin.query("set local deadlock_timeout = '10s'");
        await admin.query('select id from public."Rooms" where id = $1 for update', [room]);
        const finalizing = finalize(payer.client, payer.intentId);
        await expect
          .poll(async () => {
            const { rows } = await admin.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
            );
            return rows[0]!.n;
          }, { timeout: 10_000 })
          .toBe(1);
        await admin.query("select pg_advisory_xact_lock(hashtextextended('payment_intent:' || $1::text, 0))", [payer.intentId]);
        await admin.query('rollback');
        const done = await finalizing;
        expect(done.status).toBe(200);
        expect(await paymentsOf(payer.intentId)).toHaveLength(1);
        expect((await intent(payer.intentId)).amount_refunded).toBe(0);
      } finally {
        await admin.end();
      }
    });
  });

  describe("guests' own accounts (anonymous sign-in, the site's guest button)", () => {
    async function guestSession() {
      const client = backend.client();
      const { data, error } = await client.auth.signInAnonymously({ options: { data: { name: 'Guest' } } });
      if (error || !data.session) throw error ?? new Error('guest sign-in gave no session');
      return { client, id: data.session.user.id };
    }

    it("each guest books and pays as their own account, and neither sees nor changes another's bookings and payments", async () => {
      const room = await newRoom();
      const first = await guestSession();
      const second = await guestSession();
      expect(second.id).not.toBe(first.id);
      const created = await driver.invoke(first.client, 'create-payment-intent', stay({ roomId: room, startDate: isoDay(75), endDate: isoDay(76) }));
      expect(created.status).toBe(200);
      await driver.payWith(created.body.clientSecret);
      expect((await finalize(second.client, created.body.paymentIntentId)).status).toBe(404);
      expect((await finalize(first.client, created.body.paymentIntentId)).status).toBe(200);
      const draft = await first.client.from('Bookings').insert({ room_id: roomId, startDate: isoDay(80), endDate: isoDay(81), numOfDays: 1 }).select('id, user_email').single();
      expect(draft.error).toBeNull();
      // A guest has no email: the spec's user_email column holds '' and nothing reads by it.
      expect(draft.data!.user_email).toBe('');

      expect((await first.client.from('Payments').select('stripe_payment_intent_id, user_id')).data).toEqual([
        { stripe_payment_intent_id: created.body.paymentIntentId, user_id: first.id },
      ]);
      expect((await first.client.from('Bookings').select('id')).data).toHaveLength(2);
      expect((await second.client.from('Payments').select('id')).data).toEqual([]);
      expect((await second.client.from('Payments').select('id').eq('user_email', '')).data).toEqual([]);
      expect((await second.client.from('Bookings').select('id')).data).toEqual([]);
      expect((await second.client.from('Bookings').update({ guest: 'mine now' }).eq('id', draft.data!.id).select()).data).toEqual([]);
      expect((await second.client.from('Bookings').delete().eq('id', draft.data!.id).select()).data).toEqual([]);
      const own = await second.client.from('Bookings').insert({ room_id: roomId, startDate: isoDay(82), endDate: isoDay(83), numOfDays: 1 }).select('id').single();
      expect(own.error).toBeNull();
      expect((await first.client.from('Bookings').select('guest').eq('id', draft.data!.id).single()).data).toEqual({ guest: '' });
    });

    it('a guest who creates an account keeps their trips, and signs in to them with the new password', async () => {
      const guest = await guestSession();
      const created = await driver.invoke(guest.client, 'create-payment-intent', stay({ startDate: isoDay(88), endDate: isoDay(89) }));
      expect(created.status).toBe(200);
      await driver.payWith(created.body.clientSecret);
      expect((await finalize(guest.client, created.body.paymentIntentId)).status).toBe(200);
      const email = `kept-${Date.now()}@example.com`;
      const converted = await guest.client.auth.updateUser({ email, password: 'correct-horse-battery' });
      expect(converted.error).toBeNull();
      expect(converted.data.user).toMatchObject({ id: guest.id, email, is_anonymous: false });
      const again = backend.client();
      expect((await again.auth.signInWithPassword({ email, password: 'correct-horse-battery' })).error).toBeNull();
      expect((await again.from('Payments').select('stripe_payment_intent_id')).data).toEqual([{ stripe_payment_intent_id: created.body.paymentIntentId }]);
    });

    it('the retired shared demo account is banned and its sessions ended (migration 20261203000200)', async () => {
      const email = `shared-${Date.now()}@example.com`;
      const made = await backend.client().auth.signUp({ email, password: 'correct-horse-battery' });
      expect(made.error).toBeNull();
      await backend.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"shared_account": true}' where id = $1`, [made.data.user!.id]);
      const sql = readFileSync(fileURLToPath(new URL('../../supabase/migrations/20261203000200_guest_accounts.sql', import.meta.url)), 'utf8');
      const retire = sql.slice(sql.indexOf('update auth.users'), sql.indexOf('alter table'));
      await backend.ctx.db.exec(retire);
      const refused = await backend.client().auth.signInWithPassword({ email, password: 'correct-horse-battery' });
      expect(refused.error?.code).toBe('user_banned');
      const { rows } = await backend.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [made.data.user!.id]);
      expect(rows[0]!.n).toBe(0);
    });

    it('an ordinary account sees its bookings and payments from every session', async () => {
      const payer = await paidStay({ startDate: isoDay(85), endDate: isoDay(86) });
      expect((await finalize(payer.client, payer.intentId)).status).toBe(200);
      const again = backend.client();
      const signIn = await again.auth.signInWithPassword({ email: payer.email, password: 'correct-horse-battery' });
      expect(signIn.error).toBeNull();
      expect((await again.from('Payments').select('stripe_payment_intent_id')).data).toEqual([{ stripe_payment_intent_id: payer.intentId }]);
      expect((await again.from('Bookings').select('id')).data).toEqual([{ id: payer.bookingId }]);
    });
  });
});
