/**
 * The signed-in user's payments (accounts spec section 7 'User payments'): id, room_id,
 * startDate, endDate and Guest where user_email is the user's. Errors are logged, then
 * reported as the endpoint's error.
 */
import { api, extraOf, toApiError } from 'shared/api';

export interface TripPayment {
  id: string;
  room_id: number;
  startDate: string;
  endDate: string;
  Guest: string | null;
}

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserPayments: build.query<TripPayment[], string>({
      async queryFn(email, queryApi) {
        const { data, error } = await extraOf(queryApi)
          .supabase.from('Payments')
          .select('id, room_id, startDate, endDate, Guest')
          .eq('user_email', email);
        if (error) return { error: toApiError('Error fetching payments:', error) };
        return { data: (data as TripPayment[]).map((row) => ({ ...row, room_id: Number(row.room_id) })) };
      },
      providesTags: ['Trips'],
    }),
  }),
});

export const { useGetUserPaymentsQuery } = tripsApi;
