// The card processor behind the checkout: Stripe when STRIPE_SECRET_KEY is set, otherwise the
// local backend's built-in test processor (/payments/v1), which follows the same PaymentIntent
// lifecycle. Both are reached through this one small interface.
import { env, onDeno, requiredEnv } from './env.ts';

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
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface Processor {
  create(input: CreateIntent): Promise<Intent>;
  retrieve(id: string): Promise<Intent | null>;
  /** Gives the money back: cancels an intent not yet paid, refunds a succeeded one. */
  release(intent: Intent): Promise<void>;
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

function testProcessor(): Processor {
  const base = env('PAYMENTS_API_URL') ?? `${requiredEnv('SUPABASE_URL')}/payments/v1`;
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
        body: { amount: input.amount, currency: input.currency, description: input.description, metadata: input.metadata },
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
    async release(intent) {
      const path =
        intent.status === 'succeeded' ? '/refunds' : `/payment_intents/${encodeURIComponent(intent.id)}/cancel`;
      const body = intent.status === 'succeeded' ? { payment_intent: intent.id } : { cancellation_reason: 'abandoned' };
      const result = await call(path, { method: 'POST', body });
      // Already cancelled or refunded: nothing left to give back.
      if (!result.ok && result.status !== 400) throw new Error(`test processor: ${result.body.error?.message ?? result.status}`);
    },
  };
}

interface StripeClient {
  paymentIntents: {
    create(params: Record<string, unknown>, options?: { idempotencyKey?: string }): Promise<Intent>;
    retrieve(id: string): Promise<Intent>;
    cancel(id: string, params?: Record<string, unknown>): Promise<Intent>;
  };
  refunds: { create(params: Record<string, unknown>): Promise<unknown> };
}

/** The stripe SDK, loaded only when Stripe is configured: npm: on Deno, the backend's copy on Node. */
async function loadStripe(secretKey: string): Promise<StripeClient> {
  type StripeCtor = new (key: string) => StripeClient;
  let Stripe: StripeCtor;
  if (onDeno) {
    const specifier = 'npm:stripe@23.1.0';
    Stripe = ((await import(specifier)) as { default: StripeCtor }).default;
  } else {
    const nodeModule = 'node:module';
    const { createRequire } = (await import(nodeModule)) as {
      createRequire: (from: string | URL) => (id: string) => StripeCtor | { default: StripeCtor };
    };
    const loaded = createRequire(new URL('../../../backend/package.json', import.meta.url))('stripe');
    Stripe = 'default' in loaded ? loaded.default : loaded;
  }
  return new Stripe(secretKey);
}

function stripeProcessor(secretKey: string): Processor {
  const client = loadStripe(secretKey);
  const asRefusal = (error: unknown): never => {
    const e = error as { type?: string; code?: string; message?: string };
    if (e.type === 'StripeIdempotencyError' || e.type === 'StripeInvalidRequestError') {
      throw new ProcessorRefusal(e.code ?? 'processor_error', e.message ?? 'Payment processor error');
    }
    throw error;
  };
  return {
    async create(input) {
      const stripe = await client;
      return stripe.paymentIntents
        .create(
          {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            payment_method_types: ['card'],
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
        )
        .catch(asRefusal);
    },
    async retrieve(id) {
      const stripe = await client;
      try {
        return await stripe.paymentIntents.retrieve(id);
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    },
    async release(intent) {
      const stripe = await client;
      try {
        if (intent.status === 'succeeded') await stripe.refunds.create({ payment_intent: intent.id });
        else await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'charge_already_refunded' && code !== 'payment_intent_unexpected_state') throw error;
      }
    },
  };
}

export function processor(): Processor {
  const secretKey = env('STRIPE_SECRET_KEY');
  return secretKey ? stripeProcessor(secretKey) : testProcessor();
}
