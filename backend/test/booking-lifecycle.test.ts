// The booking lifecycle (issue 42; migration 20261204000100_booking_lifecycle.sql) against the
// real backend, with supabase-js as the pages' client: every transition the table allows and
// every one it refuses, the events recorded and who may read them, a listing on request from the
// held card to the host's answer or the expiry (the test clock), the hold captured or released at
// the test processor, a race of accept, decline, withdrawal and expiry (real on PostgreSQL), and a
// traveller booking the same place again for other nights.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTestClockSetting } from '../src/bookings.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));
const HOUR = 3600;

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

describe.each(databases('concurrency'))('booking lifecycle on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;

  /** A published place of `host`, on request unless `instant`. */
  async function place(instant = false, owner: User = host): Promise<number> {
    const { data, error } = await service
      .from('Rooms')
      .insert({ 'house-title': 'Lifecycle house', price: 8300, max_guests: 4, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    if (error) throw error;
    const hosted = await service.from('hosted_rooms').insert({ room_id: data.id, host_id: owner.id, status: 'published', instant_book: instant });
    if (hosted.error) throw hosted.error;
    return data.id;
  }

  /** The traveller pays (or, on request, has their card held) for `nights` nights from day `from`. */
  async function book(traveller: User, roomId: number, from = 30, nights = 2) {
    const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(roomId, nights, { startDate: isoDay(from), endDate: isoDay(from + nights) }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await driver.payWith(created.body.clientSecret)).body.status).toBe(created.body.instantBook ? 'succeeded' : 'requires_capture');
    const finalized = await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    return { bookingId: created.body.bookingId as number, intentId: created.body.paymentIntentId as string, paymentId: finalized.body.payment.id as string, finalized };
  }

  const answer = (user: User, bookingId: number, what: 'accept' | 'decline') => driver.invoke(user.client, 'answer-request', { bookingId, answer: what });
  const status = async (bookingId: number) => (await service.from('Bookings').select('status').eq('id', bookingId).single()).data?.status;
  const intent = async (id: string) => (await driver.processor(`/payment_intents/${id}`)).body;
  const paymentOf = async (id: string) => (await service.from('Payments').select('status, released_at').eq('id', id).single()).data;
  const events = async (bookingId: number) =>
    (await service.from('booking_events').select('event, from_state, to_state, actor').eq('booking_id', bookingId).order('id')).data;
  const setClock = async (seconds: number) => {
    const { error } = await service.rpc('set_test_clock', { p_offset_seconds: seconds });
    if (error) throw error;
  };
  const releaseHolds = async () => {
    const response = await fetch(`${backend.url}/functions/v1/release-holds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.keys.serviceRoleKey}`, apikey: backend.keys.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as Record<string, number> };
  };

  beforeAll(async () => {
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS, env: { SEED_ROOMS: '0', TEST_CLOCK: '1', BOOKING_TIMER_SECONDS: '3600' } });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `lifecycle-${kind}-`);
    host = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('the transitions', () => {
    const STATES = ['pending', 'requested', 'confirmed', 'completed', 'declined', 'expired', 'cancelled'];
    const EVENTS = ['request', 'pay', 'accept', 'decline', 'expire', 'cancel_by_guest', 'cancel_by_host', 'complete', 'review', 'pay_out'];
    const LEGAL: Record<string, string> = {
      'request pending': 'requested',
      'pay pending': 'confirmed',
      'accept requested': 'confirmed',
      'decline requested': 'declined',
      'expire requested': 'expired',
      'cancel_by_guest requested': 'cancelled',
      'cancel_by_guest confirmed': 'cancelled',
      'cancel_by_host confirmed': 'cancelled',
      'complete confirmed': 'completed',
      'review completed': 'completed',
      'pay_out confirmed': 'confirmed',
      'pay_out completed': 'completed',
      'pay_out cancelled': 'cancelled',
    };

    it('every event from every state: the table allows exactly these, records each, refuses the rest with 55000', async () => {
      const traveller = await driver.signedInUser();
      const shared = await place();
      let day = 100;
      for (const state of STATES) {
        for (const event of EVENTS) {
          day += 3;
          // (a traveller has one draft per place)
          const roomId = state === 'pending' ? await place() : shared;
          const { data, error } = await service
            .from('Bookings')
            .insert({ user_id: traveller.id, user_email: traveller.email, room_id: roomId, startDate: isoDay(day), endDate: isoDay(day + 1), numOfDays: 1, status: state })
            .select('id')
            .single();
          if (error) throw error;
          const outcome = await backend.ctx.db
            .query<{ status: string }>(`select (private.booking_transition($1, $2, $3)).status`, [data.id, event, traveller.id])
            .then(
              ({ rows }) => rows[0]!.status,
              (e: { code?: string }) => `refused ${e.code}`,
            );
          const legal = LEGAL[`${event} ${state}`];
          expect(outcome, `${event} from ${state}`).toBe(legal ?? 'refused 55000');
          expect(await status(data.id)).toBe(legal ?? state);
          expect(await events(data.id)).toEqual(
            legal ? [{ event, from_state: state === 'pending' ? null : state, to_state: legal, actor: traveller.id }] : [],
          );
        }
      }
    });

    it('the generated lifecycle is the table (after a change: pnpm --filter backend gen:booking-lifecycle)', async () => {
      const { rows } = await backend.ctx.db.query<{ lifecycle: { transitions: Array<{ event: string; from: string; to: string }> } }>(
        'select private.booking_lifecycle() as lifecycle',
      );
      const fromTable = Object.fromEntries(rows[0]!.lifecycle.transitions.map((t) => [`${t.event} ${t.from}`, t.to]));
      expect(fromTable).toEqual(LEGAL);
    });
  });

  describe('who may act', () => {
    it('the event functions and the test clock are the server\'s alone', async () => {
      const traveller = await driver.signedInUser();
      for (const [fn, args] of [
        ['accept_booking_request', { p_booking_id: 1, p_host: host.id }],
        ['decline_booking_request', { p_booking_id: 1, p_host: host.id }],
        ['cancel_booking_request', { p_booking_id: 1, p_traveller: traveller.id }],
        ['begin_host_cancellation', { p_booking_id: 1, p_host: host.id }],
        ['expire_booking_requests', {}],
        ['complete_due_stays', {}],
        ['take_holds_to_release', {}],
        ['record_hold_released', { p_payment_id: 'x' }],
        ['set_test_clock', { p_offset_seconds: 10 * 24 * HOUR }],
      ] as const) {
        for (const client of [traveller.client, backend.client()]) {
          const { error } = await client.rpc(fn, args);
          expect(error?.code, fn).toMatch(/^(42501|PGRST202)$/);
        }
      }
    });

    it('booking_events: the traveller and the host read their booking\'s events, nobody else does, and nobody writes them', async () => {
      const traveller = await driver.signedInUser();
      const other = await driver.signedInUser();
      const { bookingId } = await book(traveller, await place());
      const read = async (client: SupabaseClient) => (await client.from('booking_events').select('event').eq('booking_id', bookingId)).data;
      expect(await read(traveller.client)).toEqual([{ event: 'request' }]);
      expect(await read(host.client)).toEqual([{ event: 'request' }]);
      expect(await read(other.client)).toEqual([]);
      expect((await read(backend.client())) ?? []).toEqual([]);
      for (const client of [traveller.client, host.client, service]) {
        const forged = await client.from('booking_events').insert({ booking_id: bookingId, event: 'accept', to_state: 'confirmed' });
        expect(forged.error?.code).toBe('42501');
        const changed = await client.from('booking_events').update({ to_state: 'confirmed' }).eq('booking_id', bookingId).select('id');
        expect(changed.error?.code).toBe('42501');
        const removed = await client.from('booking_events').delete().eq('booking_id', bookingId).select('id');
        expect(removed.error?.code).toBe('42501');
      }
      expect(await events(bookingId)).toHaveLength(1);
    });

    it('only the place\'s host answers a request (404 to anyone else, the traveller included)', async () => {
      const traveller = await driver.signedInUser();
      const otherHost = await driver.signedInUser();
      await place(false, otherHost);
      const { bookingId } = await book(traveller, await place());
      for (const user of [traveller, otherHost]) {
        for (const what of ['accept', 'decline'] as const) {
          const r = await answer(user, bookingId, what);
          expect([r.status, r.body.code]).toEqual([404, 'request_not_found']);
        }
      }
      expect(await status(bookingId)).toBe('requested');
    });
  });

  describe('instant or on request', () => {
    it('an instant place confirms on payment: the pay event, the card charged', async () => {
      const traveller = await driver.signedInUser();
      const { bookingId, intentId, finalized } = await book(traveller, await place(true));
      expect(finalized.body.payment.status).toBe('successful');
      expect(await status(bookingId)).toBe('confirmed');
      expect(await events(bookingId)).toEqual([{ event: 'pay', from_state: null, to_state: 'confirmed', actor: traveller.id }]);
      expect((await intent(intentId)).status).toBe('succeeded');
    });

    it('a place on request holds the card, holds the nights, and the host has 24 hours', async () => {
      const traveller = await driver.signedInUser();
      const rival = await driver.signedInUser();
      const roomId = await place();
      const { bookingId, intentId, paymentId, finalized } = await book(traveller, roomId);
      expect(finalized.body.payment.status).toBe('authorised');
      expect(await status(bookingId)).toBe('requested');
      expect(await events(bookingId)).toEqual([{ event: 'request', from_state: null, to_state: 'requested', actor: traveller.id }]);
      const held = await intent(intentId);
      expect([held.status, held.amount_received, held.amount_capturable]).toEqual(['requires_capture', 0, held.amount]);
      expect((await paymentOf(paymentId))?.status).toBe('authorised');
      const own = await traveller.client.from('Bookings').select('request_expires_at').eq('id', bookingId).single();
      const hours = (Date.parse(own.data!.request_expires_at) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      // Nobody else can have those nights meanwhile.
      const taken = await driver.invoke(rival.client, 'create-payment-intent', stayRequest(roomId, 2, { startDate: isoDay(31), endDate: isoDay(33) }));
      expect([taken.status, taken.body.code]).toEqual([409, 'dates_unavailable']);
      const forced = await service
        .from('Bookings')
        .insert({ user_id: rival.id, user_email: rival.email, room_id: roomId, startDate: isoDay(31), endDate: isoDay(32), numOfDays: 1, status: 'confirmed' });
      expect(forced.error?.code).toBe('23P01');
      // The host sees it among their reservations, with the time they have.
      const reservations = await host.client.rpc('host_reservations');
      expect(reservations.data?.find((r: { booking_id: number }) => r.booking_id === bookingId)).toMatchObject({ status: 'requested', request_expires_at: own.data!.request_expires_at });
    });

    it('accept captures the hold, once: the stay is confirmed and a second answer is refused', async () => {
      const traveller = await driver.signedInUser();
      const { bookingId, intentId, paymentId } = await book(traveller, await place());
      const accepted = await answer(host, bookingId, 'accept');
      expect([accepted.status, accepted.body.booking]).toEqual([200, { id: bookingId, status: 'confirmed' }]);
      expect(await status(bookingId)).toBe('confirmed');
      const captured = await intent(intentId);
      expect([captured.status, captured.amount_received]).toEqual(['succeeded', captured.amount]);
      expect((await paymentOf(paymentId))?.status).toBe('successful');
      expect((await events(bookingId))?.map((e) => [e.event, e.to_state, e.actor])).toEqual([
        ['request', 'requested', traveller.id],
        ['accept', 'confirmed', host.id],
      ]);
      for (const what of ['accept', 'decline'] as const) {
        const again = await answer(host, bookingId, what);
        expect([again.status, again.body.code]).toEqual([409, 'request_answered']);
      }
      expect((await intent(intentId)).amount_received).toBe(captured.amount);
    });

    it('decline releases the hold and frees the nights', async () => {
      const traveller = await driver.signedInUser();
      const roomId = await place();
      const { bookingId, intentId, paymentId } = await book(traveller, roomId);
      const declined = await answer(host, bookingId, 'decline');
      expect([declined.status, declined.body.booking]).toEqual([200, { id: bookingId, status: 'declined' }]);
      expect(await status(bookingId)).toBe('declined');
      expect((await intent(intentId)).status).toBe('canceled');
      const payment = await paymentOf(paymentId);
      expect(payment?.status).toBe('released');
      expect(payment?.released_at).not.toBeNull();
      expect((await service.rpc('room_booked_ranges', { room_id: roomId })).data).toEqual([]);
      const late = await driver.invoke(traveller.client, 'cancel-booking', { paymentId });
      expect([late.status, late.body.code]).toEqual([409, 'request_ended']);
      const again = await driver.signedInUser();
      await book(again, roomId);
    });

    it('each event tells the side it concerns, in the app and by mail (booking_events_notify)', async () => {
      const traveller = await driver.signedInUser();
      const roomId = await place();
      const kinds = async (user: User) =>
        ((await user.client.from('notifications').select('kind, booking_id').order('id')).data ?? []).map((n) => `${n.kind} ${n.booking_id}`);
      const requested = await book(traveller, roomId);
      expect(await kinds(host)).toContain(`booking_requested ${requested.bookingId}`);
      expect(await kinds(traveller)).toEqual([]);
      expect((await answer(host, requested.bookingId, 'accept')).status).toBe(200);
      expect(await kinds(traveller)).toEqual([`booking_accepted ${requested.bookingId}`]);
      const instant = await book(traveller, await place(true), 40);
      expect(await kinds(traveller)).toContain(`booking_confirmed ${instant.bookingId}`);
      expect(await kinds(host)).toContain(`booking_confirmed ${instant.bookingId}`);
      // Each notice is mailed through the outbox, with the reservation's code of the payment the
      // event's own transaction wrote (the trigger runs at commit).
      const code = instant.paymentId.split('-')[0]!;
      const mailTo = async (to: string) =>
        JSON.stringify(
          await (await fetch(`${backend.url}/mail/v1/messages?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${backend.keys.serviceRoleKey}` } })).json(),
        );
      await expect.poll(async () => (await mailTo(traveller.email)).includes(code), { timeout: 10_000 }).toBe(true);
      await expect.poll(async () => (await mailTo(host.email)).includes('request'), { timeout: 10_000 }).toBe(true);
    });

    it('the traveller withdraws a request: cancelled, the hold released, nothing refunded', async () => {
      const traveller = await driver.signedInUser();
      const { bookingId, intentId, paymentId } = await book(traveller, await place());
      const withdrawn = await driver.invoke(traveller.client, 'cancel-booking', { paymentId });
      expect([withdrawn.status, withdrawn.body.cancellation.refund]).toEqual([200, 'none']);
      expect(await status(bookingId)).toBe('cancelled');
      expect((await intent(intentId)).status).toBe('canceled');
      expect((await paymentOf(paymentId))?.status).toBe('released');
      expect((await events(bookingId))?.map((e) => [e.event, e.from_state, e.to_state])).toEqual([
        ['request', null, 'requested'],
        ['cancel_by_guest', 'requested', 'cancelled'],
      ]);
      const late = await answer(host, bookingId, 'accept');
      expect([late.status, late.body.code]).toEqual([409, 'request_answered']);
    });
  });

  describe('the host cancels', () => {
    it('cancel_by_host: only the place\'s host, only a confirmed stay before its check-in day, with everything owed back', async () => {
      const traveller = await driver.signedInUser();
      const stranger = await driver.signedInUser();
      const { bookingId, paymentId } = await book(traveller, await place(true), 80);
      const refused = await service.rpc('begin_host_cancellation', { p_booking_id: bookingId, p_host: stranger.id });
      expect(refused.error?.code).toBe('42501');
      const byTraveller = await service.rpc('begin_host_cancellation', { p_booking_id: bookingId, p_host: traveller.id });
      expect(byTraveller.error?.code).toBe('42501');
      const cancelled = await service.rpc('begin_host_cancellation', { p_booking_id: bookingId, p_host: host.id });
      expect(cancelled.error).toBeNull();
      expect(cancelled.data).toMatchObject({ id: paymentId, status: 'successful' });
      expect(Number(cancelled.data.refund_amount)).toBe(Number(cancelled.data.amount));
      expect(await status(bookingId)).toBe('cancelled');
      expect((await events(bookingId))?.at(-1)).toEqual({ event: 'cancel_by_host', from_state: 'confirmed', to_state: 'cancelled', actor: host.id });
      const again = await service.rpc('begin_host_cancellation', { p_booking_id: bookingId, p_host: host.id });
      expect([again.error?.code, again.error?.hint]).toEqual(['55000', 'illegal_transition']);
    });
  });

  describe('the host cancels through host-cancel-booking', () => {
    it('only their own reservation; the traveller gets all back, once, and the nights are free', async () => {
      const traveller = await driver.signedInUser();
      const stranger = await driver.signedInUser();
      const roomId = await place(true);
      const { bookingId, intentId, paymentId } = await book(traveller, roomId, 85);
      const cancel = (user: User) => driver.invoke(user.client, 'host-cancel-booking', { bookingId });
      for (const user of [stranger, traveller]) {
        const refused = await cancel(user);
        expect([refused.status, refused.body.code]).toEqual([404, 'reservation_not_found']);
      }
      const done = await cancel(host);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const charged = await intent(intentId);
      expect(done.body.cancellation).toMatchObject({ bookingId, paymentId, refundAmount: charged.amount / 100 });
      expect(charged.amount_refunded).toBe(charged.amount);
      expect(await status(bookingId)).toBe('cancelled');
      expect((await service.rpc('room_booked_ranges', { room_id: roomId })).data).toEqual([]);
      // Again, by the host or by the traveller: the same refund, never a second one.
      const again = await cancel(host);
      expect([again.status, again.body.cancellation.refundId]).toEqual([200, done.body.cancellation.refundId]);
      const byTraveller = await driver.invoke(traveller.client, 'cancel-booking', { paymentId });
      expect([byTraveller.status, byTraveller.body.cancellation.refundId]).toEqual([200, done.body.cancellation.refundId]);
      expect((await intent(intentId)).amount_refunded).toBe(charged.amount);
    });
  });

  describe('the test clock', () => {
    it('a request nobody answers expires after 24 hours: release-holds expires it and releases the hold', async () => {
      const traveller = await driver.signedInUser();
      const { bookingId, intentId, paymentId } = await book(traveller, await place(), 60);
      try {
        await setClock(23 * HOUR);
        expect((await releaseHolds()).status).toBe(200);
        expect(await status(bookingId)).toBe('requested');
        await setClock(24 * HOUR + 60);
        // Before the timer ran, the host is too late all the same.
        const late = await answer(host, bookingId, 'accept');
        expect([late.status, late.body.code]).toEqual([409, 'request_expired']);
        const swept = await releaseHolds();
        expect(swept.status).toBe(200);
        expect(swept.body.expired).toBeGreaterThanOrEqual(1);
        expect(await status(bookingId)).toBe('expired');
        expect((await intent(intentId)).status).toBe('canceled');
        expect((await paymentOf(paymentId))?.released_at).not.toBeNull();
        expect((await events(bookingId))?.at(-1)).toEqual({ event: 'expire', from_state: 'requested', to_state: 'expired', actor: null });
      } finally {
        await setClock(0);
      }
    });

    it('a stay is completed the day after checkout, then reviewed (events complete and review)', async () => {
      const traveller = await driver.signedInUser();
      const { bookingId } = await book(traveller, await place(true), 2, 1);
      try {
        expect((await service.rpc('complete_due_stays')).error).toBeNull();
        expect(await status(bookingId)).toBe('confirmed');
        await setClock(4 * 24 * HOUR);
        expect((await service.rpc('complete_due_stays')).data).toBeGreaterThanOrEqual(1);
        expect(await status(bookingId)).toBe('completed');
        const reviewed = await traveller.client.rpc('submit_review', {
          p_booking_id: bookingId,
          p_rating: 5,
          p_categories: { cleanliness: 5, accuracy: 5, check_in: 5, communication: 5, location: 5, value: 5 },
          p_body: 'Lovely.',
        });
        expect(reviewed.error).toBeNull();
        expect((await events(bookingId))?.map((e) => [e.event, e.to_state, e.actor])).toEqual([
          ['pay', 'confirmed', traveller.id],
          ['complete', 'completed', null],
          ['review', 'completed', traveller.id],
        ]);
      } finally {
        await setClock(0);
      }
    });
  });

  describe('coming back', () => {
    it('a traveller books the same place again for other nights; overlapping nights stay refused', async () => {
      const traveller = await driver.signedInUser();
      const roomId = await place(true);
      const first = await book(traveller, roomId, 70, 2);
      const second = await book(traveller, roomId, 75, 3);
      expect([await status(first.bookingId), await status(second.bookingId)]).toEqual(['confirmed', 'confirmed']);
      const overlapping = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(roomId, 2, { startDate: isoDay(71), endDate: isoDay(73) }));
      expect([overlapping.status, overlapping.body.code]).toEqual([409, 'dates_unavailable']);
    });
  });

  describe.runIf(kind === 'postgres')('races', () => {
    it('accept, decline and withdrawal at once: one answer of the host at most, and the money follows the events', async () => {
      for (let round = 0; round < 3; round += 1) {
        const traveller = await driver.signedInUser();
        const { bookingId, intentId, paymentId } = await book(traveller, await place(), 120 + round * 5);
        const [accepted, declined, withdrawn] = await Promise.all([
          answer(host, bookingId, 'accept'),
          answer(host, bookingId, 'decline'),
          driver.invoke(traveller.client, 'cancel-booking', { paymentId }),
        ]);
        expect([accepted.status, declined.status].filter((s) => s === 200).length, JSON.stringify([accepted, declined, withdrawn])).toBeLessThanOrEqual(1);
        const happened = (await events(bookingId))!.map((e) => e.event);
        const money = await intent(intentId);
        // A withdrawal that came after the acceptance is the cancellation of a confirmed stay (refunded by the policy).
        if (happened[1] === 'accept') {
          expect(accepted.status).toBe(200);
          expect(money.status).toBe('succeeded');
          if (withdrawn.status === 200) expect([happened, money.amount_refunded]).toEqual([['request', 'accept', 'cancel_by_guest'], money.amount]);
          else expect(happened).toEqual(['request', 'accept']);
        } else {
          expect(happened).toHaveLength(2);
          expect(accepted.status).toBe(409);
          expect(money.status).toBe('canceled');
        }
      }
    });

    it('accept, expiry and withdrawal in the database at once: one transition, the others refused with 55000', async () => {
      const traveller = await driver.signedInUser();
      for (let round = 0; round < 5; round += 1) {
        const { bookingId } = await book(traveller, await place(), 150 + round * 5);
        const outcomes = await Promise.all(
          [
            [`select public.accept_booking_request($1, $2)`, [bookingId, host.id]],
            [`select private.booking_transition($1, 'expire', null)`, [bookingId]],
            [`select public.cancel_booking_request($1, $2)`, [bookingId, traveller.id]],
          ].map(([sql, params]) =>
            backend.ctx.db.query(sql as string, params as unknown[]).then(
              () => 'ok',
              (e: { code?: string }) => e.code,
            ),
          ),
        );
        expect(outcomes.filter((o) => o === 'ok'), JSON.stringify(outcomes)).toHaveLength(1);
        expect(outcomes.filter((o) => o !== 'ok')).toEqual(['55000', '55000']);
        expect(await events(bookingId)).toHaveLength(2);
      }
    });

    it('two travellers request the same nights at once: one request holds them', async () => {
      const roomId = await place();
      const travellers = await Promise.all([driver.signedInUser(), driver.signedInUser(), driver.signedInUser()]);
      const intents = await Promise.all(
        travellers.map((t) => driver.invoke(t.client, 'create-payment-intent', stayRequest(roomId, 2, { startDate: isoDay(200), endDate: isoDay(202) }))),
      );
      for (const created of intents) expect((await driver.payWith(created.body.clientSecret)).body.status).toBe('requires_capture');
      const finalized = await Promise.all(
        travellers.map((t, i) => driver.invoke(t.client, 'finalize-booking', { paymentIntentId: intents[i]!.body.paymentIntentId })),
      );
      expect(finalized.filter((f) => f.status === 200)).toHaveLength(1);
      for (const [i, f] of finalized.entries()) {
        if (f.status !== 200) expect((await intent(intents[i]!.body.paymentIntentId)).status).toBe('canceled');
      }
    });
  });
});

describe('the test clock without TEST_CLOCK', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend('pglite', { env: { SEED_ROOMS: '0' } });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('is refused even to the service role, and the lifecycle\'s now stays now', async () => {
    const service = backend.client(backend.keys.serviceRoleKey);
    const moved = await service.rpc('set_test_clock', { p_offset_seconds: 48 * HOUR });
    expect([moved.error?.code, moved.error?.hint]).toEqual(['42501', 'test_clock_off']);
    const { data } = await service.rpc('app_now');
    expect(Math.abs(Date.parse(data as string) - Date.now())).toBeLessThan(60_000);
  });

  it('a start without TEST_CLOCK turns off a clock an earlier run with it left moved', async () => {
    await backend.ctx.db.query(`update private.test_clock set allowed = true, clock_offset = interval '3 days'`);
    await applyTestClockSetting(backend.ctx.db, false);
    const { rows } = await backend.ctx.db.query<{ allowed: boolean; moved: boolean }>(
      `select allowed, clock_offset <> interval '0' as moved from private.test_clock`,
    );
    expect(rows).toEqual([{ allowed: false, moved: false }]);
  });
});
