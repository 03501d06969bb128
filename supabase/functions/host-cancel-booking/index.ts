// host-cancel-booking: the host cancels a confirmed stay of one of their places (the lifecycle's
// cancel_by_host), and the traveller gets everything back, whatever the listing's policy.
//
// As cancel-booking, two server steps around the refund at the processor:
//   1. begin_host_cancellation decides once, under the booking's lock: only the room's host, only
//      a confirmed stay before its check-in day; the stay is cancelled (its nights free at once)
//      and the whole amount is recorded as owed.
//   2. The refund, with the idempotency key cancel-booking uses for the same payment, so that the
//      traveller's and the host's cancellations can never both refund; then
//      record_cancellation_refund keeps the processor's refund id.
// A failure at 2 leaves the stay cancelled with its refund owed, and says so (502): the host's
// next call (the stay already cancelled by them) pays it.
//
// Body: { bookingId }
// Answer: { cancellation: { bookingId, paymentId, refundAmount (USD), refundId } }
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { sendOwedRefund } from '../_shared/refunds.ts';
import type { PaymentsRow } from '../_shared/rows.ts';
import { requireUser, RestCallError, serviceRest, withRetries } from '../_shared/supabase.ts';

type PaymentRow = Pick<PaymentsRow, 'id' | 'amount' | 'stripe_payment_intent_id' | 'refund_amount' | 'refund_id' | 'cancelled_at'>;

const NOT_YOURS = '42501';
const ILLEGAL = '55000';
const RAISED = 'P0001';

const notFound = () => new Refusal(404, 'reservation_not_found', 'No such reservation of a place of yours.');

function one(row: PaymentRow | PaymentRow[] | null): PaymentRow | null {
  return Array.isArray(row) ? (row[0] ?? null) : row;
}

/** A stay this host cancelled before whose refund is still owed (a retry of step 2), or null. */
async function owedByHost(bookingId: number, hostId: string): Promise<PaymentRow | null> {
  const [event] = await serviceRest<unknown[]>(
    `booking_events?select=id&booking_id=eq.${bookingId}&event=eq.cancel_by_host&actor=eq.${encodeURIComponent(hostId)}`,
  );
  if (!event) return null;
  const [payment] = await serviceRest<PaymentRow[]>(
    `Payments?select=id,amount,stripe_payment_intent_id,refund_amount,refund_id,cancelled_at&booking_id=eq.${bookingId}`,
  );
  return payment ?? null;
}

const handler = postHandler(async (req) => {
  const host = await requireUser(req);
  const body = await readJsonObject(req);
  const bookingId = body.bookingId;
  if (typeof bookingId !== 'number' || !Number.isSafeInteger(bookingId)) {
    throw new Refusal(400, 'invalid_reservation', 'bookingId must name a reservation.');
  }

  let payment: PaymentRow | null;
  try {
    payment = one(
      await withRetries(() =>
        serviceRest<PaymentRow | PaymentRow[] | null>('rpc/begin_host_cancellation', {
          method: 'POST',
          body: { p_booking_id: bookingId, p_host: host.id },
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof RestCallError)) throw error;
    if (error.error.code === NOT_YOURS) throw notFound();
    if (error.error.code === RAISED && error.error.hint === 'stay_started') {
      throw new Refusal(409, 'stay_started', 'This stay has already begun, so it can no longer be cancelled.');
    }
    if (error.error.code !== ILLEGAL) throw error;
    payment = await owedByHost(bookingId, host.id);
    if (!payment) throw new Refusal(409, 'not_cancellable', 'Only a confirmed stay can be cancelled.');
  }
  if (!payment) throw new Refusal(409, 'not_cancellable', 'This stay has no payment to give back.');

  const owed = Math.round(Number(payment.refund_amount ?? 0) * 100);
  if (owed > 0 && payment.refund_id === null) {
    try {
      payment = one(await sendOwedRefund<PaymentRow>(payment, owed))!;
    } catch (error) {
      console.error(`host-cancel-booking: the refund of ${payment.id} is owed`, error);
      throw new Refusal(502, 'refund_pending', 'The stay is cancelled, but the refund could not be sent yet. Please try again in a moment.');
    }
  }
  return jsonResponse({
    cancellation: { bookingId, paymentId: payment.id, refundAmount: owed / 100, refundId: payment.refund_id },
  });
});

export default handler;
serveOnDeno(handler);
