/**
 * The refund a cancelled stay owes, sent once: a hold the host's accept has not captured yet is
 * captured first (idempotent), so that there is money to refund; the processor's refund carries
 * the payment's own idempotency key, so the traveller's and the host's cancellation never send it
 * twice; then record_cancellation_refund records it on the payment, whose row it answers. Throws
 * when the processor or the record fails: the caller tells its side the refund is still owed.
 */
import { processor } from './processor.ts';
import type { PaymentsRow } from './rows.ts';
import { serviceRest } from './supabase.ts';

export async function sendOwedRefund<Row>(payment: Pick<PaymentsRow, 'id' | 'stripe_payment_intent_id'>, owedCents: number): Promise<Row | Row[]> {
  const payments = processor();
  const intent = await payments.retrieve(payment.stripe_payment_intent_id);
  if (intent?.status === 'requires_capture') await payments.capture(intent);
  const refund = await payments.refund({
    paymentIntentId: payment.stripe_payment_intent_id,
    amount: owedCents,
    metadata: { cancelled_payment: payment.id },
    idempotencyKey: `cancel-booking-${payment.id}`,
  });
  return serviceRest<Row | Row[]>('rpc/record_cancellation_refund', {
    method: 'POST',
    body: { p_payment_id: payment.id, p_refund_id: refund.id },
  });
}
