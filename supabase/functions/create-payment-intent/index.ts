// create-payment-intent: prices a stay on the server and opens a payment intent for it.
//
// Needs a signed-in caller. The amount comes from the room's stored price, the nights and the
// checkout fee rules (shared/src/rules/pricing.ts, the same functions the page shows, through
// their generated copy _shared/rules.ts). The page sends the total (cents) and the cancellation
// policy it shows, only to be compared: when either is not what the server computes (the host
// changed the price or the policy since the page loaded), no intent is made and the traveller is
// told (409 terms_changed), so nobody is charged a total they were not shown. A request without
// them, or with anything but a whole number of cents up to the largest possible charge and a
// known policy, is refused (400 invalid_shown_terms): the page is their only client. Refuses past,
// reversed or already booked dates (409),
// stays beyond the booking calendar or over 90 nights (400) and guests above the room's capacity
// (400). The user's pending booking of this room (the page's draft) is brought to the requested
// stay, or created, as the user (RLS and the column grants apply, so only the traveller's own
// fields are written), and its id travels in the intent's metadata with the stay it prices,
// for finalize-booking, with the listing's cancellation policy: the intent is the quote, and
// finalize-booking records it only while the room's price and policy are still the quoted ones
// (otherwise it gives the money back). An idempotency key from the page makes a repeated request (double
// click, retry) answer the same intent.
//
// Body: { roomId, startDate, endDate, adults, children, infants, pets, customerName,
//         customerAddress: { line1, city, state, postal_code, country }, guest, idempotencyKey,
//         shownAmount (cents), shownCancellationPolicy }
// Answer: { clientSecret, paymentIntentId, amount (cents), currency, bookingId }
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { processor, ProcessorRefusal } from '../_shared/processor.ts';
import {
  amountInCents,
  checkoutChargeCents,
  checkoutTotals,
  DEFAULT_CANCELLATION_POLICY,
  earliestCheckIn,
  isCancellationPolicy,
  isoDayTime,
  latestCheckOut,
  MAX_INFANTS,
  MAX_NIGHTLY_USD,
  MAX_PETS,
  MAX_STAY_NIGHTS,
  nightsBetweenTimes,
  overlaps,
} from '../_shared/rules.ts';
import type { BookingsRow, RoomsRow } from '../_shared/rows.ts';
import { callerRest, requireUser, RestCallError, serviceRest } from '../_shared/supabase.ts';

const UNIQUE_VIOLATION = '23505';
/** The largest charge there can be: the dearest night over the longest stay, in cents. */
const MAX_CHARGE_CENTS = amountInCents(checkoutTotals(MAX_NIGHTLY_USD, MAX_STAY_NIGHTS).total);

