// The checkout as the page drives it, for tests against a started backend: signed-in users
// (supabase-js), the edge functions, and the built-in test processor at /payments/v1.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_CANCELLATION_POLICY } from '../../../shared/src/rules/cancellation.ts';
import type { TestBackend } from './backend.ts';

export const CARD_OK = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/** The day `n` days from today (UTC), yyyy-mm-dd. */
export function isoDay(daysFromToday: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

/** The stay request's fields, by the names the tests give them (the page's trip). */
const STAY_FIELDS = {
  roomId: 'room_id',
  startDate: 'check_in',
  endDate: 'check_out',
  adults: 'adults',
  children: 'children',
  infants: 'infants',
  pets: 'pets',
} as const;

/**
 * create-payment-intent's body as the booking page sends it: the stay request (two adults,
 * `nights` from day 30) and the payer. Overrides named as in STAY_FIELDS change the stay (an
 * undefined one leaves it out); any other changes the body.
 */
export function stayRequest(roomId: number, nights: number, overrides: Record<string, unknown> = {}) {
  const stay: Record<string, unknown> = {
    room_id: roomId,
    check_in: isoDay(30),
    check_out: isoDay(30 + nights),
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
  };
  const body: Record<string, unknown> = {
    customerName: 'Ada Lovelace',
    customerAddress: { line1: '1 Main St', city: 'London', state: '', postal_code: 'N1', country: 'GB' },
  };
  for (const [name, value] of Object.entries(overrides)) {
    if (name in STAY_FIELDS) stay[STAY_FIELDS[name as keyof typeof STAY_FIELDS]] = value;
    else body[name] = value;
  }
  return { stay, ...body };
}


/**
 * `body` with the total and cancellation policy the booking page would show for it (what
 * create-payment-intent compares with its own): the stay's quote (quote_stay, as the page asks
 * it) and the room's policy as `client` reads them now. A stay the page could not price (no such
 * room, dates out of order or out of bounds) shows 0.
 */
export async function withShownTerms(client: SupabaseClient, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const stay = (body.stay ?? {}) as Record<string, unknown>;
  const roomId = Number.isSafeInteger(stay.room_id) ? (stay.room_id as number) : 0;
  const [quote, policy] = await Promise.all([
    client.rpc('quote_stay', { p_room_id: roomId, p_check_in: stay.check_in, p_check_out: stay.check_out }),
    client.from('room_cancellation_policies').select('policy').eq('room_id', roomId).maybeSingle<{ policy: string }>(),
  ]);
  return {
    shownAmount: quote.error ? 0 : Number((quote.data as { total_cents: number }).total_cents),
    shownCancellationPolicy: policy.data?.policy ?? DEFAULT_CANCELLATION_POLICY,
    ...body,
  };
}

export interface Answer {
  status: number;
  body: Record<string, any>;
}

export function checkoutDriver(backend: TestBackend, label: string) {
  async function processor(
    path: string,
    init: { method?: string; body?: unknown; key?: string | null; idempotencyKey?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const key = init.key === undefined ? backend.keys.serviceRoleKey : init.key;
    if (key) headers.Authorization = `Bearer ${key}`;
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
    const response = await fetch(`${backend.url}/payments/v1${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  let userCount = 0;
  async function signedInUser(): Promise<{ client: SupabaseClient; id: string; email: string; accessToken: string }> {
    userCount += 1;
    const email = `${label}${userCount}@example.com`;
    const client = backend.client();
    const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery' });
    if (error || !data.session || !data.user) throw error ?? new Error('sign-up gave no session');
    return { client, id: data.user.id, email, accessToken: data.session.access_token };
  }

  /** A function call as the page makes it: create-payment-intent with the terms the page shows, unless given. */
  async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>): Promise<Answer> {
    const sent = name === 'create-payment-intent' && !('shownAmount' in body) ? await withShownTerms(client, body) : body;
    const { data, error } = await client.functions.invoke(name, { body: sent });
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    }
    if (error) throw error;
    return { status: 200, body: data as Record<string, any> };
  }

  /** Confirms an intent with a card, as the page does with the client secret. */
  function payWith(clientSecret: string, number = CARD_OK.number): Promise<Answer> {
    const id = clientSecret.split('_secret_')[0];
    return processor(`/payment_intents/${id}/confirm`, {
      key: null,
      body: { client_secret: clientSecret, payment_method: { card: { ...CARD_OK, number }, billing_details: { name: 'Ada' } } },
    });
  }

  return { processor, signedInUser, invoke, payWith };
}
