/**
 * "Contact host" (issue 30): the traveller's inquiry about a place, opened by start_conversation
 * (the server finds the host and refuses one's own place). Whether there is a host to contact is
 * shared/api's getRoomHasHost.
 */
import { api, clientOf, toApiError } from 'shared/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    startInquiry: build.mutation<number, number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('start_conversation', { p_room_id: roomId });
        if (result.error) return { error: toApiError('Error starting conversation:', result.error) };
        return { data: result.data as number };
      },
    }),
  }),
});

export const { useStartInquiryMutation } = contactApi;
