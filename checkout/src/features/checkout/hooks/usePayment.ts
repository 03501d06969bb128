/**
 * The payment flow of the booking page (accounts spec sections 4 and 8): idle, processing,
 * success or error.
 *
 * Request to book: the card is checked first (incomplete fields raise the banner, scroll to
 * the top and stop); then the server prices the stay and opens an intent, the card confirms
 * it, and finalize-booking records the payment. A submit while one is running is ignored, and
 * every request for the same trip carries the same idempotency key, so a double click pays
 * once. After 'Payment successful!' (or, for a place on request, whose card is only held until
 * the host answers, 'Request sent') the page goes to /trips after 3 s.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'shared/router';
import { nanoid } from '@reduxjs/toolkit';
import type { ApiError } from 'shared/api';
import { REDIRECT_DELAY_MS, type CancellationPolicy, type StayRequest } from 'shared/rules';
import { cardDeclined, cardSubmitted, showToast } from 'shared/state';
import { useAppDispatch } from 'shared/store';
import { useCreatePaymentIntentMutation, useFinalizeBookingMutation, type CardStepResult } from '../api';
import type { BillingDetails, CardPort } from './cardPort';

export type PaymentStatus = 'idle' | 'processing' | 'success' | 'error';

export const PAYMENT_MESSAGES = {
  success: 'Payment successful!',
  requested: 'Request sent! The host has 24 hours to answer; your card is held, not charged.',
  anyError: 'Payment failed, please try again',
  declined: 'Your payment was declined check your card details',
  notSucceeded: 'Payment failed. Please try again.',
} as const;

/** Processor answers that mean "this card was refused": the user should check or change it. */
const CARD_REFUSALS = new Set([
  'card_declined',
  'incorrect_number',
  'invalid_number',
  'incorrect_cvc',
  'invalid_cvc',
  'expired_card',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'payment_intent_authentication_failure',
]);

export interface PaymentRequest {
  /** The room and the trip, as the one stay request create-payment-intent is sent. */
  stay: StayRequest;
  billing: BillingDetails;
  /** The total (cents) and cancellation policy the page shows, which the server checks. */
  shown: { amount: number; policy: CancellationPolicy };
}

export function usePayment(port: CardPort | null) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createIntent] = useCreatePaymentIntentMutation();
  const [finalize] = useFinalizeBookingMutation();
  const [status, setStatus] = useState<PaymentStatus>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [reservationCode, setReservationCode] = useState<string | null>(null);
  /** The last press was refused because the price or policy changed (terms_changed). */
  const [termsChanged, setTermsChanged] = useState(false);
  const submitting = useRef(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  useEffect(() => {
    if (status !== 'success') return undefined;
    const timer = setTimeout(() => void navigate('/trips'), REDIRECT_DELAY_MS.paymentToTrips);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  /** One key per trip and payer: retries of the same request answer the same intent. */
  const idempotencyKey = (request: PaymentRequest): string => {
    // The shown terms too: a quote at a new price is a new intent, never an old one replayed.
    const signature = JSON.stringify([request.stay, request.billing, request.shown]);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: nanoid() };
    return attempt.current.key;
  };

  const fail = (text: string, declined = false) => {
    if (declined) dispatch(cardDeclined());
    dispatch(showToast({ kind: 'error', message: text }));
    setMessage(text);
    setStatus('error');
  };

  const pay = useCallback(
    async (request: PaymentRequest) => {
      if (submitting.current || port === null) return;
      const errors = port.check();
      dispatch(cardSubmitted(errors));
      if (errors.length > 0) {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      submitting.current = true;
      setStatus('processing');
      setMessage(null);
      setTermsChanged(false);
      let succeeded = false;
      try {
        const intent = await createIntent({
          stay: request.stay,
          customerName: request.billing.name,
          customerAddress: request.billing.address,
          idempotencyKey: idempotencyKey(request),
          shown: request.shown,
        }).unwrap();

        let card: CardStepResult;
        try {
          card = await port.confirm(intent.clientSecret, request.billing);
        } catch (error) {
          console.error('Error confirming card payment:', error);
          fail(PAYMENT_MESSAGES.anyError);
          return;
        }
        if (card.status !== 'succeeded' && card.status !== 'requires_capture') {
          if (card.errorCode !== undefined && CARD_REFUSALS.has(card.errorCode)) fail(PAYMENT_MESSAGES.declined, true);
          else fail(PAYMENT_MESSAGES.notSucceeded);
          return;
        }

        const payment = await finalize({ paymentIntentId: intent.paymentIntentId, roomId: request.stay.room_id }).unwrap();
        succeeded = true;
        setReservationCode(payment.reservationCode);
        setStatus('success');
        const told = payment.status === 'authorised' ? PAYMENT_MESSAGES.requested : PAYMENT_MESSAGES.success;
        setMessage(told);
        dispatch(showToast({ kind: 'success', message: told }));
      } catch (error) {
        const apiError = error as ApiError;
        setTermsChanged(apiError.code === 'terms_changed');
        // 409: the dates cannot be booked (taken, past); the server says which, and whether
        // money was given back. Too many guests for the place: the server says its capacity.
        if (apiError.status === 409 || apiError.code === 'too_many_guests') fail(apiError.message);
        else if (apiError.status === 402) fail(PAYMENT_MESSAGES.notSucceeded);
        else fail(PAYMENT_MESSAGES.anyError);
      } finally {
        // The submit reference is reset after a failure, so the user can try again.
        if (!succeeded) submitting.current = false;
      }
    },
    // idempotencyKey and fail only touch refs, dispatch and state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
    [port, createIntent, finalize, dispatch],
  );

  return { status, message, reservationCode, termsChanged, pay };
}
