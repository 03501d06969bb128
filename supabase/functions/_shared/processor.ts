// The card processor behind the checkout: Stripe when STRIPE_SECRET_KEY is set, otherwise the
// local backend's built-in test processor (its /payments/v1, at PAYMENTS_API_URL, which only the
// local backend sets), which follows the same PaymentIntent lifecycle. Both are reached through
// this one small interface. A listing on request holds the card (Stripe's manual capture: the
// intent is created with capture_method 'manual', its confirmation leaves it requires_capture) until
// the host accepts (capture) or the request ends (release: the intent is cancelled).
import Stripe from 'npm:stripe@23.1.0';
import { env, requiredEnv } from './env.ts';

export interface Intent {
  id: string;
  client_secret: string | null;
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
}

export interface CreateIntent {
  amount: number;
  currency: 'usd';
  /** 'manual': the confirmation only authorises; capture() takes the money. */
  captureMethod: 'automatic' | 'manual';
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface RefundRequest {
  paymentIntentId: string;
  /** Cents: the whole charge or a part of it. */
  amount: number;
  /** Names what the refund is for; a refund with the same metadata is never made twice. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  amount: number;
}

export interface Processor {
  create(input: CreateIntent): Promise<Intent>;
  retrieve(id: string): Promise<Intent | null>;
  /** Takes the money a requires_capture intent holds; an intent already captured answers as it is. */
  capture(intent: Intent): Promise<Intent>;
  /** Gives the money back: cancels an intent not yet paid (a hold is released), refunds a succeeded one. */
  release(intent: Intent): Promise<void>;
  /** Refunds (part of) a succeeded intent once per idempotency key. */
  refund(input: RefundRequest): Promise<Refund>;
}

/** A processor answer the function passes on (e.g. an idempotency key reused with new data). */
export class ProcessorRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function testProcessor(base: string): Processor {
  const key = requiredEnv('SUPABASE_SERVICE_ROLE_KEY');

  async function call<T>(path: string, init: { method?: string; body?: unknown; idempotencyKey?: string } = {}) {
    const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = (await response.json()) as T & { error?: { code: string; message: string } };
    return { ok: response.ok, status: response.status, body };
  }

  return {
    async create(input) {
      const { ok, body } = await call<Intent>('/payment_intents', {
        method: 'POST',
        body: {
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          capture_method: input.captureMethod,
        },
        idempotencyKey: input.idempotencyKey,
      });
      if (!ok) throw new ProcessorRefusal(body.error?.code ?? 'processor_error', body.error?.message ?? 'Payment processor error');
      return body;
    },
    async retrieve(id) {
      const { ok, status, body } = await call<Intent>(`/payment_intents/${encodeURIComponent(id)}`);
      if (status === 404) return null;
      if (!ok) throw new Error(`test processor: ${body.error?.message ?? status}`);
      return body;
    },
    async capture(intent) {
      if (intent.status === 'succeeded') return intent;
      const { ok, body } = await call<Intent>(`/payment_intents/${encodeURIComponent(intent.id)}/capture`, { method: 'POST', body: {} });
      if (ok) return body;
      // Captured meanwhile by another caller (the accept, or a cancellation finishing it): done.
      const now = await this.retrieve(intent.id);
      if (now?.status === 'succeeded') return now;
      throw new ProcessorRefusal(body.error?.code ?? 'processor_error', body.error?.message ?? 'Payment processor error');
    },
    async release(intent) {
      const path =
        intent.status === 'succeeded' ? '/refunds' : `/payment_intents/${encodeURIComponent(intent.id)}/cancel`;
      const body = intent.status === 'succeeded' ? { payment_intent: intent.id } : { cancellation_reason: 'abandoned' };
      const result = await call(path, { method: 'POST', body });
      // Already cancelled or refunded: nothing left to give back.
      if (!result.ok && result.status !== 400) throw new Error(`test processor: ${result.body.error?.message ?? result.status}`);
    },
    async refund(input) {
      const { ok, status, body } = await call<Refund>('/refunds', {
        method: 'POST',
        body: { payment_intent: input.paymentIntentId, amount: input.amount, metadata: input.metadata },
        idempotencyKey: input.idempotencyKey,
      });
      if (!ok) throw new Error(`test processor: refund failed (${status}): ${body.error?.message ?? ''}`);
      return { id: body.id, amount: body.amount };
    },
  };
}

function stripeProcessor(secretKey: string): Processor {
  const stripe = new Stripe(secretKey);
  const asRefusal = (error: unknown): never => {
    const e = error as { type?: string; code?: string; message?: string };
    if (e.type === 'StripeIdempotencyError' || e.type === 'StripeInvalidRequestError') {
      throw new ProcessorRefusal(e.code ?? 'processor_error', e.message ?? 'Payment processor error');
    }
    throw error;
  };
  return {
    async create(input) {
      return stripe.paymentIntents
        .create(
          {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            capture_method: input.captureMethod,
            allowed_payment_method_types: ['card'],
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
        )
        .catch(asRefusal);
    },
    async retrieve(id) {
      try {
        return await stripe.paymentIntents.retrieve(id);
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    },
    async capture(intent) {
      if (intent.status === 'succeeded') return intent;
      return stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: `capture-${intent.id}` }).catch(asRefusal);
    },
    async release(intent) {
      try {
        if (intent.status === 'succeeded') await stripe.refunds.create({ payment_intent: intent.id });
        else await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'charge_already_refunded' && code !== 'payment_intent_unexpected_state') throw error;
      }
    },
    async refund(input) {
      // Stripe forgets an idempotency key after 24 hours: a refund made for the same purpose
      // earlier (its metadata) is found first, so a late retry does not refund twice.
      const earlier = await stripe.refunds.list({ payment_intent: input.paymentIntentId, limit: 100 });
      const made = earlier.data.find(
        (refund) =>
          refund.status !== 'failed' &&
          refund.status !== 'canceled' &&
          Object.entries(input.metadata).every(([key, value]) => refund.metadata?.[key] === value),
      );
      if (made) return { id: made.id, amount: made.amount };
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amount, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, amount: refund.amount };
    },
  };
}

export function processor(): Processor {
  const secretKey = env('STRIPE_SECRET_KEY');
  if (secretKey) return stripeProcessor(secretKey);
  const testProcessorUrl = env('PAYMENTS_API_URL');
  if (testProcessorUrl) return testProcessor(testProcessorUrl);
  // A hosted project has no test processor: without a Stripe key there is no way to take payments.
  throw new Error('STRIPE_SECRET_KEY is not set');
}
