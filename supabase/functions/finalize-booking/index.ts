// finalize-booking: after the card step, records the payment and confirms the booking.
//
// The page only says which intent it paid; everything else is read from the processor. Only an
// intent the processor reports as succeeded is recorded, by confirm_booking_payment, which
// inserts the Payments row and confirms the booking in one transaction and answers the row
// already recorded when called again for the same intent. If the nights were taken meanwhile
// (another confirmed stay overlaps, the database's exclusion constraint), the money is given
// back (the intent cancelled, or refunded if already captured) and the user is told (409).
//
// Body: { paymentIntentId }
// Answer: { payment: { id, reservationCode, amount, roomId, startDate, endDate } }
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor } from '../_shared/processor.ts';
import { requireUser, RestCallError, serviceRest, type BookingRow } from '../_shared/supabase.ts';

interface PaymentRow {
  id: string;
  amount: number;
  room_id: number;
  startDate: string;
  endDate: string;
}

const EXCLUSION_VIOLATION = '23P01';

const handler = postHandler(async (req) => {
  const user = await requireUser(req);
  const body = await readJsonObject(req);
  const intentId = body.paymentIntentId;
  if (typeof intentId !== 'string' || intentId === '') {
    throw new Refusal(400, 'invalid_intent', 'paymentIntentId is required.');
  }

  const payments = processor();
  const intent = await payments.retrieve(intentId);
  if (!intent || intent.metadata.user_id !== user.id) {
    throw new Refusal(404, 'intent_not_found', 'No such payment.');
  }
  if (intent.status !== 'succeeded') {
    throw new Refusal(402, 'payment_not_succeeded', 'Payment failed. Please try again.');
  }

  const meta = intent.metadata;
  const bookingId = Number(meta.booking_id);
  // The draft may have been edited in another tab after this intent was made: the payment is for
  // the stay it priced, so a still-pending booking is brought back to it first.
  const [booking] = await serviceRest<BookingRow[]>(`Bookings?select=*&id=eq.${bookingId}`);
  if (
    booking &&
    booking.status === 'pending' &&
    (booking.startDate !== meta.start_date || booking.endDate !== meta.end_date)
  ) {
    await serviceRest(`Bookings?id=eq.${bookingId}&status=eq.pending`, {
      method: 'PATCH',
      body: {
        startDate: meta.start_date,
        endDate: meta.end_date,
        numOfDays: Number(meta.nights),
        adults: Number(meta.adults),
        children: Number(meta.children),
        infants: Number(meta.infants),
        pets: Number(meta.pets),
      },
    });
  }

  let payment: PaymentRow;
  try {
    const recorded = await serviceRest<PaymentRow | PaymentRow[]>('rpc/confirm_booking_payment', {
      method: 'POST',
      body: {
        p_booking_id: bookingId,
        p_stripe_payment_intent_id: intent.id,
        p_amount: intent.amount_received / 100,
        p_customer_name: meta.customer_name ?? '',
        p_address: meta.address ? (JSON.parse(meta.address) as unknown) : null,
      },
    });
    payment = Array.isArray(recorded) ? recorded[0]! : recorded;
  } catch (error) {
    if (error instanceof RestCallError && error.error.code === EXCLUSION_VIOLATION) {
      await payments.release(intent);
      throw new Refusal(
        409,
        'dates_unavailable',
        'Sorry, these dates were just booked by someone else. Your payment has been cancelled.',
      );
    }
    throw error;
  }

  return jsonResponse({
    payment: {
      id: payment.id,
      reservationCode: payment.id.split('-', 1)[0],
      amount: Number(payment.amount),
      roomId: payment.room_id,
      startDate: payment.startDate,
      endDate: payment.endDate,
    },
  });
});

export default handler;
serveOnDeno(handler);
