/**
 * Call 5 (spec section 7, query 'iconFilter'): the grid, 16 rooms a page by range, filtered by
 * the selected category. During a search the rows come from the backend's search_rooms
 * function (the 90% letter rule, free on the chosen dates, sleeping the guests) with the same
 * category filter and paging. A page of 16 means there may be more; fewer means the end.
 */
import { api, extraOf, toApiError } from 'shared/api/baseApi';
import type { Room } from 'shared/api/roomsApi';
import { GRID_PAGE_SIZE } from 'shared/rules/constants';
import type { SearchQuery } from 'shared/state/formSlice';
import { searchRoomsArgs } from '../search/searchSlice';

export interface GridArgs {
  /** '' for every category. */
  category: string;
  search: SearchQuery | null;
}

/** The grid card's columns (the full row is not needed). */
const GRID_COLUMNS = 'id, "house-title", city, country, price, images, house_rating, guest_favorite, filter';

export type GridRoom = Pick<Room, 'id' | 'house-title' | 'city' | 'country' | 'price' | 'images' | 'house_rating' | 'guest_favorite' | 'filter'>;

export const gridApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGridPage: build.infiniteQuery<GridRoom[], GridArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) =>
          lastPage.length === GRID_PAGE_SIZE ? lastPageParam + 1 : undefined,
      },
      async queryFn({ queryArg, pageParam }, queryApi) {
        const { supabase } = extraOf(queryApi);
        const { category, search } = queryArg;
        let request = search
          ? supabase.rpc('search_rooms', searchRoomsArgs(search)).select(GRID_COLUMNS)
          : supabase.from('Rooms').select(GRID_COLUMNS);
        if (category !== '') request = request.eq('filter', category);
        const from = pageParam * GRID_PAGE_SIZE;
        const { data, error } = await request.order('id').range(from, from + GRID_PAGE_SIZE - 1);
        if (error) return { error: toApiError('Error fetching grid rooms:', error) };
        return { data: (data ?? []) as unknown as GridRoom[] };
      },
      providesTags: ['Rooms'],
    }),
  }),
});

export const { useGetGridPageInfiniteQuery } = gridApi;
