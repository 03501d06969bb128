// create-payment-intent: prices a stay on the server, holds it as the traveller's pending booking
// and opens a payment intent for it.
//
// Needs a signed-in caller. The stay arrives once, as one value (the rules' StayRequest: room,
// check-in, check-out, adults, children, infants, pets), read by readStayRequest, the shared rule
// generated into _shared/rules.ts: refused when it is not one (400 invalid_room, invalid_dates,
// invalid_guests), for past, reversed or already booked dates (409) and for stays beyond the
// booking calendar or over 90 nights (400); guests above the room's capacity are refused too
// (400 too_many_guests). Only its own fields are kept, whatever else the object holds.
// The amount is the total of the stay's quote (the database's quote_stay, the one price rule,
// which the page showed and the confirmation checks the charge against again).
// The page sends the total (cents) and the cancellation policy it shows, only to be compared:
// when either is not what the server computes (the host changed the price or the policy since
// the page loaded), no booking or intent is made and the traveller is told (409 terms_changed),
// so nobody is charged a total they were not shown. A request without them, or with anything but
// a whole number of cents and a known policy, is refused
// (400 invalid_shown_terms): the page is their only client.
// The user's pending booking of this room (the one row the page resumes a trip from) is brought
// to the requested stay, or created, by this function alone, as the user (RLS and the column
// grants apply, so only the traveller's own fields are written), with the guest line the rules
// derive from the counts. Its id and the stay travel in the intent's metadata (the stay as one
// JSON value) for finalize-booking, with the listing's cancellation policy: the intent is the
// quote, and finalize-booking records it only while the room's price and policy are still the
// quoted ones (otherwise it gives the money back). An idempotency key from the page makes a
// repeated request (double click, retry) answer the same intent.
// A listing on request (room_books_instantly false) gets an intent with manual capture: paying
// only authorises the card, which stays held until the host answers (answer-request).
//
// Body: { stay: { room_id, check_in, check_out, adults, children, infants, pets }, customerName,
//         customerAddress: { line1, city, state, postal_code, country }, idempotencyKey,
//         shownAmount (cents), shownCancellationPolicy }
// Answer: { clientSecret, paymentIntentId, amount (cents), currency, bookingId, instantBook }
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor, ProcessorRefusal } from '../_shared/processor.ts';
import {
  checkoutGuestLabel,
  countedGuests,
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
  overlaps,
  readStayRequest,
} from '../_shared/rules.ts';
import type { BookingsRow, RoomsRow } from '../_shared/rows.ts';
import { callerRest, requireUser, RestCallError, serviceRest } from '../_shared/supabase.ts';

const UNIQUE_VIOLATION = '23505';

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function address(value: unknown): Record<string, string> {
  const source = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const fields = ['line1', 'city', 'state', 'postal_code', 'country'] as const;
  return Object.fromEntries(fields.map((field) => [field, text(source[field], 200)]));
}

