import { describe, expect, it } from 'vitest';
import {
  CARD_ERROR_MESSAGES,
  cardErrors,
  isCardNumberValid,
  isCvcValid,
  isExpiryValid,
  passesLuhn,
  type CardErrorFlag,
  type CardInput,
} from './card';

const TODAY = '2026-05-10';

describe('card number', () => {
  it.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['4242-4242-4242-4242', true],
    ['4000000000000002', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['424242424242', false],
    ['42424242424242424242', false],
    ['4242 4242 4242 424x', false],
    ['', false],
  ])('%s is valid: %s', (number, valid) => {
    expect(isCardNumberValid(number)).toBe(valid);
  });

  it.each([
    ['79927398713', true],
    ['79927398710', false],
  ])('Luhn of %s: %s', (digits, ok) => {
    expect(passesLuhn(digits)).toBe(ok);
  });
});

describe('expiry MM/YY in the future', () => {
  it.each([
    ['05/26', true],
    ['04/26', false],
    ['12/30', true],
    ['01/27', true],
    ['13/27', false],
    ['00/27', false],
    ['5/27', false],
    ['05/2027', false],
    ['', false],
  ])('%s on 10 May 2026 is valid: %s', (expiry, valid) => {
    expect(isExpiryValid(expiry, TODAY)).toBe(valid);
  });

  it('a card is valid through the last day of its month', () => {
    expect(isExpiryValid('05/26', '2026-05-31')).toBe(true);
    expect(isExpiryValid('05/26', '2026-06-01')).toBe(false);
  });
});

describe('CVC of 3 or 4 digits', () => {
  it.each([
    ['123', true],
    ['1234', true],
    ['12', false],
    ['12345', false],
    ['12a', false],
  ])('%s is valid: %s', (cvc, valid) => {
    expect(isCvcValid(cvc)).toBe(valid);
  });
});

describe('card error flags and messages', () => {
  const good: CardInput = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

  it.each<[string, Partial<CardInput>, CardErrorFlag[]]>([
    ['a complete card has no errors', {}, []],
    ['a bad number raises cardError', { number: '4242' }, ['cardError']],
    ['a past expiry raises ExpiryError', { expiry: '01/20' }, ['ExpiryError']],
    ['a short CVC raises cvcError', { cvc: '1' }, ['cvcError']],
    ['an empty card raises all three', { number: '', expiry: '', cvc: '' }, ['cardError', 'ExpiryError', 'cvcError']],
  ])('%s', (_name, change, flags) => {
    expect(cardErrors({ ...good, ...change }, TODAY)).toEqual(flags);
  });

  it.each<[CardErrorFlag, string]>([
    ['cardError', 'Check your card number'],
    ['ExpiryError', 'Check your expiry date'],
    ['cvcError', 'Check your CVC'],
  ])('%s reads %s', (flag, message) => {
    expect(CARD_ERROR_MESSAGES[flag]).toBe(message);
  });
});
