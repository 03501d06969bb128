import { describe, expect, it } from 'vitest';
import {
  amountInCents,
  checkoutChargeCents,
  checkoutTotals,
  distanceText,
  FIXED_CARD_DATE_TEXT,
  mobileBarTotal,
  nightlyUsdPrice,
  priceCardTotals,
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

describe('distanceText: ceil(price / 83 + 150) kilometers away', () => {
  it.each([
    [8300, '250 kilometers away'],
    [8301, '251 kilometers away'],
    [0, '150 kilometers away'],
    [830, '160 kilometers away'],
  ])('local %d reads %s', (local, text) => {
    expect(distanceText(local)).toBe(text);
  });

  it('the card date line is fixed', () => {
    expect(FIXED_CARD_DATE_TEXT).toBe('16-21 May');
  });
});

describe('priceCardTotals: subtotal, 10% service fee, total, all rounded up', () => {
  it.each([
    // nightly, nights, subtotal, fee, total
    [100, 5, 500, 50, 550],
    [123, 3, 369, 37, 406],
    [7, 1, 7, 1, 8],
    [90, 1, 90, 9, 99],
    [1, 0, 0, 0, 0],
  ])('$%d x %d nights', (nightly, nights, subtotal, serviceFee, total) => {
    expect(priceCardTotals(nightly, nights)).toEqual({ subtotal, serviceFee, total });
  });

  it('refuses a fractional or negative number of nights', () => {
    expect(() => priceCardTotals(100, 1.5)).toThrow(RangeError);
    expect(() => priceCardTotals(100, -1)).toThrow(RangeError);
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

describe('mobileBarTotal: price x nights plus 10%, rounded up', () => {
  it.each([
    [100, 5, 550],
    [123, 3, 406],
    [7, 1, 8],
    // 1.1 * 100 is 110.000...1 in floating point; the total must still be 110
    [100, 1, 110],
    [0, 3, 0],
  ])('$%d x %d nights totals $%d', (nightly, nights, total) => {
    expect(mobileBarTotal(nightly, nights)).toBe(total);
  });

  it.each([
    [100, 5],
    [123, 3],
    [7, 1],
    [333, 7],
  ])('equals the price card total for $%d x %d nights', (nightly, nights) => {
    expect(mobileBarTotal(nightly, nights)).toBe(priceCardTotals(nightly, nights).total);
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
