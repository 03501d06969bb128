/**
 * The room reads several remotes share (spec discovery section 7, calls 3 and 4; accounts
 * section 7 'Rooms by id list' and 'Room by id'): the listing page, the booking page, the
 * wishlist and the trips.
 *
 * - getRoomById: select * where id equals one value, single row. A room that does not exist
 *   (PostgREST PGRST116, no row for `single`) is logged and answered with null, as the spec
 *   asks. Any other failure (network, server) is logged and reported as the endpoint's error,
 *   so a page can tell "no such listing" from "could not read it" and offer a retry.
 * - getRoomsByIds: select * where id is in a list; errors are logged, then reported as the
 *   endpoint's error (thrown, in RTK Query terms). Rows come back in the order of the ids asked.
 */
import { api, extraOf, toApiError } from 'shared/api/baseApi';

/** A row of "Rooms" (the columns the front end reads). */
export interface Room {
  id: number;
  'house-title': string;
  title_1: string;
  title_2: string;
  /** Per night, in local currency; shown as nightlyUsdPrice(price). */
  price: number;
  /** Backend-relative image paths; resolve with resolveImageUrl. The first is the cover. */
  images: string[];
  house_rating: number | null;
  /** A display text such as '(18)' or '18 reviews'. */
  rating_count: string;
  /** 'Guest favourite' or ''. */
  guest_favorite: string;
  filter: string;
  country: string;
  city: string;
  house_description: string;
  guest_count: string;
  bedroom_count: string;
  bed_count: string;
  bathroom_count: string;
  host_name: string | null;
  host_image: string | null;
  host_description: string | null;
  sleep_bed_1_link: string | null;
  sleep_bed_2_link: string | null;
  house_location: string | null;
  location_description: string | null;
  lat: number | null;
  lng: number | null;
  max_guests: number;
}

/** PostgREST's code when `single` finds no row. */
const NO_SINGLE_ROW = 'PGRST116';

export const roomsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoomById: build.query<Room | null, number>({
      async queryFn(id, queryApi) {
        const { data, error } = await extraOf(queryApi).supabase.from('Rooms').select('*').eq('id', id).single();
        if (error) {
          const apiError = toApiError(`Error fetching room ${id}:`, error);
          if (error.code === NO_SINGLE_ROW) return { data: null };
          return { error: apiError };
        }
        return { data: data as Room };
      },
      providesTags: (_result, _error, id) => [{ type: 'Rooms', id }],
    }),
    getRoomsByIds: build.query<Room[], readonly number[]>({
      async queryFn(ids, queryApi) {
        if (ids.length === 0) return { data: [] };
        const { data, error } = await extraOf(queryApi).supabase.from('Rooms').select('*').in('id', [...ids]);
        if (error) return { error: toApiError('Error fetching rooms by ids:', error) };
        const byId = new Map((data as Room[]).map((room) => [room.id, room]));
        return { data: ids.flatMap((id) => byId.get(id) ?? []) };
      },
      providesTags: (result) => (result ?? []).map((room) => ({ type: 'Rooms' as const, id: room.id })),
    }),
  }),
});

export const { useGetRoomByIdQuery, useGetRoomsByIdsQuery } = roomsApi;
