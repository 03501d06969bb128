/**
 * The booking page's server calls (accounts spec section 7), as RTK Query endpoints:
 * - the room's booked nights (struck through in the calendar),
 * - whether the place books instantly or on request (room_books_instantly; a traveller may
 *   book a place again for other nights, so the spec's 'already booked' check is gone),
 * - Get booking: the traveller's pending booking of this room, which create-payment-intent
 *   alone writes (from the stay request it is sent), read to resume a trip,
 * - the payment: create-payment-intent and finalize-booking (edge functions with the user's
 *   token), and, in test mode, the built-in test processor's confirm and authentication steps,
 *   called with the intent's client secret as Stripe.js would.
 */
import { api, extraOf, clientOf, functionError, toApiError, type BookingsRow } from 'shared/api';
import type { CancellationPolicy, StayRequest } from 'shared/rules';

export interface CustomerAddress {
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export interface CreateIntentInput {
  /** The stay, the one time it is sent: the server checks it and writes the pending booking. */
  stay: StayRequest;
  customerName: string;
  customerAddress: CustomerAddress;
  idempotencyKey: string;
  /** The total (cents) and cancellation policy the page shows: the server refuses (terms_changed) if they are not its own. */
  shown: { amount: number; policy: CancellationPolicy };
}

export interface CreatedIntent {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  bookingId: number;
  instantBook: boolean;
}

export interface RecordedPayment {
  id: string;
  reservationCode: string;
  amount: number;
  /** 'authorised': a request, the card held until the host answers; 'successful': confirmed. */
  status: 'authorised' | 'successful';
}

/** The test processor's answer to a card step, in Stripe's shape (declines are answers, not failures). */
export interface CardStepResult {
  status: 'succeeded' | 'requires_capture' | 'requires_action' | 'requires_payment_method' | 'failed';
  /** Stripe's error code when the card was refused: card_declined, incorrect_number, ... */
  errorCode?: string;
  declineCode?: string | null;
  message?: string;
}

export interface TestCardInput {
  clientSecret: string;
  card: { number: string; exp_month: number; exp_year: number; cvc: string };
  billingDetails: { name: string; email: string; address: CustomerAddress };
}

function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_', 1)[0] ?? '';
}

async function cardStep(url: string, body: unknown): Promise<CardStepResult> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    status?: CardStepResult['status'];
    error?: { code: string; decline_code?: string | null; message: string };
  };
  if (answer.error) {
    return {
      status: 'failed',
      errorCode: answer.error.code,
      declineCode: answer.error.decline_code ?? null,
      message: answer.error.message,
    };
  }
  return { status: answer.status ?? 'failed' };
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** true: paying confirms the stay ('Confirm and pay'); false: the host is asked ('Request to book'). */
    getInstantBook: build.query<boolean, number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('room_books_instantly', { p_room_id: roomId });
        if (result.error) return { error: toApiError('Error fetching the booking mode:', result.error) };
        return { data: result.data as boolean };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'Rooms', id: roomId }],
    }),

    /** Get booking: the user's pending booking of this room (null when none matches). */
    getPendingBooking: build.query<BookingsRow | null, { userId: string; roomId: number }>({
      async queryFn({ userId, roomId }, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('Bookings')
          .select('*')
          .eq('user_id', userId)
          .eq('room_id', roomId)
          .eq('status', 'pending')
          .order('id', { ascending: false })
          .limit(1);
        if (error) return { error: toApiError('Error fetching booking:', error) };
        return { data: ((data ?? []) as BookingsRow[])[0] ?? null };
      },
      providesTags: (_result, _error, { roomId }) => [{ type: 'Booking', id: roomId }],
    }),

    createPaymentIntent: build.mutation<CreatedIntent, CreateIntentInput>({
      async queryFn(input, queryApi) {
        const result = await (await clientOf(queryApi)).functions.invoke<CreatedIntent>('create-payment-intent', {
          body: {
            stay: input.stay,
            customerName: input.customerName,
            customerAddress: input.customerAddress,
            idempotencyKey: input.idempotencyKey,
            shownAmount: input.shown.amount,
            shownCancellationPolicy: input.shown.policy,
          },
        });
        if (result.error) return { error: await functionError('Error creating payment intent:', result.error) };
        return { data: result.data as CreatedIntent };
      },
      // Made: the pending booking now holds this stay (a page opened later without dates resumes
      // it). Refused because the host changed the price or policy since the page loaded: the
      // page reads the room again and shows the new terms, which a second press then pays.
      invalidatesTags: (result, error, { stay }) =>
        result
          ? [{ type: 'Booking', id: stay.room_id }]
          : error?.code === 'terms_changed'
            ? [{ type: 'Rooms', id: stay.room_id }]
            : [],
    }),

    confirmTestCardPayment: build.mutation<CardStepResult, TestCardInput>({
      async queryFn({ clientSecret, card, billingDetails }, queryApi) {
        const { config } = extraOf(queryApi);
        try {
          const url = `${config.supabaseUrl}/payments/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`;
          return {
            data: await cardStep(url, {
              client_secret: clientSecret,
              payment_method: { card, billing_details: billingDetails },
            }),
          };
        } catch (error) {
          return { error: toApiError('Error confirming card payment:', error as Error) };
        }
      },
    }),

    authenticateTestCardPayment: build.mutation<CardStepResult, { clientSecret: string; approve: boolean }>({
      async queryFn({ clientSecret, approve }, queryApi) {
        const { config } = extraOf(queryApi);
        try {
          const url = `${config.supabaseUrl}/payments/v1/payment_intents/${intentIdOf(clientSecret)}/authenticate`;
          return { data: await cardStep(url, { client_secret: clientSecret, approve }) };
        } catch (error) {
          return { error: toApiError('Error authenticating card payment:', error as Error) };
        }
      },
    }),

    finalizeBooking: build.mutation<RecordedPayment, { paymentIntentId: string; roomId: number }>({
      async queryFn({ paymentIntentId }, queryApi) {
        const result = await (await clientOf(queryApi)).functions.invoke<{ payment: RecordedPayment }>('finalize-booking', {
          body: { paymentIntentId },
        });
        if (result.error) return { error: await functionError('Error recording payment:', result.error) };
        return { data: (result.data as { payment: RecordedPayment }).payment };
      },
      // The room too: a payment refused because the host changed its price or policy since the
      // quote (terms_changed) is paid again at the terms the page then shows.
      invalidatesTags: (_result, _error, { roomId }) => [
        'Trips',
        { type: 'BookedRanges', id: roomId },
        { type: 'Booking', id: roomId },
        { type: 'Rooms', id: roomId },
      ],
    }),
  }),
});

export const {
  useGetInstantBookQuery,
  useGetPendingBookingQuery,
  useCreatePaymentIntentMutation,
  useConfirmTestCardPaymentMutation,
  useAuthenticateTestCardPaymentMutation,
  useFinalizeBookingMutation,
} = checkoutApi;
