// cancel-booking: the traveller cancels a trip they paid for, and gets back what the listing's
// policy gives.
//
// The trip is read as the caller (RLS: only their own payments, and only their session's on the
// shared guest account), so someone else's trip is simply not found. What is given back is the
// cancellation rule (shared/src/rules/cancellation.ts, through its generated copy) applied to the
// policy the payment was made under, the amount charged, when it was paid and its check-in day.
// Then, in this order:
//   1. begin_booking_cancellation marks the booking cancelled (its nights are free at once) and
//      records the refund owed, once: under the payment's row lock, a trip already cancelled
//      answers as it is, so 50 concurrent requests make one decision.
//   2. The refund at the processor (test processor or Stripe), with an idempotency key made of
//      the payment id: every retry, concurrent or after a crash, asks for the same refund. (A
//      stay accepted a moment ago may still hold its card uncaptured: it is captured first.)
//   3. record_cancellation_refund keeps the processor's refund id.
// A failure at 2 or 3 leaves the trip cancelled with its refund owed, and says so (502): calling
// again pays it. Nothing here ever refunds more than the one refund the decision owes.
// A request the host has not answered yet (its card only held, payment 'authorised') is withdrawn
// instead: cancel_booking_request, then the hold is released (nothing was taken, nothing is
// refunded); a release that failed is left to release-holds. One that has ended is answered 409
// request_ended.
//
// Body: { paymentId }
// Answer: { cancellation: { paymentId, reservationCode, cancelledAt, refundAmount (USD),
//           refundId, refund: 'refunded' | 'none' } }
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor } from '../_shared/processor.ts';
import { sendOwedRefund } from '../_shared/refunds.ts';
import type { PaymentsRow } from '../_shared/rows.ts';
import { cancellationTerms } from '../_shared/rules.ts';
import { callerRest, requireUser, RestCallError, serviceRest, withRetries } from '../_shared/supabase.ts';

const COLUMN_LIST = [
  'id',
  'amount',
  'user_id',
  'startDate',
  'created_at',
  'stripe_payment_intent_id',
  'cancellation_policy',
  'cancelled_at',
  'refund_amount',
  'refund_id',
  'status',
  'booking_id',
] as const;
const COLUMNS = COLUMN_LIST.join(',');
type PaymentRow = Pick<PaymentsRow, (typeof COLUMN_LIST)[number]>;
const RAISED = 'P0001';
const ILLEGAL = '55000';
const MAX_PAYMENT_ID_LENGTH = 200;

const notFound = () => new Refusal(404, 'trip_not_found', 'No such trip.');
const requestEnded = () => new Refusal(409, 'request_ended', 'This request has ended (declined, expired or withdrawn): nothing was charged.');
const started = () => new Refusal(409, 'stay_started', 'This stay has already begun, so it can no longer be cancelled.');

const cents = (usd: number | string) => Math.round(Number(usd) * 100);

function one(row: PaymentRow | PaymentRow[]): PaymentRow {
  return Array.isArray(row) ? row[0]! : row;
}

function answer(payment: PaymentRow): Response {
  const refundCents = cents(payment.refund_amount ?? 0);
  return jsonResponse({
    cancellation: {
      paymentId: payment.id,
      reservationCode: payment.id.split('-', 1)[0],
      cancelledAt: payment.cancelled_at,
      refundAmount: refundCents / 100,
      refundId: payment.refund_id,
      refund: refundCents > 0 ? 'refunded' : 'none',
    },
  });
}

/** Step 1: the one decision, or the refusal its hint names. */
async function begin(payment: PaymentRow, userId: string, refundCents: number): Promise<PaymentRow> {
  try {
    return one(
      await withRetries(() =>
        serviceRest<PaymentRow | PaymentRow[]>('rpc/begin_booking_cancellation', {
          method: 'POST',
          body: { p_payment_id: payment.id, p_user_id: userId, p_refund_cents: refundCents },
        }),
      ),
    );
  } catch (error) {
    if (error instanceof RestCallError && error.error.code === RAISED) {
      if (error.error.hint === 'trip_not_found') throw notFound();
      if (error.error.hint === 'stay_started') throw started();
    }
    if (error instanceof RestCallError && error.error.code === ILLEGAL) throw requestEnded();
    throw error;
  }
}

/** A request withdrawn by its traveller: the event, then the hold given back. */
async function withdraw(payment: PaymentRow, bookingId: number, userId: string): Promise<Response> {
  try {
    await withRetries(() =>
      serviceRest('rpc/cancel_booking_request', { method: 'POST', body: { p_booking_id: bookingId, p_traveller: userId } }),
    );
  } catch (error) {
    if (error instanceof RestCallError && error.error.code === ILLEGAL) {
      throw new Refusal(409, 'request_answered', 'The host has answered this request meanwhile.');
    }
    throw error;
  }
  try {
    const intent = await processor().retrieve(payment.stripe_payment_intent_id);
    if (intent) await processor().release(intent);
    await serviceRest('rpc/record_hold_released', { method: 'POST', body: { p_payment_id: payment.id } });
  } catch (error) {
    console.error(`cancel-booking: the hold of ${payment.id} is still to release`, error);
  }
  return answer({ ...payment, cancelled_at: new Date().toISOString(), refund_amount: 0 });
}

const handler = postHandler(async (req) => {
  const user = await requireUser(req);
  const body = await readJsonObject(req);
  const paymentId = body.paymentId;
  if (typeof paymentId !== 'string' || paymentId === '' || paymentId.length > MAX_PAYMENT_ID_LENGTH) {
    throw new Refusal(400, 'invalid_trip', 'paymentId must name a trip.');
  }

  const [found] = await callerRest<PaymentRow[]>(user, `Payments?select=${COLUMNS}&id=eq.${encodeURIComponent(paymentId)}`);
  if (!found) throw notFound();

  if (found.status === 'authorised' && found.booking_id !== null) return withdraw(found, found.booking_id, user.id);
  if (found.status === 'released') throw requestEnded();

  let payment = found;
  if (payment.cancelled_at === null) {
    // The column's check constraint holds it to the three policies (its generated row type says so).
    const terms = cancellationTerms({
      policy: payment.cancellation_policy,
      chargedCents: cents(payment.amount),
      bookedAt: new Date(payment.created_at),
      startDate: payment.startDate,
      now: new Date(),
    });
    if (!terms.cancellable) throw started();
    payment = await begin(payment, user.id, terms.refundCents);
  }

  const owed = cents(payment.refund_amount ?? 0);
  if (owed > 0 && payment.refund_id === null) {
    try {
      payment = one(await sendOwedRefund<PaymentRow>(payment, owed));
    } catch (error) {
      console.error(`cancel-booking: the refund of ${payment.id} is owed`, error);
      throw new Refusal(
        502,
        'refund_pending',
        'Your trip is cancelled, but the refund could not be sent yet. Please try again in a moment.',
      );
    }
  }
  return answer(payment);
});

export default handler;
serveOnDeno(handler);
