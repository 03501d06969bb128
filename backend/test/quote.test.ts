// Issue 42, "money once": quote_stay() is the one price of a stay, against the real backend
// (project migrations and edge functions) on PGlite and PostgreSQL, with supabase-js. The seed
// catalogue keeps the spec's figures to the cent; a host's own place is priced in its currency
// with its own cleaning fee and discounts; bad input is refused; a paid booking keeps the quote it
// was charged by, which the trip, the refund and the earnings read after the host changes terms.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightlyUsdAtRate } from '../../shared/src/rules/pricing.ts';
import { specChargeCents, specNightlyUsd, specStayTotals } from '../../shared/src/testing/specPrices.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';
import { publishedListing } from './support/listings.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));
const EUR = 0.9234;

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;
interface Amount {
  local: number;
  usd: number;
}
interface Quote {
  nights: number;
  currency: string;
  charged_currency: string;
  rate: number;
  nightly: Amount;
  nights_total: Amount;
  discount: Amount & { kind: string | null; percent: number };
  cleaning_fee: Amount;
  service_fee: Amount & { percent: number };
  total: Amount;
  total_cents: number;
}

describe.each(databases('concurrency'))('the quote on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;

  const quote = async (client: SupabaseClient, roomId: number, from: number, nights: number, guests = 1) => {
    const { data, error } = await client.rpc('quote_stay', {
      p_room_id: roomId,
      p_check_in: isoDay(from),
      p_check_out: isoDay(from + nights),
      p_guests: guests,
    });
    if (error) throw error;
    return data as Quote;
  };

  /** A catalogue row as the seed inserts one: a rupee price and nothing about money besides. */
  async function catalogueRoom(price: number): Promise<number> {
    const { data, error } = await service
      .from('Rooms')
      .insert({ 'house-title': 'Spec house', price, max_guests: 4, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id;
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { functionsDir: FUNCTIONS, env: { SEED_ROOMS: '10' } });
    service = backend.client(backend.keys.serviceRoleKey);
    anon = backend.client();
    driver = checkoutDriver(backend, `quote-${kind}-`);
    host = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("prices the seed catalogue as the spec does: rupees at 83, cleaning 70% of a night, service 11%", async () => {
    const seeded = (await anon.from('Rooms').select('id, price, currency, nightly_usd').order('id').limit(10)).data!;
    expect(seeded.length).toBe(10);
    for (const room of seeded) {
      expect(room).toMatchObject({ currency: 'INR', nightly_usd: specNightlyUsd(Number(room.price)) });
      for (const nights of [1, 3, 7, 28, 90]) {
        const q = await quote(anon, room.id, 10, nights);
        const spec = specStayTotals(specNightlyUsd(Number(room.price)), nights);
        expect([room.id, nights, q.nights_total.usd, q.cleaning_fee.usd, q.service_fee.usd, q.discount.usd, q.total.usd]).toEqual([
          room.id,
          nights,
          spec.nightsSubtotal,
          spec.cleaningFee,
          spec.serviceFee,
          0,
          spec.total,
        ]);
        expect(q.total_cents).toBe(specChargeCents(Number(room.price), nights));
        expect(q).toMatchObject({ currency: 'INR', charged_currency: 'USD', rate: 83, nights });
      }
    }
  });

  it.each([
    // rupees, nights, nights subtotal, cleaning fee, service fee, total (the spec's examples)
    [8300, 5, 500, 70, 55, 625],
    [10209, 3, 369, 86, 40, 495],
    // 0.7 * 90 is 62.999... in floating point; the fee must still be 63
    [7470, 2, 180, 63, 19, 262],
    [1, 1, 1, 0, 0, 1],
    [8217, 1, 99, 69, 10, 178],
  ])('a catalogue room at %d rupees for %d nights: $%d + $%d + $%d = $%d', async (price, nights, subtotal, cleaning, serviceFee, total) => {
    const id = await catalogueRoom(price);
    const q = await quote(anon, id, 20, nights);
    expect([q.nights_total.usd, q.cleaning_fee.usd, q.service_fee.usd, q.total.usd, q.total_cents]).toEqual([
      subtotal,
      cleaning,
      serviceFee,
      total,
      total * 100,
    ]);
  });

  it("prices a host's place in its currency: its own cleaning fee (none by default), weekly and monthly discounts", async () => {
    const id = await publishedListing(host, { country: 'Portugal', currency: 'EUR', price: 120, cleaning_fee: undefined });
    const usd = nightlyUsdAtRate(120, EUR);
    const plain = await quote(anon, id, 30, 3);
    expect(plain).toMatchObject({
      currency: 'EUR',
      rate: EUR,
      nightly: { local: 120, usd },
      nights_total: { local: 360, usd: usd * 3 },
      discount: { kind: null, percent: 0, local: 0, usd: 0 },
      cleaning_fee: { local: 0, usd: 0 },
      service_fee: { percent: 11, local: Math.floor(360 * 0.11), usd: Math.floor((usd * 3 * 11) / 100) },
    });
    expect(plain.total.usd).toBe(usd * 3 + Math.floor((usd * 3 * 11) / 100));

    const saved = await host.client.rpc('save_listing', { p_room_id: id, p_fields: { cleaning_fee: 45, weekly_discount: 10, monthly_discount: 25 } });
    expect(saved.error).toBeNull();
    const cleaningUsd = nightlyUsdAtRate(45, EUR);
    const six = await quote(anon, id, 30, 6);
    expect(six.discount).toEqual({ kind: null, percent: 0, local: 0, usd: 0 });
    expect(six.cleaning_fee).toEqual({ local: 45, usd: cleaningUsd });

    const week = await quote(anon, id, 30, 7);
    const weekNights = usd * 7;
    const weekOff = Math.floor((weekNights * 10) / 100);
    expect(week.discount).toEqual({ kind: 'weekly', percent: 10, local: 84, usd: weekOff });
    expect(week.service_fee.usd).toBe(Math.floor(((weekNights - weekOff) * 11) / 100));
    expect(week.total.usd).toBe(weekNights - weekOff + cleaningUsd + week.service_fee.usd);
    expect(week.total.local).toBe(840 - 84 + 45 + Math.floor(((840 - 84) * 11) / 100));

    const month = await quote(anon, id, 30, 28);
    expect(month.discount).toMatchObject({ kind: 'monthly', percent: 25, usd: Math.floor((usd * 28 * 25) / 100) });
    expect(month.total_cents).toBe(month.total.usd * 100);

    // A monthly discount alone leaves a week at full price.
    expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { weekly_discount: 0 } })).error).toBeNull();
    expect((await quote(anon, id, 30, 7)).discount.usd).toBe(0);
    expect((await quote(anon, id, 30, 28)).discount.kind).toBe('monthly');
  });

  it('refuses what is not a stay it can price: 22023, nothing else said', async () => {
    const seeded = (await anon.from('Rooms').select('id, max_guests').order('id').limit(1).single()).data!;
    const draft = (await host.client.rpc('create_listing')).data as number;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ p_check_in: isoDay(10), p_check_out: isoDay(10) }, 'dates'],
      [{ p_check_in: isoDay(10), p_check_out: isoDay(9) }, 'dates'],
      [{ p_check_in: isoDay(10), p_check_out: isoDay(101) }, 'dates'],
      [{ p_check_in: null }, 'dates'],
      [{ p_guests: 0 }, 'guests'],
      [{ p_guests: seeded.max_guests + 1 }, 'guests'],
      [{ p_guests: null }, 'guests'],
      [{ p_room_id: 987_654_321 }, 'room'],
      // A draft is no place to book: hidden from everyone but its host, and unpriced anyway.
      [{ p_room_id: draft }, 'room'],
    ];
    for (const [args, hint] of cases) {
      const { error } = await anon.rpc('quote_stay', {
        p_room_id: seeded.id,
        p_check_in: isoDay(10),
        p_check_out: isoDay(12),
        p_guests: 1,
        ...args,
      });
      expect([args, error?.code, error?.hint]).toEqual([args, '22023', hint]);
    }
  });

  it('a paid booking keeps its quote: the trip, the refund and the earnings read it after the host changes the terms', async () => {
    const id = await publishedListing(host, { title: 'Kept price house', currency: 'EUR', country: 'Portugal', price: 120, cleaning_fee: 30, weekly_discount: 10 });
    const traveller = await driver.signedInUser();
    const asked = await quote(traveller.client, id, 60, 7);
    const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 7, { startDate: isoDay(60), endDate: isoDay(67) }));
    expect([created.status, created.body.amount]).toEqual([200, asked.total_cents]);
    await driver.payWith(created.body.clientSecret);
    const done = await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
    expect(done.status).toBe(200);

    // Nobody but the confirmation writes a booking's quote.
    const forged = await traveller.client.from('Bookings').update({ quote: { total_cents: 1 } }).eq('id', created.body.bookingId);
    expect(forged.error?.code).toBe('42501');

    const saved = await host.client.rpc('save_listing', { p_room_id: id, p_fields: { price: 300, cleaning_fee: 0, weekly_discount: 0 } });
    expect(saved.error).toBeNull();
    expect((await quote(traveller.client, id, 80, 7)).total.usd).not.toBe(asked.total.usd);

    const trip = await traveller.client
      .from('Payments')
      .select('amount, nightly_usd, booking:Bookings(quote)')
      .eq('id', done.body.payment.id)
      .single<{ amount: number; nightly_usd: number; booking: { quote: Quote } }>();
    expect(trip.data).toEqual({ amount: asked.total.usd, nightly_usd: asked.nightly.usd, booking: { quote: asked } });
    // The host's earnings: the stored quote's total, in the listing's currency.
    const earnings = (await host.client.rpc('host_earnings')).data as Array<{ booking_id: number; currency: string; amount_cents: number }>;
    const earned = earnings.find((e) => e.booking_id === created.body.bookingId);
    expect([earned?.currency, Number(earned?.amount_cents)]).toEqual([asked.currency, Math.round(asked.total.local * 100)]);

    // Cancelled within the free window: all of what was charged comes back, not today's price.
    const cancelled = await driver.invoke(traveller.client, 'cancel-booking', { paymentId: done.body.payment.id });
    expect([cancelled.status, cancelled.body.cancellation.refundAmount]).toEqual([200, asked.total.usd]);
  });

  it('a cleaning fee or discount changed between quote and payment refuses the payment and gives the money back', async () => {
    const id = await publishedListing(host, { title: 'Changing fee house' });
    const traveller = await driver.signedInUser();
    const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 2, { startDate: isoDay(90), endDate: isoDay(92) }));
    expect([created.status, created.body.amount]).toEqual([200, specChargeCents(8300, 2)]);
    await driver.payWith(created.body.clientSecret);
    expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { cleaning_fee: 0 } })).error).toBeNull();
    const refused = await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
    expect([refused.status, refused.body.code]).toEqual([409, 'terms_changed']);
    const intent = (await driver.processor(`/payment_intents/${created.body.paymentIntentId}`)).body;
    expect(intent.amount_refunded).toBe(intent.amount);

    // And the page's old total is no longer taken for a new intent.
    const stale = await driver.invoke(traveller.client, 'create-payment-intent', {
      ...stayRequest(id, 2, { startDate: isoDay(90), endDate: isoDay(92) }),
      shownAmount: specChargeCents(8300, 2),
      shownCancellationPolicy: 'moderate',
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'terms_changed']);
  });
});
