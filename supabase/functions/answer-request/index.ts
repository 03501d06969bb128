// answer-request: the host accepts or declines a request to book one of their places.
//
// The database decides first, then the money moves (the hold is the traveller's card, authorised
// when they requested, see finalize-booking):
//   accept   accept_booking_request (only the room's host, only a request not yet expired, once:
//            under the booking's lock, of an accept, a decline, the expiry and the traveller's
//            withdrawal only the first happens) confirms the stay; then the hold is captured,
//            with an idempotency key of the intent, so a retry captures once. A capture that
//            failed is tried again by the next accept of the same booking (it answers the stay as
//            confirmed and captures what is still held).
//   decline  decline_booking_request, then the hold is released (the intent cancelled) and
//            record_hold_released notes it; a release that failed is left to release-holds.
//
// Body: { bookingId, answer: 'accept' | 'decline' }
// Answer: { booking: { id, status } }  (status 'confirmed' or 'declined')
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor } from '../_shared/processor.ts';
import type { PaymentsRow } from '../_shared/rows.ts';
import { requireUser, RestCallError, serviceRest, withRetries } from '../_shared/supabase.ts';

type HoldRow = Pick<PaymentsRow, 'id' | 'status' | 'stripe_payment_intent_id'>;

const ILLEGAL = '55000';
const NOT_YOURS = '42501';

function one<T>(row: T | T[] | null): T | null {
  return Array.isArray(row) ? (row[0] ?? null) : row;
}

/** The event, as the host; the database's refusal as the answer the host sees. */
async function answerAs(hostId: string, bookingId: number, answer: 'accept' | 'decline'): Promise<HoldRow | null> {
  try {
    return one(
      await withRetries(() =>
        serviceRest<HoldRow | HoldRow[] | null>(`rpc/${answer}_booking_request`, {
          method: 'POST',
          body: { p_booking_id: bookingId, p_host: hostId },
        }),
      ),
    );
  } catch (error) {
    if (error instanceof RestCallError && error.error.code === NOT_YOURS) {
      throw new Refusal(404, 'request_not_found', 'No such request for a place of yours.');
    }
    if (error instanceof RestCallError && error.error.code === ILLEGAL) {
      if (error.error.hint === 'request_expired') throw new Refusal(409, 'request_expired', 'This request has expired.');
      throw new Refusal(409, 'request_answered', 'This request was already answered, withdrawn or expired.');
    }
    throw error;
  }
}

/** The booking's payment if it is its confirmed stay's and its hold is still to capture (a retried accept). */
async function uncaptured(bookingId: number): Promise<HoldRow | null> {
  const [row] = await serviceRest<Array<HoldRow & { Bookings: { status: string } }>>(
    `Payments?select=id,status,stripe_payment_intent_id,Bookings!inner(status)&booking_id=eq.${bookingId}&Bookings.status=eq.confirmed&status=eq.successful`,
  );
  if (!row) return null;
  const intent = await processor().retrieve(row.stripe_payment_intent_id);
  return intent?.status === 'requires_capture' ? row : null;
}

const handler = postHandler(async (req) => {
  const host = await requireUser(req);
  const body = await readJsonObject(req);
  const bookingId = body.bookingId;
  const answer = body.answer;
  if (typeof bookingId !== 'number' || !Number.isSafeInteger(bookingId) || (answer !== 'accept' && answer !== 'decline')) {
    throw new Refusal(400, 'invalid_answer', "bookingId must name a request and answer be 'accept' or 'decline'.");
  }

  let hold: HoldRow | null;
  try {
    hold = await answerAs(host.id, bookingId, answer);
  } catch (error) {
    // An accept whose capture failed before: the stay is confirmed, its hold still to capture.
    const retry = answer === 'accept' && error instanceof Refusal && error.code === 'request_answered';
    const pending = retry ? await uncaptured(bookingId) : null;
    if (!pending) throw error;
    hold = pending;
  }

  const payments = processor();
  const intent = hold ? await payments.retrieve(hold.stripe_payment_intent_id) : null;
  if (answer === 'accept') {
    if (intent) {
      try {
        await payments.capture(intent);
      } catch (error) {
        console.error(`answer-request: the capture of booking ${bookingId} failed`, error);
        throw new Refusal(502, 'capture_pending', 'The stay is confirmed, but the payment could not be taken yet. Please accept again in a moment.');
      }
    }
    return jsonResponse({ booking: { id: bookingId, status: 'confirmed' } });
  }
  if (intent && hold) {
    try {
      await payments.release(intent);
      await serviceRest('rpc/record_hold_released', { method: 'POST', body: { p_payment_id: hold.id } });
    } catch (error) {
      // release-holds gives it back on its next run.
      console.error(`answer-request: the hold of booking ${bookingId} is still to release`, error);
    }
  }
  return jsonResponse({ booking: { id: bookingId, status: 'declined' } });
});

export default handler;
serveOnDeno(handler);
