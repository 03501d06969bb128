/**
 * Helpers of the checkout suites: fresh users signed up through supabase-js, their session put
 * where the site's supabase client looks for it, a room and nights no other test uses, and the
 * booking page's address for a stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from '../support/test';
import { repoRoot } from '../support/paths';
import { roomBlock } from '../support/rooms';
import { addSessionCookies } from '../support/sessionCookies';
import { DEFAULT_CANCELLATION_POLICY } from '../../shared/src/rules/cancellation';

/** The composed site (E2E_BASE_URL points the checkout suites at another copy of it). */
export const SITE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

/**
 * supabase-js builds a realtime client at creation and, on Node 20 (no global WebSocket),
 * throws unless given a transport. These helpers never open a realtime channel.
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the checkout tests');
  }
}

interface SiteConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

let configPromise: Promise<SiteConfig> | undefined;
export function siteConfig(): Promise<SiteConfig> {
  configPromise ??= fetch(`${SITE}/config.json`).then((r) => r.json() as Promise<SiteConfig>);
  return configPromise;
}

export async function anonClient(): Promise<SupabaseClient> {
  const config = await siteConfig();
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
}

/** The backend's service key (in its data folder), for what only the server may do. */
export function serviceRoleKey(): string {
  const keysFile = path.join(path.resolve(repoRoot, process.env.DATA_DIR ?? '.data'), 'keys.json');
  return (JSON.parse(fs.readFileSync(keysFile, 'utf8')) as { serviceRoleKey: string }).serviceRoleKey;
}

/** A client with the service key. */
export async function serviceClient(): Promise<SupabaseClient> {
  const { supabaseUrl } = await siteConfig();
  return createClient(supabaseUrl, serviceRoleKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
}

export interface TestUser {
  email: string;
  session: Session;
  client: SupabaseClient;
}

/** A new account (the backend confirms sign-ups at once). */
export async function newUser(label: string): Promise<TestUser> {
  const client = await anonClient();
  const email = `checkout-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'checkout-e2e-password' });
  if (error || !data.session) throw error ?? new Error('sign-up returned no session');
  return { email, session: data.session, client };
}

/** The browser starts signed in as `user` (its session's cookies, before any page is opened). */
export async function signInContext(context: BrowserContext, user: TestUser): Promise<void> {
  await addSessionCookies(context, SITE, (await siteConfig()).supabaseUrl, user.session);
}

export interface Stay {
  roomId: number;
  start: string;
  end: string;
  nights: number;
}

function isoDay(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A room sleeping 2, of the test's own block, and nights free in it (random within the next ~18 months). */
export async function freeStay(nights = 2): Promise<Stay & { price: number; title: string }> {
  const client = await anonClient();
  const block = roomBlock();
  const { data: rows, error } = await client
    .from('Rooms')
    .select('id,price,"house-title",max_guests')
    .order('id')
    .range(block.offset, block.offset + block.size - 1);
  const data = rows?.filter((room) => room.max_guests >= 2);
  if (error || !data || data.length === 0) throw error ?? new Error('no rooms');
  for (;;) {
    const room = data[Math.floor(Math.random() * data.length)] as { id: number; price: number; 'house-title': string };
    const offset = 20 + Math.floor(Math.random() * 500);
    const stay = { roomId: room.id, start: isoDay(offset), end: isoDay(offset + nights), nights };
    const { data: booked } = await client.rpc('room_booked_ranges', { room_id: room.id });
    const taken = ((booked ?? []) as { start_date: string; end_date: string }[]).some(
      (r) => stay.start < r.end_date && r.start_date < stay.end,
    );
    if (!taken) return { ...stay, price: Number(room.price), title: room['house-title'] };
  }
}

/** The booking page of a stay: its URL carries the dates and guests. */
export function bookingPath(stay: Stay, adults = 2): string {
  return `/${stay.roomId}/book?checkin=${stay.start}&checkout=${stay.end}&adults=${adults}`;
}

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  authenticate: '4000 0025 0000 3155',
} as const;

export async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

export async function fillBilling(page: Page): Promise<void> {
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Street address').fill('12 Analytical Row');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('ZIP code').fill('N1 9GU');
  await page.getByLabel('Country').fill('United Kingdom');
}

/** The total (cents) and cancellation policy the booking page shows for a stay now, as it sends them. */
export async function shownTerms(
  client: SupabaseClient,
  stay: Stay,
): Promise<{ shownAmount: number; shownCancellationPolicy: string }> {
  const [quote, policy] = await Promise.all([
    client.rpc('quote_stay', { p_room_id: stay.roomId, p_check_in: stay.start, p_check_out: stay.end }),
    client.from('room_cancellation_policies').select('policy').eq('room_id', stay.roomId).maybeSingle<{ policy: string }>(),
  ]);
  if (quote.error) throw quote.error;
  return {
    shownAmount: Number((quote.data as { total_cents: number }).total_cents),
    shownCancellationPolicy: policy.data?.policy ?? DEFAULT_CANCELLATION_POLICY,
  };
}

/** A stay paid through the functions as the page pays it (for set-ups: a traveller with a stay). */
export async function payThroughApi(user: TestUser, stay: Stay): Promise<string> {
  const { supabaseUrl } = await siteConfig();
  const shown = await shownTerms(user.client, stay);
  const created = await user.client.functions.invoke('create-payment-intent', {
    body: {
      stay: { room_id: stay.roomId, check_in: stay.start, check_out: stay.end, adults: 1, children: 0, infants: 0, pets: 0 },
      ...shown,
    },
  });
  if (created.error) throw created.error;
  const { clientSecret, paymentIntentId } = created.data as { clientSecret: string; paymentIntentId: string };
  const confirm = await fetch(`${supabaseUrl}/payments/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_secret: clientSecret,
      payment_method: { card: { number: CARDS.ok, exp_month: 12, exp_year: 2034, cvc: '123' } },
    }),
  });
  if (!confirm.ok) throw new Error(`confirm failed: ${confirm.status}`);
  const done = await user.client.functions.invoke('finalize-booking', { body: { paymentIntentId } });
  if (done.error) throw done.error;
  return (done.data as { payment: { reservationCode: string } }).payment.reservationCode;
}
