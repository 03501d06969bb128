/**
 * Card fields through Stripe Elements, used when the site is configured with a Stripe
 * publishable key. Loaded lazily: a test-mode page never downloads Stripe.js. When the script
 * cannot load (loadStripe rejects with 'Failed to load Stripe.js'), the form says so plainly and
 * Request to book stays disabled.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadStripe, type Stripe, type StripeElementChangeEvent } from '@stripe/stripe-js';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { CARD_ERROR_FLAG, CARD_ERROR_MESSAGES, type CardErrorFlag, type CardField } from 'shared/rules';
import { cardFieldChanged } from 'shared/state';
import { selectCardErrors, selectFirstBtnClick } from '../slices';
import { useAppDispatch, useAppSelector } from 'shared/store';
import type { CardPort } from '../hooks/cardPort';
import styles from './CardFields.module.css';

export const STRIPE_UNAVAILABLE_MESSAGE =
  "We couldn't load the secure card form. Check your internet connection, then reload the page to pay.";

const ELEMENT_OPTIONS = { style: { base: { fontSize: '16px', color: '#222222' } } };

function StripeFields({ onPort }: { onPort: (port: CardPort) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const dispatch = useAppDispatch();
  const errors = useAppSelector(selectCardErrors);
  const submitted = useAppSelector(selectFirstBtnClick);
  const complete = useRef<Record<CardField, boolean>>({ number: false, expiry: false, cvc: false });

  useEffect(() => {
    if (!stripe || !elements) return;
    onPort({
      check: () =>
        (['number', 'expiry', 'cvc'] as const).filter((f) => !complete.current[f]).map((f): CardErrorFlag => CARD_ERROR_FLAG[f]),
      async confirm(clientSecret, billing) {
        const card = elements.getElement(CardNumberElement);
        if (!card) return { status: 'failed', errorCode: 'incomplete_number' };
        const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: billing },
        });
        if (error) {
          return { status: 'failed', errorCode: error.code, declineCode: error.decline_code ?? null, message: error.message };
        }
        // A place on request: the card is authorised and held (manual capture) until the host answers.
        if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'requires_capture') return { status: paymentIntent.status };
        return { status: 'failed' };
      },
    });
  }, [stripe, elements, onPort]);

  const onChange = (field: CardField) => (event: StripeElementChangeEvent) => {
    complete.current[field] = event.complete;
    dispatch(cardFieldChanged({ field, error: !event.complete }));
  };
  const shown = (field: CardField) => submitted && errors.includes(CARD_ERROR_FLAG[field]);

  return (
    <div>
      <div className={styles.box}>
        <div className={`${styles.field} ${shown('number') ? styles.invalid : ''}`}>
          <span className={styles.elementLabel}>Card number</span>
          <CardNumberElement options={ELEMENT_OPTIONS} onChange={onChange('number')} className={styles.element} />
        </div>
        <div className={styles.row}>
          <div className={`${styles.field} ${shown('expiry') ? styles.invalid : ''}`}>
            <span className={styles.elementLabel}>Expiration</span>
            <CardExpiryElement options={ELEMENT_OPTIONS} onChange={onChange('expiry')} className={styles.element} />
          </div>
          <div className={`${styles.field} ${shown('cvc') ? styles.invalid : ''}`}>
            <span className={styles.elementLabel}>CVC</span>
            <CardCvcElement options={ELEMENT_OPTIONS} onChange={onChange('cvc')} className={styles.element} />
          </div>
        </div>
      </div>
      <ul className={styles.errors}>
        {(['number', 'expiry', 'cvc'] as const).filter(shown).map((field) => (
          <li key={field}>{CARD_ERROR_MESSAGES[CARD_ERROR_FLAG[field]]}</li>
        ))}
      </ul>
    </div>
  );
}

export default function StripeCardForm({ publishableKey, onPort }: { publishableKey: string; onPort: (port: CardPort) => void }) {
  const [unavailable, setUnavailable] = useState(false);
  const stripePromise = useMemo(
    () =>
      loadStripe(publishableKey).catch((error: unknown): Stripe | null => {
        // The loader's own error ('Failed to load Stripe.js') is for developers; say it plainly.
        console.error(error);
        setUnavailable(true);
        return null;
      }),
    [publishableKey],
  );
  if (unavailable) {
    return (
      <p role="alert" className={styles.unavailable}>
        {STRIPE_UNAVAILABLE_MESSAGE}
      </p>
    );
  }
  return (
    <Elements stripe={stripePromise}>
      <StripeFields onPort={onPort} />
    </Elements>
  );
}