const handler = postHandler(async (req) => {
  const user = await requireUser(req);
  const body = await readJsonObject(req);

  const read = readStayRequest(body.stay, new Date());
  if ('refusal' in read) throw new Refusal(read.refusal.status, read.refusal.code, read.refusal.message);
  const { stay, nights } = read;
  const roomId = stay.room_id;

  const shownAmount = body.shownAmount;
  const shownPolicy = body.shownCancellationPolicy;
  if (
    typeof shownAmount !== 'number' ||
    !Number.isSafeInteger(shownAmount) ||
    shownAmount < 0 ||
    !isCancellationPolicy(shownPolicy)
  ) {
    throw new Refusal(
      400,
      'invalid_shown_terms',
      'shownAmount must be the total shown, in cents, and shownCancellationPolicy the policy shown.',
    );
  }

  // As the traveller: a host's draft is no place to book (its row is hidden from them).
  const rooms = await callerRest<Pick<RoomsRow, 'id' | 'max_guests' | 'house-title'>[]>(user, `Rooms?select=id,max_guests,%22house-title%22&id=eq.${roomId}`);
  const room = rooms[0];
  if (!room) throw new Refusal(404, 'room_not_found', 'This place does not exist.');
  if (countedGuests(stay) > room.max_guests) {
    throw new Refusal(400, 'too_many_guests', `This place has room for at most ${room.max_guests} guests.`);
  }

  const refuseBookedNights = async () => {
    const booked = await serviceRest<{ start_date: string; end_date: string }[]>('rpc/room_booked_ranges', {
      method: 'POST',
      body: { room_id: roomId },
    });
    if (booked.some((range) => overlaps(stay.check_in, stay.check_out, range.start_date, range.end_date))) {
      throw new Refusal(409, 'dates_unavailable', 'These dates are already booked.');
    }
  };
  await refuseBookedNights();

  // As the traveller too, so the quote sees the room as they do.
  const quote = await callerRest<{ total_cents: number }>(user, 'rpc/quote_stay', {
    method: 'POST',
    body: { p_room_id: roomId, p_check_in: stay.check_in, p_check_out: stay.check_out, p_guests: countedGuests(stay) },
  });
  const amount = Number(quote.total_cents);
  const [policy] = await callerRest<Array<{ policy: string }>>(
    user,
    `room_cancellation_policies?select=policy&room_id=eq.${roomId}`,
  );
  const cancellationPolicy = policy?.policy ?? DEFAULT_CANCELLATION_POLICY;
  if (amount !== shownAmount) {
    throw new Refusal(409, 'terms_changed', 'The price of this stay changed since this page showed it.');
  }
  if (cancellationPolicy !== shownPolicy) {
    throw new Refusal(409, 'terms_changed', "The host changed this place's cancellation policy since this page showed it.");
  }

  // The user's pending booking of this room, brought to exactly this stay, or created.
  const { adults, children, infants, pets } = stay;
  const fields = { startDate: stay.check_in, endDate: stay.check_out, numOfDays: nights, adults, children, infants, pets };
  const guest = checkoutGuestLabel(countedGuests(stay));
  const pendingDraft = async (): Promise<BookingsRow | undefined> =>
    (await callerRest<BookingsRow[]>(user, `Bookings?select=*&room_id=eq.${roomId}&status=eq.pending&limit=1`))[0];
  const update = async (id: number) =>
    (
      await callerRest<BookingsRow[]>(user, `Bookings?id=eq.${id}&status=eq.pending`, {
        method: 'PATCH',
        body: { ...fields, guest },
        prefer: 'return=representation',
      })
    )[0];
  const draftForStay = async (): Promise<BookingsRow | undefined> => {
    const draft = await pendingDraft();
    if (draft) return update(draft.id);
    try {
      const [created] = await callerRest<BookingsRow[]>(user, 'Bookings', {
        method: 'POST',
        body: { ...fields, guest, room_id: roomId },
        prefer: 'return=representation',
      });
      return created;
    } catch (error) {
      // A concurrent request (double click, another tab) created it first: use it.
      if (!(error instanceof RestCallError && error.error.code === UNIQUE_VIOLATION)) throw error;
      const winner = await pendingDraft();
      return winner && update(winner.id);
    }
  };
  // The booking can stop being pending between reading and writing it: another tab of the same
  // traveller paid for it. Those nights are then booked, which is what the traveller is told;
  // if they are still free (that stay was cancelled), a new pending booking is made.
  let booking: BookingsRow | undefined;
  for (let attempt = 0; attempt < 3 && !booking; attempt += 1) {
    booking = await draftForStay();
    if (!booking) await refuseBookedNights();
  }
  if (!booking) throw new Refusal(409, 'booking_changed', 'Your booking changed meanwhile, please try again.');

  const instantBook = await callerRest<boolean>(user, 'rpc/room_books_instantly', {
    method: 'POST',
    body: { p_room_id: roomId },
  });
  const customerName = text(body.customerName, 200);
  const idempotencyKey = text(body.idempotencyKey, 200);
  try {
    const intent = await processor().create({
      amount,
      currency: 'usd',
      captureMethod: instantBook ? 'automatic' : 'manual',
      description: `${room['house-title']}: ${stay.check_in} to ${stay.check_out}`,
      metadata: {
        booking_id: String(booking.id),
        user_id: user.id,
        // Set only for the shared guest account, whose bookings belong to one session.
        session_id: booking.session_id ?? '',
        // The stay request as read above (Stripe keeps metadata as strings: one JSON value).
        stay: JSON.stringify(stay),
        cancellation_policy: cancellationPolicy,
        customer_name: customerName,
        address: JSON.stringify(address(body.customerAddress)),
      },
      // Scoped to the user, so two users can never collide on a key.
      idempotencyKey: idempotencyKey ? `create-payment-intent:${user.id}:${idempotencyKey}` : undefined,
    });
    return jsonResponse({
      clientSecret: intent.client_secret,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      bookingId: booking.id,
      instantBook,
    });
  } catch (error) {
    if (error instanceof ProcessorRefusal) throw new Refusal(400, error.code, error.message);
    throw error;
  }
});

export default handler;
serveOnDeno(handler);
