import { describe, expect, it } from 'vitest';
import { amountInCents, nightlyUsdAtRate } from './pricing';

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

describe('amounts in cents for the payment server', () => {
  it.each([
    [625, 62500],
    [19.99, 1999],
    [0, 0],
    [0.1, 10],
  ])('$%d is %d cents', (usd, cents) => {
    expect(amountInCents(usd)).toBe(cents);
  });
});
