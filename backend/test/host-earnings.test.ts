// Host earnings and payouts (issue 29; issue 42, item 6) against the real backend (project
// migrations and edge functions), with supabase-js, on PGlite and PostgreSQL: host_earnings() gives
// a host the paid stays of their own places only, in each listing's currency from the stored quote
// (what was kept, the platform fee and the host's payout), with their state by the test clock;
// pay_out_available() pays each available stay once, however many run at once, and tells the host.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { publishedListing } from './support/listings.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;
interface Row {
  booking_id: number;
  room_id: number;
  room_title: string;
  guest_name: string;
  start_date: string;
  end_date: string;
  nights: number;
  cancelled: boolean;
  currency: string;
  amount_cents: number;
  refunded_cents: number;
  platform_fee_cents: number;
  payout_cents: number;
  state: 'upcoming' | 'available' | 'paid';
  paid_at: string | null;
}

describe.each(databases('concurrency'))('host earnings on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;
  let otherHost: User;

    /** A new traveller's paid stay of `roomId`: its payment id and booking id. */
  async function paidStay(roomId: number, fromDay: number, nights: number): Promise<{ paymentId: string; bookingId: number; traveller: User }> {
    const traveller = await driver.signedInUser();
    const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(roomId, nights, { startDate: isoDay(fromDay), endDate: isoDay(fromDay + nights) }));
    expect(created.status).toBe(200);
    await driver.payWith(created.body.clientSecret);
    const finalized = await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
    expect(finalized.status).toBe(200);
    return { paymentId: finalized.body.payment.id as string, bookingId: created.body.bookingId as number, traveller };
  }

  const earningsOf = async (client: SupabaseClient) => {
    const { data, error } = await client.rpc('host_earnings');
    if (error) throw error;
    return data as Row[];
  };

  beforeAll(async () => {
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS, env: { SEED_ROOMS: '10', TEST_CLOCK: '1', BOOKING_TIMER_SECONDS: '3600' } });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `earnings-${kind}-`);
    host = await driver.signedInUser();
    otherHost = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  const setClock = async (days: number) => {
    const { error } = await service.rpc('set_test_clock', { p_offset_seconds: days * 24 * 60 * 60 });
    if (error) throw error;
  };
  const payOut = async () => {
    const { data, error } = await service.rpc('pay_out_available');
    if (error) throw error;
    return data as number;
  };

  it("a host sees their own places' stays in each listing's currency, upcoming, available and paid once", async () => {
    const mine = await publishedListing(host, { title: 'Earning house' });
    const inEuros = await publishedListing(host, { title: 'Euro house', country: 'Portugal', currency: 'EUR', price: 120, cleaning_fee: 30 });
    const theirs = await publishedListing(otherHost, { title: 'Other house' });
    const kept = await paidStay(mine, 40, 3);
    const halfRefunded = await paidStay(mine, 50, 2);
    const fullyRefunded = await paidStay(mine, 60, 2);
    const euros = await paidStay(inEuros, 45, 2);
    const others = await paidStay(theirs, 40, 2);
    // A pending booking (created, never paid) earns nothing.
    const pending = await driver.signedInUser();
    expect((await driver.invoke(pending.client, 'create-payment-intent', stayRequest(mine, 2, { startDate: isoDay(70), endDate: isoDay(72) }))).status).toBe(200);

    // Cancelled after the free 48 hours, the moderate policy refunds half; within them, all.
    const aged = await service.from('Payments').update({ created_at: new Date(Date.now() - 3 * DAY_MS).toISOString() }).eq('id', halfRefunded.paymentId);
    expect(aged.error).toBeNull();
    expect((await driver.invoke(halfRefunded.traveller.client, 'cancel-booking', { paymentId: halfRefunded.paymentId })).status).toBe(200);
    expect((await driver.invoke(fullyRefunded.traveller.client, 'cancel-booking', { paymentId: fullyRefunded.paymentId })).status).toBe(200);

    const stay = { room_id: mine, room_title: 'Earning house', guest_name: 'Ada Lovelace', currency: 'INR', paid_at: null };
    // Three nights at 8,300 rupees, the 5,810 cleaning fee and the 2,739 service fee: 33,449 rupees
    // charged; the platform keeps the service fee and 3% of the rest (921.30), the host 29,788.70.
    const keptRow = {
      ...stay, booking_id: kept.bookingId, start_date: isoDay(40), end_date: isoDay(43), nights: 3, cancelled: false,
      amount_cents: 3_344_900, refunded_cents: 0, platform_fee_cents: 273_900 + 92_130, payout_cents: 2_978_870, state: 'upcoming',
    };
    // Two nights (24,236 rupees) refunded by half: the fees shrink by half too.
    const halfRow = {
      ...stay, booking_id: halfRefunded.bookingId, start_date: isoDay(50), end_date: isoDay(52), nights: 2, cancelled: true,
      amount_cents: 1_211_800, refunded_cents: 1_211_800, platform_fee_cents: 124_915, payout_cents: 1_086_885, state: 'upcoming',
    };
    // Two nights at 120 euros, a 30 euro cleaning fee and a 26 euro service fee: 296 euros, whatever the dollar rate.
    const euroRow = {
      ...stay, room_id: inEuros, room_title: 'Euro house', currency: 'EUR', booking_id: euros.bookingId, start_date: isoDay(45), end_date: isoDay(47),
      nights: 2, cancelled: false, amount_cents: 29_600, refunded_cents: 0, platform_fee_cents: 2_600 + 810, payout_cents: 26_190, state: 'upcoming',
    };
    expect(await earningsOf(host.client)).toEqual([keptRow, euroRow, halfRow]);
    expect(await payOut()).toBe(0);

    // From the day after check-in a stay is available; 50 runs at once pay each host once.
    await setClock(41);
    expect((await earningsOf(host.client)).map((r) => r.state)).toEqual(['available', 'upcoming', 'upcoming']);
    const runs = await Promise.all(Array.from({ length: 50 }, payOut));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    const afterFirst = await earningsOf(host.client);
    expect(afterFirst[0]).toEqual({ ...keptRow, state: 'paid', paid_at: expect.any(String) });
    expect(afterFirst.slice(1).map((r) => r.state)).toEqual(['upcoming', 'upcoming']);
    expect((await earningsOf(otherHost.client)).map((r) => [r.booking_id, r.state])).toEqual([[others.bookingId, 'paid']]);

    // Ten days on: the euro stay and the cancelled stay's kept share, one payout per currency.
    await setClock(51);
    expect(await payOut()).toBe(2);
    expect(await payOut()).toBe(0);
    expect((await earningsOf(host.client)).map((r) => r.state)).toEqual(['paid', 'paid', 'paid']);

    const { data: payouts } = await service.from('payouts').select('id, currency, amount_cents').eq('host_id', host.id).order('id');
    expect(payouts!.map((p) => [p.currency, p.amount_cents])).toEqual([['INR', 2_978_870], ['EUR', 26_190], ['INR', 1_086_885]]);
    const { data: items } = await service.from('payout_items').select('booking_id').in('booking_id', [kept.bookingId, halfRefunded.bookingId, euros.bookingId, fullyRefunded.bookingId]);
    expect(items!.map((i) => i.booking_id).sort((a, b) => a - b)).toEqual([kept.bookingId, halfRefunded.bookingId, euros.bookingId].sort((a, b) => a - b));
    const { data: events } = await service.from('booking_events').select('booking_id, event, from_state, to_state').eq('event', 'pay_out').in('booking_id', [kept.bookingId, halfRefunded.bookingId]).order('id');
    expect(events).toEqual([
      { booking_id: kept.bookingId, event: 'pay_out', from_state: 'confirmed', to_state: 'confirmed' },
      { booking_id: halfRefunded.bookingId, event: 'pay_out', from_state: 'cancelled', to_state: 'cancelled' },
    ]);
    const { data: told } = await service.from('notifications').select('data').eq('recipient_id', host.id).eq('kind', 'payout_sent').order('id');
    expect(told!.map((n) => [n.data.payout_currency, n.data.payout_amount, n.data.path])).toEqual([
      ['INR', 29_788.7, '/hosting/earnings'], ['EUR', 261.9, '/hosting/earnings'], ['INR', 10_868.85, '/hosting/earnings'],
    ]);
    // Each payout is mailed to the host, its amount in its currency.
    const mails = await vi.waitFor(
      async () => {
        const r = await fetch(`${backend.url}/mail/v1/messages?to=${encodeURIComponent(host.email)}`, {
          headers: { authorization: `Bearer ${backend.keys.serviceRoleKey}` },
        });
        const payoutMails = ((await r.json()) as { messages: Array<{ text: string }> }).messages.filter((m) => /payout/i.test(m.text));
        expect(payoutMails).toHaveLength(3);
        return payoutMails.map((m) => m.text);
      },
      { timeout: 10_000, interval: 200 },
    );
    for (const figure of ['INR 29,788.70', 'EUR 261.90', 'INR 10,868.85']) expect(mails.some((text) => text.includes(figure))).toBe(true);

    expect(await earningsOf(kept.traveller.client)).toEqual([]);
    expect((await backend.client().rpc('host_earnings')).error?.code).toBe('42501');
    expect((await host.client.rpc('pay_out_available')).error?.code).toBe('42501');
    // The host still reads no booking, payment or payout row itself.
    expect((await host.client.from('Payments').select('id').eq('room_id', mine)).data).toEqual([]);
    expect((await host.client.from('payouts').select('id')).error?.code).toBe('42501');
  });
});
