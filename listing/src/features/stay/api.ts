/**
 * Nights already booked for a room, from the backend's `room_booked_ranges(room_id)` function
 * (confirmed bookings only, as half-open [start_date, end_date) ranges of ISO days).
 */
import { api, clientOf, toApiError } from 'shared/api';
import type { BookedRange } from './bookedNights';

interface BookedRangeRow {
  start_date: string;
  end_date: string;
}

export const stayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBookedRanges: build.query<BookedRange[], number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('room_booked_ranges', { room_id: roomId });
        if (result.error) return { error: toApiError(`Error fetching booked nights of room ${roomId}:`, result.error) };
        return { data: (result.data as BookedRangeRow[]).map((row) => ({ start: row.start_date, end: row.end_date })) };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'BookedRanges', id: roomId }],
    }),
  }),
});

export const { useGetBookedRangesQuery } = stayApi;
