/**
 * What the payment flow needs from a card form, whichever processor is behind it: the built-in
 * test processor's own fields, or Stripe Elements. The form registers one of these with the page.
 */
import type { CardErrorFlag } from 'shared/rules';
import type { CardStepResult, CustomerAddress } from '../api';

export interface BillingDetails {
  name: string;
  email: string;
  address: CustomerAddress;
}

export interface CardPort {
  /** The card's field error flags; empty when number, expiry and CVC are complete. */
  check(): CardErrorFlag[];
  /** Confirms the intent with the card, including any authentication step. */
  confirm(clientSecret: string, billing: BillingDetails): Promise<CardStepResult>;
}