function count(body: Record<string, unknown>, name: string, min: number): number {
  const value = body[name] ?? 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new Refusal(400, 'invalid_guests', `${name} must be a whole number of at least ${min}.`);
  }
  return value;
}

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

  const roomId = body.roomId;
  if (typeof roomId !== 'number' || !Number.isInteger(roomId) || roomId <= 0) {
    throw new Refusal(400, 'invalid_room', 'roomId must be a listing id.');
  }
  const startTime = isoDayTime(body.startDate);
  const endTime = isoDayTime(body.endDate);
  if (startTime === null || endTime === null) {
    throw new Refusal(400, 'invalid_dates', 'startDate and endDate must be dates (yyyy-mm-dd).');
  }
  const startDate = body.startDate as string;
  const endDate = body.endDate as string;
  if (startTime < earliestCheckIn(new Date())) {
    throw new Refusal(409, 'dates_in_past', 'The check-in date has already passed.');
  }
  if (endTime <= startTime) {
    throw new Refusal(409, 'dates_reversed', 'The checkout date must come after the check-in date.');
  }
  if (endTime > latestCheckOut(new Date())) {
    throw new Refusal(400, 'dates_too_far', 'These dates are further ahead than the calendar goes.');
  }
  const nights = nightsBetweenTimes(startTime, endTime);
  if (nights > MAX_STAY_NIGHTS) {
    throw new Refusal(400, 'stay_too_long', `A stay can be at most ${MAX_STAY_NIGHTS} nights.`);
  }

  const shownAmount = body.shownAmount;
  const shownPolicy = body.shownCancellationPolicy;
  if (
    typeof shownAmount !== 'number' ||
    !Number.isInteger(shownAmount) ||
    shownAmount < 0 ||
    shownAmount > MAX_CHARGE_CENTS ||
    !isCancellationPolicy(shownPolicy)
  ) {
    throw new Refusal(
      400,
      'invalid_shown_terms',
      'shownAmount must be the total shown, in cents, and shownCancellationPolicy the policy shown.',
    );
  }

  const adults = count(body, 'adults', 1);
  const children = count(body, 'children', 0);
  const infants = count(body, 'infants', 0);
  const pets = count(body, 'pets', 0);

  // As the traveller: a host's draft is no place to book (its row is hidden from them).
  const rooms = await callerRest<Pick<RoomsRow, 'id' | 'price' | 'max_guests' | 'house-title'>[]>(user, `Rooms?select=id,price,max_guests,%22house-title%22&id=eq.${roomId}`);
  const room = rooms[0];
  if (!room) throw new Refusal(404, 'room_not_found', 'This place does not exist.');
  if (adults + children > room.max_guests || infants > MAX_INFANTS || pets > MAX_PETS) {
    throw new Refusal(400, 'too_many_guests', `This place has room for at most ${room.max_guests} guests.`);
  }

  const refuseBookedNights = async () => {
    const booked = await serviceRest<{ start_date: string; end_date: string }[]>('rpc/room_booked_ranges', {
      method: 'POST',
      body: { room_id: roomId },
    });
    if (booked.some((range) => overlaps(startDate, endDate, range.start_date, range.end_date))) {
      throw new Refusal(409, 'dates_unavailable', 'These dates are already booked.');
    }
  };
  await refuseBookedNights();

  const amount = checkoutChargeCents(Number(room.price), nights);
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

  // The user's draft booking of this room, brought to exactly this stay, or created.
  const stay = { startDate, endDate, numOfDays: nights, adults, children, infants, pets };
  const pendingDraft = async (): Promise<BookingsRow | undefined> =>
    (await callerRest<BookingsRow[]>(user, `Bookings?select=*&room_id=eq.${roomId}&status=eq.pending&limit=1`))[0];
  const update = async (id: number) =>
    (
      await callerRest<BookingsRow[]>(user, `Bookings?id=eq.${id}&status=eq.pending`, {
        method: 'PATCH',
        body: stay,
        prefer: 'return=representation',
      })
    )[0];
  const draftForStay = async (): Promise<BookingsRow | undefined> => {
    const draft = await pendingDraft();
    if (draft) return update(draft.id);
    try {
      const [created] = await callerRest<BookingsRow[]>(user, 'Bookings', {
        method: 'POST',
        body: { ...stay, room_id: roomId, guest: text(body.guest, 40) },
        prefer: 'return=representation',
      });
      return created;
    } catch (error) {
      // A concurrent request (double click, another tab) created the draft first: use it.
      if (!(error instanceof RestCallError && error.error.code === UNIQUE_VIOLATION)) throw error;
      const winner = await pendingDraft();
      return winner && update(winner.id);
    }
  };
  // The draft can stop being pending between reading and writing it: another tab of the same
  // traveller paid for it. Those nights are then booked, which is what the traveller is told;
  // if they are still free (the draft was cancelled), a new draft is made.
  let booking: BookingsRow | undefined;
  for (let attempt = 0; attempt < 3 && !booking; attempt += 1) {
    booking = await draftForStay();
    if (!booking) await refuseBookedNights();
  }
  if (!booking) throw new Refusal(409, 'booking_changed', 'Your booking changed meanwhile, please try again.');

  const customerName = text(body.customerName, 200);
  const idempotencyKey = text(body.idempotencyKey, 200);
  try {
    const intent = await processor().create({
      amount,
      currency: 'usd',
      description: `${room['house-title']}: ${startDate} to ${endDate}`,
      metadata: {
        booking_id: String(booking.id),
        room_id: String(roomId),
        user_id: user.id,
        // Set only for the shared guest account, whose bookings belong to one session.
        session_id: booking.session_id ?? '',
        start_date: startDate,
        end_date: endDate,
        nights: String(nights),
        adults: String(adults),
        children: String(children),
        infants: String(infants),
        pets: String(pets),
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
    });
  } catch (error) {
    if (error instanceof ProcessorRefusal) throw new Refusal(400, error.code, error.message);
    throw error;
  }
});

export default handler;
serveOnDeno(handler);
