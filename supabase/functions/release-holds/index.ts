// release-holds: expires the requests no host answered in time and gives back every held card
// whose request ended (declined, expired, withdrawn) that the processor has not yet released.
//
// For the server only (the service role key, as a scheduler sends it): the local backend calls it
// every BOOKING_TIMER_SECONDS (backend/src/bookings.ts), a hosted project from pg_cron. The
// expiry is expire_booking_requests (the database decides, under each booking's lock, so a host's
// accept at the same moment either happened first or finds the request expired); the release of
// each hold is the processor's cancel of its intent, then record_hold_released. A release that
// fails stays listed for the next run.
//
// Body: {}
// Answer: { expired, released, failed }
import { requiredEnv } from '../_shared/env.ts';
import { jsonResponse, postHandler, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor } from '../_shared/processor.ts';
import type { PaymentsRow } from '../_shared/rows.ts';
import { serviceRest, withRetries } from '../_shared/supabase.ts';

type HoldRow = Pick<PaymentsRow, 'id' | 'stripe_payment_intent_id'>;

const handler = postHandler(async (req) => {
  if (req.headers.get('Authorization') !== `Bearer ${requiredEnv('SUPABASE_SERVICE_ROLE_KEY')}`) {
    throw new Refusal(401, 'not_the_server', 'Only the server releases holds.');
  }
  const expired = await withRetries(() => serviceRest<number>('rpc/expire_booking_requests', { method: 'POST', body: {} }));
  const holds = await serviceRest<HoldRow[]>('rpc/take_holds_to_release', { method: 'POST', body: {} });
  const payments = processor();
  let released = 0;
  let failed = 0;
  for (const hold of holds) {
    try {
      const intent = await payments.retrieve(hold.stripe_payment_intent_id);
      if (intent) await payments.release(intent);
      await serviceRest('rpc/record_hold_released', { method: 'POST', body: { p_payment_id: hold.id } });
      released += 1;
    } catch (error) {
      console.error(`release-holds: the hold of payment ${hold.id} is still to release`, error);
      failed += 1;
    }
  }
  return jsonResponse({ expired, released, failed });
});

export default handler;
serveOnDeno(handler);
