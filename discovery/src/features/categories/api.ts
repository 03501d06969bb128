/**
 * Call 1 (spec section 7): the category field of the rooms, with an exact count, one page of
 * 2000. During a search it reads the search function's matches instead, so that the strip
 * can offer only the categories the search found and the matched ids can be kept.
 */
import { api, clientOf, toApiError, searchRoomsArgs } from 'shared/api';
import { CATEGORY_PAGE_SIZE } from 'shared/rules';
import type { SearchQuery } from 'shared/url';

export interface CategoryFilterResult {
  /** The distinct Rooms.filter values, in order of first appearance. */
  filters: string[];
  /** The ids read (up to one page). */
  ids: number[];
  /** How many rooms match in total. */
  count: number;
}

export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategoryFilter: build.query<CategoryFilterResult, SearchQuery | null>({
      async queryFn(search, queryApi) {
        const supabase = await clientOf(queryApi);
        const columns = 'id, filter';
        const request = search
          ? supabase.rpc('search_rooms', searchRoomsArgs(search), { count: 'exact' }).select(columns)
          : supabase.from('Rooms').select(columns, { count: 'exact' });
        const { data, error, count } = await request.order('id').range(0, CATEGORY_PAGE_SIZE - 1);
        if (error) return { error: toApiError('Error fetching category filter:', error) };
        const rows = (data ?? []) as unknown as { id: number; filter: string }[];
        return {
          data: {
            filters: [...new Set(rows.map((row) => row.filter))],
            ids: rows.map((row) => row.id),
            count: count ?? rows.length,
          },
        };
      },
      providesTags: ['Rooms'],
    }),
  }),
});

export const { useGetCategoryFilterQuery } = categoriesApi;
