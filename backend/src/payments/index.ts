// /payments/v1: the built-in TEST payment processor, used when no Stripe keys are configured.
//
// Strategy: mirror the slice of Stripe's API the checkout uses, with Stripe's lifecycle and error
// objects, so the edge functions and the page talk to it the way they would talk to Stripe:
//   server side (Authorization: Bearer <service_role key>, like a secret key)
//     POST /payment_intents               create (amount, currency, metadata; Idempotency-Key)
//     GET  /payment_intents/:id           retrieve
//     POST /payment_intents               ... capture_method: 'manual' holds the card at confirmation
//     POST /payment_intents/:id/capture   capture a held (requires_capture) intent
//     POST /payment_intents/:id/cancel    cancel (only before success; releases a hold)
//     POST /refunds                       refund a succeeded intent ({ payment_intent, amount?, metadata? };
//                                         Idempotency-Key), all that is left of it unless amount says
//   browser side (the intent's client_secret, like Stripe.js with a publishable key)
//     POST /payment_intents/:id/confirm       { client_secret, payment_method: { card, billing_details } }
//     POST /payment_intents/:id/authenticate  { client_secret, approve } — the requires_action step
//     GET  /payment_intents/:id?client_secret=...
// Bodies are JSON (not Stripe's form encoding); amounts are integer cents.
import type { BackendContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { json } from '../http/json.ts';
import { callerFrom } from '../jwt.ts';
import type { CardDetails } from './cards.ts';
import { createIntentStore, intentJson, ProcessorError, type IntentStore } from './intents.ts';

const PREFIX = '/payments/v1';
const stores = new WeakMap<Db, IntentStore>();

function storeFor(db: Db): IntentStore {
  let store = stores.get(db);
  if (!store) {
    store = createIntentStore(db);
    stores.set(db, store);
  }
  return store;
}

const invalid = (message: string, param?: string) =>
  new ProcessorError(400, 'invalid_request_error', 'parameter_invalid', message, param ? { param } : {});

async function isSecretCaller(req: Request, ctx: BackendContext): Promise<boolean> {
  const authorization = req.headers.get('authorization');
  if (!authorization) return false;
  try {
    return (await callerFrom(authorization, ctx.verifyJwt)).role === 'service_role';
  } catch {
    return false;
  }
}

async function requireSecret(req: Request, ctx: BackendContext): Promise<void> {
  if (!(await isSecretCaller(req, ctx))) {
    throw new ProcessorError(401, 'authentication_error', 'invalid_api_key', 'Invalid API Key provided.');
  }
}

async function readJson(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    const body = JSON.parse(text) as unknown;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw invalid('The request body must be a JSON object.');
}

function parseCard(value: unknown): CardDetails {
  const card = (value as { card?: Record<string, unknown> } | null)?.card;
  if (!card || typeof card !== 'object') throw invalid('Missing required param: payment_method[card].', 'payment_method');
  const number = typeof card.number === 'string' ? card.number : '';
  const cvc = typeof card.cvc === 'string' ? card.cvc : '';
  return { number, cvc, exp_month: Number(card.exp_month), exp_year: Number(card.exp_year) };
}

/** The browser proves it may act on an intent with the intent's client secret. */
async function authorizeClient(req: Request, ctx: BackendContext, store: IntentStore, id: string, clientSecret: unknown) {
  if (await isSecretCaller(req, ctx)) return;
  const row = await store.retrieve(id);
  if (typeof clientSecret !== 'string' || clientSecret !== row.client_secret) {
    throw new ProcessorError(
      400,
      'invalid_request_error',
      'payment_intent_invalid_parameter',
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      { param: 'client_secret' },
    );
  }
}

function stringMetadata(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid metadata: must be an object.', 'metadata');
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

async function route(req: Request, ctx: BackendContext): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.slice(PREFIX.length).split('/').filter(Boolean);
  const store = storeFor(ctx.db);
  const method = req.method;

  if (parts[0] === 'refunds' && parts.length === 1 && method === 'POST') {
    await requireSecret(req, ctx);
    const body = await readJson(req);
    if (typeof body.payment_intent !== 'string') throw invalid('Missing required param: payment_intent.', 'payment_intent');
    const amount = body.amount;
    if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)) {
      throw invalid('Invalid positive integer: amount.', 'amount');
    }
    return json(
      await store.refund(body.payment_intent, {
        ...(amount === undefined ? {} : { amount }),
        metadata: stringMetadata(body.metadata),
        idempotencyKey: req.headers.get('idempotency-key'),
      }),
    );
  }

  if (parts[0] !== 'payment_intents') {
    throw new ProcessorError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  if (parts.length === 1 && method === 'POST') {
    await requireSecret(req, ctx);
    const body = await readJson(req);
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalid('Amount must be at least 50 cents, in whole cents.', 'amount');
    }
    const currency = typeof body.currency === 'string' ? body.currency.toLowerCase() : '';
    if (!/^[a-z]{3}$/.test(currency)) throw invalid('Missing required param: currency.', 'currency');
    const captureMethod = body.capture_method ?? 'automatic';
    if (captureMethod !== 'automatic' && captureMethod !== 'manual') {
      throw invalid('Invalid capture_method: must be one of automatic or manual.', 'capture_method');
    }
    const row = await store.create({
      amount,
      currency,
      captureMethod,
      metadata: stringMetadata(body.metadata),
      description: typeof body.description === 'string' ? body.description : null,
      idempotencyKey: req.headers.get('idempotency-key'),
    });
    return json(intentJson(row));
  }

  const id = parts[1];
  if (!id) throw new ProcessorError(404, 'invalid_request_error', 'resource_missing', 'Unrecognized request URL.');

  if (parts.length === 2 && method === 'GET') {
    if (await isSecretCaller(req, ctx)) return json(intentJson(await store.retrieve(id)));
    await authorizeClient(req, ctx, store, id, url.searchParams.get('client_secret'));
    return json(intentJson(await store.retrieve(id), 'publishable'));
  }

  if (parts.length === 3 && method === 'POST') {
    const body = await readJson(req);
    const audience = (await isSecretCaller(req, ctx)) ? 'secret' : 'publishable';
    switch (parts[2]) {
      case 'confirm': {
        await authorizeClient(req, ctx, store, id, body.client_secret);
        const paymentMethod = body.payment_method as { billing_details?: unknown } | undefined;
        const row = await store.confirm(id, parseCard(paymentMethod), paymentMethod?.billing_details);
        return json(intentJson(row, audience));
      }
      case 'authenticate': {
        await authorizeClient(req, ctx, store, id, body.client_secret);
        return json(intentJson(await store.authenticate(id, body.approve === true), audience));
      }
      case 'capture': {
        await requireSecret(req, ctx);
        return json(intentJson(await store.capture(id)));
      }
      case 'cancel': {
        await requireSecret(req, ctx);
        const reason = typeof body.cancellation_reason === 'string' ? body.cancellation_reason : null;
        return json(intentJson(await store.cancel(id, reason)));
      }
    }
  }
  throw new ProcessorError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${url.pathname}).`);
}

export async function paymentsHandler(req: Request, ctx: BackendContext): Promise<Response> {
  try {
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof ProcessorError) return json(error.toJSON(), error.status);
    throw error;
  }
}
