/**
 * Cancelling a trip: each listing states one of three policies (its host's choice in the listing
 * editor, a row of room_cancellation_policies; moderate without one), copied onto the payment when
 * it is recorded, so a host's later change does not alter a trip already paid for; and this rule
 * says what a cancellation made now gives back.
 *
 * - Within 48 hours of booking, every policy refunds in full (what the listing page has always
 *   said: "free cancellation 48 hours").
 * - After that: `flexible` still refunds in full, `moderate` (the default) refunds half of what
 *   was charged, `strict` refunds nothing.
 * - Once the stay has begun (its check-in day has come, in UTC, as the server counts it) a trip
 *   can no longer be cancelled.
 *
 * The page shows these terms before asking, and the `cancel-booking` edge function applies them
 * through a generated copy (supabase/functions/_shared/rules.ts, written by
 * backend/scripts/gen-function-rules.ts), so the refund shown is the refund made. Keep it
 * self-contained, plain TypeScript that Node, bundlers and Deno all load: its one import is of
 * constants the generated copy also holds.
 */
import { FREE_CANCELLATION_HOURS, FREE_CANCELLATION_TEXT } from './constants';

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
/** Every listing's policy unless its host chose another (the database column's default). */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';
/** The share of the charge `moderate` refunds after the free window, in percent (cents rounded down). */
export const MODERATE_REFUND_PERCENT = 50;

const HOUR_MS = 60 * 60 * 1000;

export function isCancellationPolicy(value: unknown): value is CancellationPolicy {
  return typeof value === 'string' && (CANCELLATION_POLICIES as readonly string[]).includes(value);
}

/** A policy's name and its terms, as the trip page shows them. */
export function cancellationPolicyText(policy: CancellationPolicy): { title: string; terms: string } {
  const free = `Cancel within ${FREE_CANCELLATION_HOURS} hours of booking for a full refund.`;
  switch (policy) {
    case 'flexible':
      return { title: 'Flexible', terms: 'Cancel any time before check-in for a full refund.' };
    case 'moderate':
      return {
        title: FREE_CANCELLATION_TEXT,
        terms: `${free} After that, cancel before check-in for a ${MODERATE_REFUND_PERCENT}% refund.`,
      };
    case 'strict':
      return {
        title: FREE_CANCELLATION_TEXT,
        terms: `${free} After that, the reservation is non-refundable.`,
      };
  }
}

export interface CancellationInput {
  policy: CancellationPolicy;
  /** What was charged, in cents. */
  chargedCents: number;
  /** When the booking was paid for. */
  bookedAt: Date;
  /** Check-in day, yyyy-mm-dd. */
  startDate: string;
  now: Date;
}

export type CancellationTerms =
  | { cancellable: false; reason: 'stay_started' }
  | { cancellable: true; refundCents: number; refund: 'full' | 'partial' | 'none' };

/** What cancelling now gives back, or that it is too late to cancel. */
export function cancellationTerms({ policy, chargedCents, bookedAt, startDate, now }: CancellationInput): CancellationTerms {
  if (!Number.isInteger(chargedCents) || chargedCents < 0) {
    throw new RangeError(`chargedCents must be a whole number of cents, got ${chargedCents}`);
  }
  if (now.toISOString().slice(0, 10) >= startDate) return { cancellable: false, reason: 'stay_started' };
  const withinFreeWindow = now.getTime() - bookedAt.getTime() < FREE_CANCELLATION_HOURS * HOUR_MS;
  if (withinFreeWindow || policy === 'flexible') return { cancellable: true, refundCents: chargedCents, refund: 'full' };
  if (policy === 'strict') return { cancellable: true, refundCents: 0, refund: 'none' };
  const refundCents = Math.floor((chargedCents * MODERATE_REFUND_PERCENT) / 100);
  return { cancellable: true, refundCents, refund: refundCents === 0 ? 'none' : 'partial' };
}
