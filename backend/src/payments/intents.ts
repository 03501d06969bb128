// The test processor's PaymentIntents, kept in payments_test.payment_intents. Each operation is
// one transaction that locks the intent row, so a double confirm charges once. As Stripe's, an
// intent created with capture_method 'manual' only authorises at its confirmation
// (requires_capture, the amount held as amount_capturable) until it is captured or cancelled.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { cardBrand, cardNumberDigits, cardOutcome, type CardDetails } from './cards.ts';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

interface IntentRow {
  id: string;
  client_secret: string;
  amount: string | number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  description: string | null;
  idempotency_key: string | null;
  payment_method: Record<string, unknown> | null;
  last_payment_error: Record<string, unknown> | null;
  amount_received: string | number;
  amount_refunded: string | number;
  capture_method: 'automatic' | 'manual';
  amount_capturable: string | number;
  cancellation_reason: string | null;
  canceled_at: Date | string | null;
  created_at: Date | string;
}

/** Stripe's error object: `{ error: { type, code, message, ... } }` with its HTTP status. */
export class ProcessorError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'authentication_error',
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { error: { type: this.type, code: this.code, message: this.message, ...this.extra } };
  }
}

const unix = (value: Date | string | null) => (value === null ? null : Math.floor(new Date(value).getTime() / 1000));

/** The intent as the API shows it; a publishable (client secret) caller does not see metadata. */
export function intentJson(row: IntentRow, audience: 'secret' | 'publishable' = 'secret') {
  const base = {
    id: row.id,
    object: 'payment_intent' as const,
    amount: Number(row.amount),
    amount_received: Number(row.amount_received),
    amount_capturable: Number(row.amount_capturable),
    capture_method: row.capture_method,
    currency: row.currency,
    status: row.status,
    client_secret: row.client_secret,
    description: row.description,
    created: unix(row.created_at),
    livemode: false,
    last_payment_error: row.last_payment_error,
    payment_method: row.payment_method,
    cancellation_reason: row.cancellation_reason,
    canceled_at: unix(row.canceled_at),
    next_action:
      row.status === 'requires_action'
        ? { type: 'test_authentication', authenticate_url: `/payments/v1/payment_intents/${row.id}/authenticate` }
        : null,
  };
  return audience === 'secret'
    ? { ...base, metadata: row.metadata, amount_refunded: Number(row.amount_refunded) }
    : base;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export interface CreateIntentInput {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  description: string | null;
  idempotencyKey: string | null;
  captureMethod: 'automatic' | 'manual';
}

function sameRequest(row: IntentRow, input: CreateIntentInput): boolean {
  return (
    Number(row.amount) === input.amount &&
    row.currency === input.currency &&
    row.capture_method === input.captureMethod &&
    JSON.stringify(Object.entries(row.metadata).sort()) === JSON.stringify(Object.entries(input.metadata).sort())
  );
}

async function lockIntent(q: Queryable, id: string): Promise<IntentRow> {
  const { rows } = await q.query<IntentRow>('select * from payments_test.payment_intents where id = $1 for update', [id]);
  const row = rows[0];
  if (!row) {
    throw new ProcessorError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${id}'`, {
      param: 'intent',
    });
  }
  return row;
}

async function update(q: Queryable, id: string, fields: Record<string, unknown>): Promise<IntentRow> {
  const names = Object.keys(fields);
  const sets = names.map((name, i) => `${name} = $${i + 2}`).join(', ');
  const values = names.map((name) => {
    const value = fields[name];
    return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
  });
  const { rows } = await q.query<IntentRow>(
    `update payments_test.payment_intents set ${sets}, updated_at = now() where id = $1 returning *`,
    [id, ...values],
  );
  return rows[0]!;
}

/** A confirmation that went through: charged at once, or held when the capture is manual. */
function paid(row: IntentRow): Record<string, unknown> {
  return row.capture_method === 'manual'
    ? { status: 'requires_capture', amount_capturable: Number(row.amount) }
    : { status: 'succeeded', amount_received: Number(row.amount) };
}

