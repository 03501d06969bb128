/**
 * "Contact host" (issue 30): whether a place has a host account to write to (room_has_host: the
 * seed catalogue's places have none), and the traveller's inquiry about it, opened by
 * start_conversation (the server finds the host and refuses one's own place).
 */
import { api, clientOf, toApiError } from 'shared/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoomHasHost: build.query<boolean, number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('room_has_host', { p_room_id: roomId });
        if (result.error) return { error: toApiError(`Error asking whether room ${roomId} has a host:`, result.error) };
        return { data: result.data === true };
      },
    }),
    startInquiry: build.mutation<number, number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('start_conversation', { p_room_id: roomId });
        if (result.error) return { error: toApiError('Error starting conversation:', result.error) };
        return { data: result.data as number };
      },
    }),
  }),
});

export const { useGetRoomHasHostQuery, useStartInquiryMutation } = contactApi;
