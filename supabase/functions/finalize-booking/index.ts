// finalize-booking: after the card step, records the payment and confirms the booking, or, for a
// listing on request, records the held card and sends the request to the host.
//
// The page only says which intent it paid; everything else is read from the processor. Only an
// intent the processor reports as succeeded (or, held for a request, requires_capture) is recorded, by confirm_booking_payment, which is
// given the stay request the intent was made for (whole, as create-payment-intent read it) and
// its amount, and confirms exactly that stay (whatever the pending booking was changed to
// meanwhile), inserting the Payments row in the same transaction; it
// answers the row already recorded when called again for the same intent. A deadlock or
// serialization failure is retried. Any other failure gives the money back (the intent
// refunded, or cancelled if not captured) after mark_payment_released has recorded the release
// (so a released intent is never recorded later, and a recorded one never released), and the
// user is told: 409 when the nights were taken, the booking changed, or the room's price or
// cancellation policy is no longer the one the intent was quoted at (terms_changed: the stay is
// never recorded under terms the traveller was not shown), 500 otherwise.
//
// Body: { paymentIntentId }
// Answer: { payment: { id, reservationCode, amount, roomId, startDate, endDate, status } }
// (status 'successful' for a confirmed stay, 'authorised' for a request awaiting the host)
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor, type Intent } from '../_shared/processor.ts';
import type { PaymentsRow } from '../_shared/rows.ts';
import { requireUser, RestCallError, serviceRest, withRetries } from '../_shared/supabase.ts';

type PaymentRow = Pick<PaymentsRow, 'id' | 'amount' | 'room_id' | 'startDate' | 'endDate' | 'status'>;

const EXCLUSION_VIOLATION = '23P01';
const RAISED = 'P0001';

/** What the user is told when the payment was given back, by confirm_booking_payment's hint. */
const RELEASED_BECAUSE: Record<string, [code: string, message: string]> = {
  dates_unavailable: ['dates_unavailable', 'Sorry, these dates were just booked by someone else.'],
  payment_released: ['payment_released', 'This payment was already given back.'],
  booking_changed: ['booking_changed', 'Your booking changed before the payment was recorded.'],
  stay_out_of_bounds: ['booking_changed', 'These dates can no longer be booked.'],
  guests_out_of_bounds: ['booking_changed', 'This place has no room for these guests.'],
  amount_mismatch: ['terms_changed', 'The price of this stay changed before the payment was recorded.'],
  terms_changed: ['terms_changed', "The host changed this place's cancellation policy before the payment was recorded."],
};

function paymentAnswer(payment: PaymentRow): Response {
  return jsonResponse({
    payment: {
      id: payment.id,
      reservationCode: payment.id.split('-', 1)[0],
      amount: Number(payment.amount),
      roomId: payment.room_id,
      startDate: payment.startDate,
      endDate: payment.endDate,
      status: payment.status,
    },
  });
}

/** The intent's stay request, or null when it has none that reads (refused: stay_out_of_bounds). */
function stayOf(meta: Record<string, string>): unknown {
  try {
    return meta.stay ? (JSON.parse(meta.stay) as unknown) : null;
  } catch {
    return null;
  }
}

const held = (intent: Intent) => intent.status === 'requires_capture';

function confirm(intent: Intent): Promise<PaymentRow | PaymentRow[]> {
  const meta = intent.metadata;
  return serviceRest<PaymentRow | PaymentRow[]>('rpc/confirm_booking_payment', {
    method: 'POST',
    body: {
      p_booking_id: Number(meta.booking_id),
      p_stripe_payment_intent_id: intent.id,
      // A held card has received nothing yet: what it holds is the amount.
      p_amount_cents: held(intent) ? intent.amount : intent.amount_received,
      p_held: held(intent),
      p_user_id: meta.user_id,
      // public.stay_request, read from the JSON object field by field.
      p_stay: stayOf(meta),
      // The quoted policy (null for an intent made without one: refused, terms_changed).
      p_cancellation_policy: meta.cancellation_policy ?? null,
      p_customer_name: meta.customer_name ?? '',
      p_address: meta.address ? (JSON.parse(meta.address) as unknown) : null,
    },
  });
}

/** Why confirming failed, as a key of RELEASED_BECAUSE, or null for an unexpected failure. */
function refusalReason(error: unknown): string | null {
  if (!(error instanceof RestCallError)) return null;
  if (error.error.code === EXCLUSION_VIOLATION) return 'dates_unavailable';
  if (error.error.code === RAISED && error.error.hint && error.error.hint in RELEASED_BECAUSE) return error.error.hint;
  return null;
}

const handler = postHandler(async (req) => {
  const user = await requireUser(req);
  const body = await readJsonObject(req);
  const intentId = body.paymentIntentId;
  if (typeof intentId !== 'string' || intentId === '') {
    throw new Refusal(400, 'invalid_intent', 'paymentIntentId is required.');
  }

  const payments = processor();
  const intent = await payments.retrieve(intentId);
  // An intent of the shared guest account belongs to the session that made it.
  const sessionId = intent?.metadata.session_id ?? '';
  if (!intent || intent.metadata.user_id !== user.id || (sessionId !== '' && sessionId !== user.sessionId)) {
    throw new Refusal(404, 'intent_not_found', 'No such payment.');
  }
  if (intent.status !== 'succeeded' && !held(intent)) {
    throw new Refusal(402, 'payment_not_succeeded', 'Payment failed. Please try again.');
  }

  let failure: unknown;
  try {
    const recorded = await withRetries(() => confirm(intent));
    return paymentAnswer(Array.isArray(recorded) ? recorded[0]! : recorded);
  } catch (error) {
    failure = error;
  }

  const reason = refusalReason(failure);
  const released = await serviceRest<boolean>('rpc/mark_payment_released', {
    method: 'POST',
    body: { p_stripe_payment_intent_id: intent.id, p_reason: reason ?? 'error' },
  });
  if (!released) {
    // The failure came after the payment was recorded (e.g. a lost answer): that is the result.
    const [payment] = await serviceRest<PaymentRow[]>(
      `Payments?select=id,amount,room_id,startDate,endDate,status&stripe_payment_intent_id=eq.${encodeURIComponent(intent.id)}`,
    );
    if (!payment) throw new Error(`finalize-booking: intent ${intent.id} is recorded but its payment is not found`);
    return paymentAnswer(payment);
  }
  await payments.release(intent);
  if (reason === null) {
    console.error('finalize-booking: payment released after an unexpected error', failure);
    throw new Refusal(500, 'payment_not_recorded', 'Sorry, your booking could not be recorded. Your payment has been refunded.');
  }
  const [code, message] = RELEASED_BECAUSE[reason]!;
  throw new Refusal(409, code, `${message} Your payment has been refunded.`);
});

export default handler;
serveOnDeno(handler);