export function createIntentStore(db: Db) {
  return {
    async create(input: CreateIntentInput): Promise<IntentRow> {
      const id = `pi_${token(18)}`;
      const { rows } = await db.query<IntentRow>(
        `insert into payments_test.payment_intents (id, client_secret, amount, currency, metadata, description, idempotency_key, capture_method)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (idempotency_key) do nothing
         returning *`,
        [
          id,
          `${id}_secret_${token(18)}`,
          input.amount,
          input.currency,
          JSON.stringify(input.metadata),
          input.description,
          input.idempotencyKey,
          input.captureMethod,
        ],
      );
      if (rows[0]) return rows[0];
      // The key was used before: Stripe answers the first result, or refuses other parameters.
      const existing = (
        await db.query<IntentRow>('select * from payments_test.payment_intents where idempotency_key = $1', [input.idempotencyKey])
      ).rows[0]!;
      if (!sameRequest(existing, input)) {
        throw new ProcessorError(
          400,
          'idempotency_error',
          'idempotency_key_in_use',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return existing;
    },

    async retrieve(id: string): Promise<IntentRow> {
      return db.tx((q) => lockIntent(q, id));
    },

    /** Confirms with a card; declines leave the intent at requires_payment_method, as Stripe does. */
    async confirm(id: string, card: CardDetails, billingDetails: unknown, now = new Date()): Promise<IntentRow> {
      const result = await db.tx(async (q) => {
        const row = await lockIntent(q, id);
        if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation') {
          throw new ProcessorError(
            400,
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `This PaymentIntent's status is ${row.status}, so it cannot be confirmed.`,
            { payment_intent: intentJson(row, 'publishable') },
          );
        }
        const outcome = cardOutcome(card, now);
        const digits = cardNumberDigits(card.number) ?? '';
        const paymentMethod = {
          type: 'card',
          card: { brand: cardBrand(digits), last4: digits.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year },
          billing_details: billingDetails ?? null,
        };
        if (outcome.kind === 'declined') {
          const error = { type: 'card_error', code: outcome.code, decline_code: outcome.decline_code ?? null, message: outcome.message };
          const declined = await update(q, id, { status: 'requires_payment_method', last_payment_error: error, payment_method: null });
          return { declined, outcome };
        }
        if (outcome.kind === 'requires_action') {
          return { row: await update(q, id, { status: 'requires_action', payment_method: paymentMethod, last_payment_error: null }) };
        }
        return { row: await update(q, id, { ...paid(row), payment_method: paymentMethod, last_payment_error: null }) };
      });
      if ('declined' in result) {
        const { declined, outcome } = result as { declined: IntentRow; outcome: Extract<ReturnType<typeof cardOutcome>, { kind: 'declined' }> };
        throw new ProcessorError(402, 'card_error', outcome.code, outcome.message, {
          decline_code: outcome.decline_code ?? null,
          payment_intent: intentJson(declined, 'publishable'),
        });
      }
      return result.row;
    },

    /** The authentication step of 4000 0025 0000 3155: approved it succeeds, refused it fails. */
    async authenticate(id: string, approve: boolean): Promise<IntentRow> {
      const result = await db.tx(async (q) => {
        const row = await lockIntent(q, id);
        if (row.status !== 'requires_action') {
          throw new ProcessorError(
            400,
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `This PaymentIntent's status is ${row.status}, so it cannot be authenticated.`,
          );
        }
        if (approve) {
          return { row: await update(q, id, paid(row)) };
        }
        const error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          decline_code: null,
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        return { failed: await update(q, id, { status: 'requires_payment_method', last_payment_error: error, payment_method: null }) };
      });
      if ('failed' in result && result.failed) {
        const error = result.failed.last_payment_error as { code: string; message: string };
        throw new ProcessorError(402, 'card_error', error.code, error.message, {
          payment_intent: intentJson(result.failed, 'publishable'),
        });
      }
      return (result as { row: IntentRow }).row;
    },

    /** Stripe allows cancelling only before the money moved: a held authorisation is released. */
    async cancel(id: string, reason: string | null): Promise<IntentRow> {
      return db.tx(async (q) => {
        const row = await lockIntent(q, id);
        if (row.status === 'succeeded' || row.status === 'canceled' || row.status === 'processing') {
          throw new ProcessorError(
            400,
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${row.status}.`,
          );
        }
        return update(q, id, { status: 'canceled', cancellation_reason: reason, canceled_at: new Date(), amount_capturable: 0 });
      });
    },

    /** Takes the held amount of a requires_capture intent (Stripe: all of it unless told less). */
    async capture(id: string): Promise<IntentRow> {
      return db.tx(async (q) => {
        const row = await lockIntent(q, id);
        if (row.status !== 'requires_capture') {
          throw new ProcessorError(
            400,
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          );
        }
        return update(q, id, { status: 'succeeded', amount_received: Number(row.amount_capturable), amount_capturable: 0 });
      });
    },

    /**
     * Refunds a succeeded intent: `amount` cents, or all that is not refunded yet. As Stripe: an
     * Idempotency-Key already used answers its refund (or refuses other parameters), and an
     * amount above what is left is refused. Under the intent's lock, so concurrent requests with
     * one key make one refund.
     */
    async refund(id: string, input: RefundInput = {}) {
      return db.tx(async (q) => {
        const row = await lockIntent(q, id);
        if (input.idempotencyKey) {
          const { rows } = await q.query<RefundRow>('select * from payments_test.refunds where idempotency_key = $1', [
            input.idempotencyKey,
          ]);
          const existing = rows[0];
          if (existing) {
            if (existing.payment_intent !== id || (input.amount !== undefined && Number(existing.amount) !== input.amount)) {
              throw new ProcessorError(
                400,
                'idempotency_error',
                'idempotency_key_in_use',
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              );
            }
            return refundJson(existing);
          }
        }
        const refundable = Number(row.amount_received) - Number(row.amount_refunded);
        if (row.status !== 'succeeded' || refundable <= 0) {
          throw new ProcessorError(
            400,
            'invalid_request_error',
            'charge_already_refunded',
            row.status === 'succeeded'
              ? `This PaymentIntent has already been refunded.`
              : `This PaymentIntent's status is ${row.status}, so there is nothing to refund.`,
          );
        }
        const amount = input.amount ?? refundable;
        if (amount > refundable) {
          throw new ProcessorError(
            400,
            'invalid_request_error',
            'amount_too_large',
            `Refund amount (${amount}) is greater than the amount left to refund (${refundable}).`,
            { param: 'amount' },
          );
        }
        await update(q, id, { amount_refunded: Number(row.amount_refunded) + amount });
        const { rows } = await q.query<RefundRow>(
          `insert into payments_test.refunds (id, payment_intent, amount, currency, metadata, idempotency_key)
           values ($1, $2, $3, $4, $5, $6) returning *`,
          [`re_${token(18)}`, id, amount, row.currency, JSON.stringify(input.metadata ?? {}), input.idempotencyKey ?? null],
        );
        return refundJson(rows[0]!);
      });
    },
  };
}

export interface RefundInput {
  /** Cents; all that is left when absent. */
  amount?: number;
  metadata?: Record<string, string>;
  idempotencyKey?: string | null;
}

interface RefundRow {
  id: string;
  payment_intent: string;
  amount: string | number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  created_at: Date | string;
}

function refundJson(row: RefundRow) {
  return {
    id: row.id,
    object: 'refund' as const,
    amount: Number(row.amount),
    currency: row.currency,
    payment_intent: row.payment_intent,
    status: row.status,
    metadata: row.metadata,
    created: unix(row.created_at),
  };
}

export type IntentStore = ReturnType<typeof createIntentStore>;
