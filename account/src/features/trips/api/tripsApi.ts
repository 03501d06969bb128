/**
 * The signed-in user's trips (accounts spec section 7 'User payments' and 'Rooms by id list'):
 * id, startDate, endDate, Guest and whether it was cancelled, of the payments whose user_id is
 * the user's (not user_email: a guest's account has no email, and keeps its trips when it gets one), each with its room embedded (PostgREST follows Payments.room_id), in one
 * request. One trip's page reads its payment by reservation code with the room and the booked
 * guests; cancelling asks the cancel-booking edge function, which decides. Errors are logged,
 * then reported as the endpoint's error.
 */
import { api, clientOf, functionError, toApiError, type ExactLocation, type Room, type StayQuote } from 'shared/api';
import type { BookingState } from 'shared/rules';

export interface TripPayment {
  id: string;
  startDate: string;
  endDate: string;
  Guest: string | null;
  cancelled_at: string | null;
  booking_id: number | null;
  /** The booking's state, and until when the host may answer a request (null for other states). */
  state: { status: BookingState; request_expires_at: string | null } | null;
  /** The booked room; null only if the reader may not see it. */
  room: Room | null;
}

/**
 * The booked room with its street and exact point (room_locations, embedded): the database gives
 * them only while the stay is confirmed and not cancelled (issue 40), so a cancelled trip, or a
 * seed catalogue place (which has none), has null and shows the room's area.
 */
type TripRoom = Room & { location?: ExactLocation | null };

export interface TripDetailPayment extends Omit<TripPayment, 'room'> {
  room: TripRoom | null;
  /** US dollars charged. */
  amount: number;
  numOfDays: number;
  /** When it was paid: the start of the policy's free cancellation window. */
  created_at: string;
  cancellation_policy: string;
  refund_amount: number | null;
  refund_id: string | null;
  /** 'authorised': a request's card held; 'successful': charged; 'released': a hold given back. */
  status: 'authorised' | 'successful' | 'released';
  /** The booking, with the quote it was paid at (its line items; null for a payment without one). */
  booking: { id: number; adults: number; children: number; infants: number; pets: number; quote: StayQuote | null } | null;
}

export interface Cancellation {
  paymentId: string;
  reservationCode: string;
  cancelledAt: string;
  /** US dollars given back (0 when the policy gives nothing). */
  refundAmount: number;
  refundId: string | null;
  refund: 'refunded' | 'none';
}

/** A reservation code as the site makes them (HM and hex digits); anything else names no trip. */
const RESERVATION_CODE = /^[A-Za-z0-9]{1,40}$/;

const DETAIL_COLUMNS =
  'id, startDate, endDate, numOfDays, Guest, amount, booking_id, created_at, cancellation_policy, cancelled_at, refund_amount, refund_id, status, room:Rooms(*, location:room_locations(address, lat, lng)), booking:Bookings(id, adults, children, infants, pets, quote), state:Bookings(status, request_expires_at)';

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserTrips: build.query<TripPayment[], string>({
      async queryFn(userId, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('Payments')
          .select('id, startDate, endDate, Guest, cancelled_at, booking_id, room:Rooms(*), state:Bookings(status, request_expires_at)')
          .eq('user_id', userId);
        if (error) return { error: toApiError('Error fetching trips:', error) };
        return { data: data as unknown as TripPayment[] };
      },
      providesTags: ['Trips'],
    }),

    /** The signed-in user's trip with this reservation code, or null (RLS shows only their own). */
    getTrip: build.query<TripDetailPayment | null, string>({
      async queryFn(code, queryApi) {
        if (!RESERVATION_CODE.test(code)) return { data: null };
        const { data, error } = await (await clientOf(queryApi))
          .from('Payments')
          .select(DETAIL_COLUMNS)
          .like('id', `${code}-%`)
          .limit(1);
        if (error) return { error: toApiError('Error fetching trip:', error) };
        const [trip] = data as unknown as TripDetailPayment[];
        return { data: trip ?? null };
      },
      providesTags: ['Trips'],
    }),

    cancelTrip: build.mutation<Cancellation, { paymentId: string; roomId: number }>({
      async queryFn({ paymentId }, queryApi) {
        const result = await (await clientOf(queryApi)).functions.invoke<{ cancellation: Cancellation }>('cancel-booking', {
          body: { paymentId },
        });
        if (result.error) return { error: await functionError('Error cancelling trip:', result.error) };
        return { data: (result.data as { cancellation: Cancellation }).cancellation };
      },
      // Also after a failure: a refund still owed (502) means the trip is cancelled all the same.
      invalidatesTags: (_result, _error, { roomId }) => ['Trips', { type: 'BookedRanges', id: roomId }],
    }),
  }),
});

export const { useGetUserTripsQuery, useGetTripQuery, useCancelTripMutation } = tripsApi;
