/**
 * The price filter's histogram (issue 43): how many of the current search's homes cost each $20
 * band a night (search_price_histogram, every filter but the price applied; no search: every home).
 */
import { api, clientOf, searchRoomsArgs, toApiError } from 'shared/api';
import { PRICE_BANDS } from 'shared/rules';
import type { SearchQuery } from 'shared/url';

export const filtersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Homes per band, PRICE_BANDS long (the last band: $980 and more). */
    getPriceHistogram: build.query<number[], SearchQuery | null>({
      async queryFn(search, queryApi) {
        const args = search ? searchRoomsArgs(search, { withPrice: false }) : { search_text: '' };
        const result = await (await clientOf(queryApi)).rpc('search_price_histogram', args);
        if (result.error) return { error: toApiError('Error fetching the price histogram:', result.error) };
        const bands = Array.from({ length: PRICE_BANDS }, () => 0);
        for (const row of result.data as { band: number; homes: number }[]) bands[row.band] = row.homes;
        return { data: bands };
      },
      providesTags: ['Rooms'],
    }),
  }),
});

export const { useGetPriceHistogramQuery } = filtersApi;
