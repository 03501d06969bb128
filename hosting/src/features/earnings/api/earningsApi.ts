/**
 * The host's earnings: host_earnings(), the caller's own places' paid stays (the server picks
 * them: confirmed, or cancelled with part of the charge kept, refunds counted) with their figures
 * in each listing's currency and their payout state.
 */
import { api, clientOf, toApiError } from 'shared/api';
import { toEarning, type Earning, type EarningsRow } from '../earnings';

export const earningsApi = api.enhanceEndpoints({ addTagTypes: ['Earnings'] }).injectEndpoints({
  endpoints: (build) => ({
    getEarnings: build.query<Earning[], void>({
      async queryFn(_arg, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('host_earnings');
        if (result.error) return { error: toApiError('Error fetching earnings:', result.error) };
        return { data: (result.data as EarningsRow[]).map(toEarning) };
      },
      providesTags: ['Earnings'],
    }),
  }),
});

export const { useGetEarningsQuery } = earningsApi;
