/**
 * Card entry for the built-in test processor (no Stripe Elements): the checks that decide the
 * cardError, ExpiryError and cvcError flags, and their messages.
 */
import { lastDayOfMonth } from 'date-fns';
import { toIsoDay, type IsoDay } from './dateSelection';

export type CardField = 'number' | 'expiry' | 'cvc';
/** The spec's field error flags, named as the spec names them. */
export type CardErrorFlag = 'cardError' | 'ExpiryError' | 'cvcError';

export const CARD_ERROR_FLAG: Readonly<Record<CardField, CardErrorFlag>> = {
  number: 'cardError',
  expiry: 'ExpiryError',
  cvc: 'cvcError',
};

export const CARD_ERROR_MESSAGES: Readonly<Record<CardErrorFlag, string>> = {
  cardError: 'Check your card number',
  ExpiryError: 'Check your expiry date',
  cvcError: 'Check your CVC',
};

export interface CardInput {
  number: string;
  /** 'MM/YY' */
  expiry: string;
  cvc: string;
}

/** The digits of a card number as typed with spaces or dashes, or null if anything else is in it. */
export function cardDigits(number: string): string | null {
  const compact = number.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits passing the Luhn check. */
export function isCardNumberValid(number: string): boolean {
  const digits = cardDigits(number);
  return digits !== null && digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}

/** 'MM/YY' with a real month, valid through the last day of that month. */
export function isExpiryValid(expiry: string, today: IsoDay): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (match === null) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return toIsoDay(lastDayOfMonth(new Date(year, month - 1, 1))) >= today;
}

export function isCvcValid(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc.trim());
}

/** The error flags of a card, in field order; empty when the card can be submitted. */
export function cardErrors(card: CardInput, today: IsoDay): CardErrorFlag[] {
  const errors: CardErrorFlag[] = [];
  if (!isCardNumberValid(card.number)) errors.push(CARD_ERROR_FLAG.number);
  if (!isExpiryValid(card.expiry, today)) errors.push(CARD_ERROR_FLAG.expiry);
  if (!isCvcValid(card.cvc)) errors.push(CARD_ERROR_FLAG.cvc);
  return errors;
}
