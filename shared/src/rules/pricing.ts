/**
 * Prices: the nightly USD rate shown everywhere, the detail page's price card, the checkout
 * breakdown and the amount the payment server charges.
 *
 * This file is imported by the browser apps AND by the server's `create-payment-intent`
 * function (by relative path), so both compute the same amount. Keep it self-contained: no
 * imports at all, plain TypeScript that Node, bundlers and Deno all load.
 *
 * Percentages are applied as integer arithmetic (`amount * percent / 100`) rather than
 * `amount * 0.7`: binary floating point makes `0.7 * 90` 62.999... and `1.1 * 100` 110.000...1,
 * which would floor or ceil to the wrong whole dollar.
 */

/** Listing prices are stored in local currency; one US dollar is taken as 83 of it. */
export const LOCAL_CURRENCY_PER_USD = 83;
/** Placeholder distance logic: the nightly USD rate plus 150 is shown as kilometres. */
export const DISTANCE_OFFSET_KM = 150;
/** The fixed date line of listing and wishlist cards. */
export const FIXED_CARD_DATE_TEXT = '16-21 May';
/** Price card (detail page): service fee, percent of the subtotal, rounded up. */
export const PRICE_CARD_SERVICE_FEE_PERCENT = 10;
/** Checkout: cleaning fee, percent of one night's USD rate, rounded down. */
export const CHECKOUT_CLEANING_FEE_PERCENT = 70;
/** Checkout: service fee, percent of the nights subtotal, rounded down. */
export const CHECKOUT_SERVICE_FEE_PERCENT = 11;
/** Detail page's mobile bar: price x nights plus this percent, rounded up. */
export const MOBILE_BAR_SURCHARGE_PERCENT = 10;

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

/** The card's distance line: `${ceil(price / 83 + 150)} kilometers away`. */
export function distanceText(localPrice: number): string {
  assertAmount('localPrice', localPrice);
  return `${Math.ceil(localPrice / LOCAL_CURRENCY_PER_USD + DISTANCE_OFFSET_KM)} kilometers away`;
}

export interface PriceCardTotals {
  subtotal: number;
  serviceFee: number;
  total: number;
}

/** Detail page price card: subtotal = rate x nights, fee = ceil(10% of it), total = sum. */
export function priceCardTotals(nightlyUsd: number, nights: number): PriceCardTotals {
  assertAmount('nightlyUsd', nightlyUsd);
  assertWholeCount('nights', nights);
  const subtotal = Math.ceil(nightlyUsd * nights);
  const serviceFee = Math.ceil(percentOf(subtotal, PRICE_CARD_SERVICE_FEE_PERCENT));
  return { subtotal, serviceFee, total: subtotal + serviceFee };
}

export interface CheckoutTotals {
  nightsSubtotal: number;
  cleaningFee: number;
  serviceFee: number;
  total: number;
}

/**
 * Checkout price details: cleaning fee = floor(70% of one night), service fee =
 * floor(11% of the nights subtotal), total = subtotal + both fees.
 */
export function checkoutTotals(nightlyUsd: number, nights: number): CheckoutTotals {
  assertAmount('nightlyUsd', nightlyUsd);
  assertWholeCount('nights', nights);
  const nightsSubtotal = nightlyUsd * nights;
  const cleaningFee = Math.floor(percentOf(nightlyUsd, CHECKOUT_CLEANING_FEE_PERCENT));
  const serviceFee = Math.floor(percentOf(nightsSubtotal, CHECKOUT_SERVICE_FEE_PERCENT));
  return { nightsSubtotal, cleaningFee, serviceFee, total: nightsSubtotal + cleaningFee + serviceFee };
}

/**
 * The detail page's mobile bar total: rate x nights plus 10%, rounded UP to a whole dollar.
 * Rounding up makes it equal the price card's total (subtotal + ceil(10%)) for whole-dollar
 * rates, so the two places of one page never disagree.
 */
export function mobileBarTotal(nightlyUsd: number, nights: number): number {
  assertAmount('nightlyUsd', nightlyUsd);
  assertWholeCount('nights', nights);
  return Math.ceil(percentOf(nightlyUsd * nights, 100 + MOBILE_BAR_SURCHARGE_PERCENT));
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
