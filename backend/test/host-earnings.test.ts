// Host earnings (issue 29) against the real backend (project migrations and edge functions) on
// PGlite, with supabase-js: host_earnings() gives a host the paid stays of
// their own places only, with what was charged and refunded and the lines it was charged at
// (from which shared/rules' stayEarnings gives the fee and payout), and nobody else's.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInCents } from '../../shared/src/rules/pricing.ts';
import { specChargeCents } from '../../shared/src/testing/specPrices.ts';
import { stayEarnings } from '../../shared/src/rules/earnings.ts';
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
  amount: number;
  refunded: number;
  quote: { nightly: { usd: number }; cleaning_fee: { usd: number }; service_fee: { usd: number }; total_cents: number };
  cancelled: boolean;
}

describe.each(databases())('host earnings on %s', (kind) => {
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
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS, env: { SEED_ROOMS: '10' } });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `earnings-${kind}-`);
    host = await driver.signedInUser();
    otherHost = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("a host sees their own places' paid stays with what was charged and refunded, and nobody else's", async () => {
    const mine = await publishedListing(host, { title: 'Earning house' });
    const theirs = await publishedListing(otherHost, { title: 'Other house' });
    const kept = await paidStay(mine, 40, 3);
    const halfRefunded = await paidStay(mine, 50, 2);
    const fullyRefunded = await paidStay(mine, 60, 2);
    await paidStay(theirs, 40, 2);
    // A pending booking (created, never paid) earns nothing.
    const pending = await driver.signedInUser();
    expect((await driver.invoke(pending.client, 'create-payment-intent', stayRequest(mine, 2, { startDate: isoDay(70), endDate: isoDay(72) }))).status).toBe(200);

    // Cancelled after the free 48 hours, the moderate policy refunds half; within them, all.
    const aged = await service.from('Payments').update({ created_at: new Date(Date.now() - 3 * DAY_MS).toISOString() }).eq('id', halfRefunded.paymentId);
    expect(aged.error).toBeNull();
    expect((await driver.invoke(halfRefunded.traveller.client, 'cancel-booking', { paymentId: halfRefunded.paymentId })).status).toBe(200);
    expect((await driver.invoke(fullyRefunded.traveller.client, 'cancel-booking', { paymentId: fullyRefunded.paymentId })).status).toBe(200);

    const three = specChargeCents(8300, 3);
    const two = specChargeCents(8300, 2);
    const rows = await earningsOf(host.client);
    expect(rows).toEqual([
      {
        booking_id: kept.bookingId,
        room_id: mine,
        room_title: 'Earning house',
        guest_name: 'Ada Lovelace',
        start_date: isoDay(40),
        end_date: isoDay(43),
        nights: 3,
        amount: three / 100,
        refunded: 0,
        quote: expect.objectContaining({ nightly: { local: 8300, usd: 100 }, cleaning_fee: { local: 5810, usd: 70 }, total_cents: three }),
        cancelled: false,
      },
      {
        booking_id: halfRefunded.bookingId,
        room_id: mine,
        room_title: 'Earning house',
        guest_name: 'Ada Lovelace',
        start_date: isoDay(50),
        end_date: isoDay(52),
        nights: 2,
        amount: two / 100,
        refunded: Math.floor(two / 2) / 100,
        quote: expect.objectContaining({ nightly: { local: 8300, usd: 100 }, service_fee: { percent: 11, local: 1826, usd: 22 }, total_cents: two }),
        cancelled: true,
      },
    ]);
    // $403 for three nights: the stored quote's $33 service fee and 3% of $370 to the platform, the rest to the host.
    const first = rows[0]!;
    expect(stayEarnings({ chargedCents: amountInCents(first.amount), refundedCents: 0, serviceFeeCents: amountInCents(first.quote.service_fee.usd) })).toEqual({
      amountCents: 40_300,
      platformFeeCents: 3_300 + 1_110,
      payoutCents: 35_890,
    });

    expect((await earningsOf(otherHost.client)).map((r) => r.room_id)).toEqual([theirs]);
    expect(await earningsOf(kept.traveller.client)).toEqual([]);
    expect((await backend.client().rpc('host_earnings')).error?.code).toBe('42501');
    // The host still reads no booking or payment row itself.
    expect((await host.client.from('Payments').select('id').eq('room_id', mine)).data).toEqual([]);
  });
});
