/**
 * Money rules the browser apps share. A stay's price is not computed here: the database's
 * quote_stay() is the one price rule (the listing's price card and mobile bar, the booking page,
 * the payment intent and the confirmation all ask it), and a paid booking keeps its quote.
 *
 * Keep this file self-contained: no imports at all, plain TypeScript that Node, bundlers and
 * Deno all load.
 */

/** The most a night may cost, in US dollars (the database's private.max_nightly_usd). */
export const MAX_NIGHTLY_USD = 100_000;
/** Exchange rates carry six decimals (currency_rates.per_usd, numeric(20, 6)). */
const RATE_SCALE = 1_000_000;
/** The traveller's service fee, percent of the nights (quote_stay's; the earnings page states it). */
export const CHECKOUT_SERVICE_FEE_PERCENT = 11;

function assertAmount(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  }
}

function assertWholeCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${value}`);
  }
}

/**
 * A host's nightly price in their currency, in whole US dollars: ceil(localPrice / perUsd), where
 * one dollar buys `perUsd` of the currency (a rate of the stored rate table). Exact, in integers
 * (the rate in millionths), as the database's nightly_usd_at_rate computes it with numeric div
 * and mod: a rounded float quotient could land on the whole dollar below. The hosting editor's
 * preview of the dollar price; the database derives the one travellers see ("Rooms".nightly_usd).
 */
export function nightlyUsdAtRate(localPrice: number, perUsd: number): number {
  assertWholeCount('localPrice', localPrice);
  assertAmount('perUsd', perUsd);
  const rate = BigInt(Math.round(perUsd * RATE_SCALE));
  if (rate <= 0n) throw new RangeError(`perUsd must be positive, got ${perUsd}`);
  const scaled = BigInt(localPrice) * BigInt(RATE_SCALE);
  return Number((scaled + rate - 1n) / rate);
}

/** Dollars to the integer cents payment processors take. */
export function amountInCents(usd: number): number {
  assertAmount('usd', usd);
  return Math.round(usd * 100);
}
