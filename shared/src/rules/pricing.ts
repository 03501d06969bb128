/**
 * Prices: the nightly USD rate shown everywhere and the one price rule of a stay
 * (`checkoutTotals`), which the listing's price card, its mobile bar, the booking page and the
 * payment server all use, so the price shown is the price paid (a departure from the spec,
 * whose price card and mobile bar added a 10% fee the booking page then replaced).
 *
 * The browser apps import this file, and the server's `create-payment-intent` function imports
 * a copy of it (supabase/functions/_shared/rules.ts, written by
 * backend/scripts/gen-function-rules.ts), so both compute the same amount. Keep it
 * self-contained: no imports at all, plain TypeScript that Node, bundlers and Deno all load.
 *
 * Percentages are applied as integer arithmetic (`amount * percent / 100`) rather than
 * `amount * 0.7`: binary floating point makes `0.7 * 90` 62.999..., which would floor to the
 * wrong whole dollar.
 */

/**
 * The seed catalogue's prices are rupees, at the spec's 83 to the US dollar. A hosted place's
 * "Rooms".price is kept in the same unit (its nightly dollars x 83, derived by the server from
 * the host's own price and currency), so every reader prices every room by `nightlyUsdPrice`.
 */
export const LOCAL_CURRENCY_PER_USD = 83;
/** The most a night may cost, in US dollars (the database's private.max_nightly_usd). */
export const MAX_NIGHTLY_USD = 100_000;
/** Exchange rates carry six decimals (currency_rates.per_usd, numeric(20, 6)). */
const RATE_SCALE = 1_000_000;
/** Checkout: cleaning fee, percent of one night's USD rate, rounded down. */
export const CHECKOUT_CLEANING_FEE_PERCENT = 70;
/** Checkout: service fee, percent of the nights subtotal, rounded down. */
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

/** `percent`% of a whole-dollar amount, exact up to the final rounding. */
function percentOf(amount: number, percent: number): number {
  return (amount * percent) / 100;
}

/** The nightly rate in whole US dollars: ceil(local price / 83). */
export function nightlyUsdPrice(localPrice: number): number {
  assertAmount('localPrice', localPrice);
  return Math.ceil(localPrice / LOCAL_CURRENCY_PER_USD);
}

/**
 * A host's nightly price in their currency, in whole US dollars: ceil(localPrice / perUsd), where
 * one dollar buys `perUsd` of the currency (a rate of the stored rate table). Exact, in integers
 * (the rate in millionths), as the database's nightly_usd_at_rate computes it with numeric div
 * and mod: a rounded float quotient could land on the whole dollar below.
 */
export function nightlyUsdAtRate(localPrice: number, perUsd: number): number {
  assertWholeCount('localPrice', localPrice);
  assertAmount('perUsd', perUsd);
  const rate = BigInt(Math.round(perUsd * RATE_SCALE));
  if (rate <= 0n) throw new RangeError(`perUsd must be positive, got ${perUsd}`);
  const scaled = BigInt(localPrice) * BigInt(RATE_SCALE);
  return Number((scaled + rate - 1n) / rate);
}

export interface CheckoutTotals {
  nightsSubtotal: number;
  cleaningFee: number;
  serviceFee: number;
  total: number;
}

/**
 * A stay's price, the one rule of the listing's price card and mobile bar, the booking page and
 * the payment server: cleaning fee = floor(70% of one night), service fee = floor(11% of the
 * nights subtotal), total = subtotal + both fees.
 */
export function checkoutTotals(nightlyUsd: number, nights: number): CheckoutTotals {
  assertAmount('nightlyUsd', nightlyUsd);
  assertWholeCount('nights', nights);
  const nightsSubtotal = nightlyUsd * nights;
  const cleaningFee = Math.floor(percentOf(nightlyUsd, CHECKOUT_CLEANING_FEE_PERCENT));
  const serviceFee = Math.floor(percentOf(nightsSubtotal, CHECKOUT_SERVICE_FEE_PERCENT));
  return { nightsSubtotal, cleaningFee, serviceFee, total: nightsSubtotal + cleaningFee + serviceFee };
}

/** Dollars to the integer cents payment processors take. */
export function amountInCents(usd: number): number {
  assertAmount('usd', usd);
  return Math.round(usd * 100);
}

/**
 * What the payment server charges for a stay, in cents: the checkout total for a room whose
 * stored price is `localPrice`, over `nights` nights.
 */
export function checkoutChargeCents(localPrice: number, nights: number): number {
  return amountInCents(checkoutTotals(nightlyUsdPrice(localPrice), nights).total);
}
