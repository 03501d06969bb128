/**
 * Call 2 (spec section 7): id, city, country and house-title of every room, cached under the
 * key allRows; the overlay's destination suggestions are built from it.
 */
import { api, clientOf, toApiError, type Room } from 'shared/api';

export type DestinationRow = Pick<Room, 'id' | 'city' | 'country' | 'house-title'>;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    allRows: build.query<DestinationRow[], void>({
      async queryFn(_arg, queryApi) {
        const { data, error } = await (await clientOf(queryApi)).from('Rooms').select('id, city, country, "house-title"');
        if (error) return { error: toApiError('Error fetching destinations:', error) };
        return { data: data ?? [] };
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useAllRowsQuery } = searchApi;
