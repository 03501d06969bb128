import { describe, expect, it } from 'vitest';
import {
  amountInCents,
  checkoutChargeCents,
  checkoutTotals,
  nightlyUsdAtRate,
  nightlyUsdPrice,
} from './pricing';

describe('nightlyUsdPrice: ceil(local price / 83)', () => {
  it.each([
    [8300, 100],
    [8301, 101],
    [83, 1],
    [1, 1],
    [0, 0],
    [12450, 150],
    [4149.5, 50],
  ])('local %d shows $%d a night', (local, usd) => {
    expect(nightlyUsdPrice(local)).toBe(usd);
  });

  it('refuses a negative or non-numeric price', () => {
    expect(() => nightlyUsdPrice(-1)).toThrow(RangeError);
    expect(() => nightlyUsdPrice(Number.NaN)).toThrow(RangeError);
  });
});

describe('nightlyUsdAtRate: ceil(price / rate), exact', () => {
  it.each([
    [120, 0.9234, 130],
    [15_000, 149.87, 101],
    [14_987, 149.87, 100],
    [14_988, 149.87, 101],
    [8300, 83, 100],
    [1, 25_300, 1],
    [100, 1, 100],
    // 0.1 + 0.2 style traps: 0.3 * 3 is 0.8999... in floats, 0.9 / 0.3 is 3.0000000000000004
    [9, 0.3, 30],
    [3, 0.1, 30],
  ])('%d at %d to the dollar is $%d', (price, rate, usd) => {
    expect(nightlyUsdAtRate(price, rate)).toBe(usd);
  });

  it('refuses fractions, negatives and a zero rate', () => {
    expect(() => nightlyUsdAtRate(1.5, 1)).toThrow(RangeError);
    expect(() => nightlyUsdAtRate(-1, 1)).toThrow(RangeError);
    expect(() => nightlyUsdAtRate(1, 0)).toThrow(RangeError);
  });
});

describe('checkoutTotals: cleaning 70% of a night and service 11% of the nights, rounded down', () => {
  it.each([
    // nightly, nights, nightsSubtotal, cleaningFee, serviceFee, total
    [100, 5, 500, 70, 55, 625],
    [123, 3, 369, 86, 40, 495],
    // 0.7 * 90 is 62.999... in floating point; the fee must still be 63
    [90, 2, 180, 63, 19, 262],
    [1, 1, 1, 0, 0, 1],
    [99, 1, 99, 69, 10, 178],
  ])('$%d x %d nights', (nightly, nights, nightsSubtotal, cleaningFee, serviceFee, total) => {
    expect(checkoutTotals(nightly, nights)).toEqual({ nightsSubtotal, cleaningFee, serviceFee, total });
  });
});

describe('one price for a stay, whatever the room and the nights', () => {
  // Every stored price the seed can produce (local currency) and stays of 1 to 30 nights.
  const prices = Array.from({ length: 400 }, (_, i) => 1500 + i * 997);
  const stays = Array.from({ length: 30 }, (_, i) => i + 1);

  it('the total is the sum of the lines shown, and the server charges exactly that total', () => {
    for (const local of prices) {
      const nightly = nightlyUsdPrice(local);
      for (const nights of stays) {
        const totals = checkoutTotals(nightly, nights);
        expect(totals.nightsSubtotal).toBe(nightly * nights);
        expect(totals.total).toBe(totals.nightsSubtotal + totals.cleaningFee + totals.serviceFee);
        expect([totals.cleaningFee, totals.serviceFee].every(Number.isInteger)).toBe(true);
        expect(checkoutChargeCents(local, nights)).toBe(totals.total * 100);
      }
    }
  });

  it('a longer stay never costs less', () => {
    for (const local of prices) {
      const nightly = nightlyUsdPrice(local);
      for (const nights of stays.slice(1)) {
        expect(checkoutTotals(nightly, nights).total).toBeGreaterThan(checkoutTotals(nightly, nights - 1).total);
      }
    }
  });
});

describe('amounts in cents for the payment server', () => {
  it.each([
    [625, 62500],
    [19.99, 1999],
    [0, 0],
    [0.1, 10],
  ])('$%d is %d cents', (usd, cents) => {
    expect(amountInCents(usd)).toBe(cents);
  });

  it.each([
    // local price, nights, cents: nightly 100 -> total 625; nightly 123 -> total 495
    [8300, 5, 62500],
    [10209, 3, 49500],
  ])('a room at local %d for %d nights charges %d cents', (local, nights, cents) => {
    expect(checkoutChargeCents(local, nights)).toBe(cents);
  });
});
