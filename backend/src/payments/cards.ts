// What the test processor does with a card: Stripe's documented test cards
// (https://docs.stripe.com/testing), decided from the number alone, as Stripe's test mode does.
// This is the processor's own checking, like Stripe's servers re-checking what Stripe.js sent;
// the page validates the same fields earlier with shared/src/rules/card.ts.

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'requires_action' }
  | { kind: 'declined'; code: string; decline_code?: string; message: string };

/** Outcome of each documented test number; a valid number not listed is refused like a live card. */
const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { kind: 'succeeds' },
  '5555555555554444': { kind: 'succeeds' },
  '4000002500003155': { kind: 'requires_action' },
  '4000000000000002': {
    kind: 'declined',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    kind: 'declined',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** Digits of a card number typed with spaces or dashes; null when anything else is in it. */
export function cardNumberDigits(number: string): string | null {
  const compact = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

/** Stripe's order of checks: number, expiry, CVC, then the card's own behaviour. */
export function cardOutcome(card: CardDetails, now: Date): CardOutcome {
  const digits = cardNumberDigits(card.number);
  if (digits === null || !luhn(digits)) {
    return { kind: 'declined', code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const month = card.exp_month;
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
    return { kind: 'declined', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  // Valid through the last day of the expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) {
    return { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' };
  }
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    return { kind: 'declined', code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
  }
  return (
    TEST_CARDS[digits] ?? {
      kind: 'declined',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    }
  );
}
