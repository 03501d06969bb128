/**
 * What a stay earns its host (issue 29), split-fee as on the large marketplaces: the traveller
 * pays the booking page's total, whose 11% service fee is the platform's; the host pays a host
 * fee of 3% of the rest (the nights and the cleaning fee); the host's payout is what is left.
 * A cancelled stay that kept part of its charge (a moderate or strict policy after the free
 * window) earns in proportion: the refund comes back out of the payout and the fees alike, so
 * both shrink by the share refunded. Amounts are whole cents.
 */
import { CHECKOUT_SERVICE_FEE_PERCENT } from './pricing';

/** The host's share of the platform fee: percent of the nights and the cleaning fee. */
export const HOST_FEE_PERCENT = 3;

export interface StayCharge {
  /** What the traveller was charged, in cents. */
  chargedCents: number;
  /** What was refunded (paid back or owed), in cents; 0 without a cancellation. */
  refundedCents: number;
  /** The traveller's service fee within the charge, in cents (the booking's stored quote; 0 when unknown). */
  serviceFeeCents: number;
}

export interface StayEarnings {
  /** What the traveller paid and kept paying: the charge less any refund. */
  amountCents: number;
  platformFeeCents: number;
  payoutCents: number;
}

export function stayEarnings(charge: StayCharge): StayEarnings {
  const { chargedCents, refundedCents } = charge;
  if (!Number.isInteger(chargedCents) || chargedCents < 0) throw new RangeError(`chargedCents must be whole cents, got ${chargedCents}`);
  if (!Number.isInteger(refundedCents) || refundedCents < 0 || refundedCents > chargedCents) {
    throw new RangeError(`refundedCents must be whole cents within the charge, got ${refundedCents}`);
  }
  const amountCents = chargedCents - refundedCents;
  if (chargedCents === 0) return { amountCents: 0, platformFeeCents: 0, payoutCents: 0 };
  // The booking page's line, never more than the charge.
  const service = Math.min(chargedCents, charge.serviceFeeCents);
  const fullFee = service + Math.floor(((chargedCents - service) * HOST_FEE_PERCENT) / 100);
  const platformFeeCents = Math.floor((fullFee * amountCents) / chargedCents);
  return { amountCents, platformFeeCents, payoutCents: amountCents - platformFeeCents };
}

/** The rule in words, as the earnings page states it. */
export const EARNINGS_FEE_TEXT = `Platform fee: the traveller's ${CHECKOUT_SERVICE_FEE_PERCENT}% service fee and a ${HOST_FEE_PERCENT}% host fee on the nights and cleaning.`;
