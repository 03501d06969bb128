/**
 * "Contact host" (issue 30): the traveller's first message to a place's host, sent by
 * contact_host, which opens (or finds) their inquiry about the place with the message in it in
 * one transaction, refuses a blank one (issue 42: no empty conversation) and one's own place.
 * Whether there is a host to contact is shared/api's getRoomHasHost.
 */
import { api, clientOf, toApiError } from 'shared/api';

/** The longest message the database accepts. */
export const MESSAGE_MAX_LENGTH = 2000;

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactHost: build.mutation<number, { roomId: number; body: string }>({
      async queryFn({ roomId, body }, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('contact_host', { p_room_id: roomId, p_body: body });
        if (result.error) return { error: toApiError('Error contacting the host:', result.error) };
        return { data: result.data as number };
      },
    }),
  }),
});

export const { useContactHostMutation } = contactApi;
