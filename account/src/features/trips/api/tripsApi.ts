/**
 * The signed-in user's trips (accounts spec section 7 'User payments' and 'Rooms by id list'):
 * id, startDate, endDate and Guest of the payments whose user_email is the user's, each with its
 * room embedded (PostgREST follows Payments.room_id), in one request. Errors are logged, then
 * reported as the endpoint's error.
 */
import { api, extraOf, toApiError, type Room } from 'shared/api';

export interface TripPayment {
  id: string;
  startDate: string;
  endDate: string;
  Guest: string | null;
  /** The booked room; null only if the reader may not see it. */
  room: Room | null;
}

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserTrips: build.query<TripPayment[], string>({
      async queryFn(email, queryApi) {
        const { data, error } = await extraOf(queryApi)
          .supabase.from('Payments')
          .select('id, startDate, endDate, Guest, room:Rooms(*)')
          .eq('user_email', email);
        if (error) return { error: toApiError('Error fetching trips:', error) };
        return { data: data as unknown as TripPayment[] };
      },
      providesTags: ['Trips'],
    }),
  }),
});

export const { useGetUserTripsQuery } = tripsApi;
