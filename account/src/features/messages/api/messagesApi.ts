/**
 * Messages' reads and writes (issue 30). A conversation is opened by start_conversation (the
 * listing's "Contact host", a trip's "Message host") and read through my_conversations(), which
 * gives the place, the other party's first name, the last message and the unread count; the
 * database decides who may read or write (only the two parties) and who sent a message (the
 * session's user). A thread's messages stay live while its page is open: an INSERT on messages
 * for that conversation, delivered by Realtime, is added to the cached thread; the list of
 * conversations is read again on every new message of the user's. Errors are logged, then
 * reported as the endpoint's error.
 */
import { api, clientOf, extraOf, toApiError } from 'shared/api';
import type { BookingState } from 'shared/rules';

/** The longest message the database accepts. */
export const MESSAGE_MAX_LENGTH = 2000;

/** The newest messages a thread shows. */
const THREAD_LENGTH = 200;

export interface ConversationSummary {
  id: number;
  room_id: number;
  room_title: string;
  room_image: string | null;
  booking_id: number | null;
  start_date: string | null;
  end_date: string | null;
  /** The caller's side: the traveller ('guest') or the place's host. */
  role: 'guest' | 'host';
  other_name: string;
  last_body: string | null;
  last_sender_is_me: boolean | null;
  last_message_at: string | null;
  unread: number;
  /** The booking's state in its lifecycle; null for an inquiry (issue 42: the conversation shows the stay's state). */
  stay_state: BookingState | null;
}

export interface Message {
  id: number;
  conversation_id: number;
  sender_id: string;
  body: string;
  created_at: string;
}

const messagesApi = api.enhanceEndpoints({ addTagTypes: ['Conversations'] }).injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<ConversationSummary[], void>({
      async queryFn(_arg, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('my_conversations');
        if (result.error) return { error: toApiError('Error fetching conversations:', result.error) };
        return { data: result.data as ConversationSummary[] };
      },
      providesTags: ['Conversations'],
      // Any new message of the user's (RLS lets Realtime deliver those only) changes the list.
      async onCacheEntryAdded(_arg, { extra, dispatch, cacheDataLoaded, cacheEntryRemoved }) {
        const refresh = () => dispatch(messagesApi.util.invalidateTags(['Conversations']));
        const stop = await liveInserts(extra, 'conversations', undefined, refresh, refresh);
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        await stop();
      },
    }),

    /** One of the caller's conversations, or null when it is not theirs (or none). */
    getConversation: build.query<ConversationSummary | null, number>({
      async queryFn(id, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('my_conversations', { p_id: id });
        if (result.error) return { error: toApiError('Error fetching conversation:', result.error) };
        return { data: (result.data as ConversationSummary[])[0] ?? null };
      },
      providesTags: ['Conversations'],
    }),

    /** The thread's newest messages, oldest first, kept live. */
    getMessages: build.query<Message[], number>({
      async queryFn(id, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('messages')
          .select('id, conversation_id, sender_id, body, created_at')
          .eq('conversation_id', id)
          .order('id', { ascending: false })
          .limit(THREAD_LENGTH);
        if (error) return { error: toApiError('Error fetching messages:', error) };
        return { data: (data as Message[]).reverse() };
      },
      async onCacheEntryAdded(id, lifecycle) {
        const { extra, dispatch, cacheDataLoaded, cacheEntryRemoved } = lifecycle;
        const stop = await liveInserts(
          extra,
          `messages-${id}`,
          `conversation_id=eq.${id}`,
          (message) => lifecycle.updateCachedData((thread) => addMessage(thread, message)),
          // What arrived before the channel was joined (or while it was away) is read again.
          () => void dispatch(messagesApi.endpoints.getMessages.initiate(id, { forceRefetch: true, subscribe: false })),
        );
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        await stop();
      },
    }),

    sendMessage: build.mutation<Message, { conversationId: number; body: string }>({
      async queryFn({ conversationId, body }, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('messages')
          .insert({ conversation_id: conversationId, body })
          .select('id, conversation_id, sender_id, body, created_at')
          .single();
        if (error) return { error: toApiError('Error sending message:', error) };
        const message = data;
        queryApi.dispatch(messagesApi.util.updateQueryData('getMessages', conversationId, (thread) => addMessage(thread, message)));
        return { data: message };
      },
    }),

    markConversationRead: build.mutation<null, number>({
      async queryFn(id, queryApi) {
        const { error } = await (await clientOf(queryApi)).rpc('mark_conversation_read', { p_conversation_id: id });
        if (error) return { error: toApiError('Error marking conversation read:', error) };
        return { data: null };
      },
      invalidatesTags: ['Conversations'],
    }),

    startConversation: build.mutation<number, { roomId: number; bookingId?: number }>({
      async queryFn({ roomId, bookingId }, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('start_conversation', {
          p_room_id: roomId,
          ...(bookingId === undefined ? {} : { p_booking_id: bookingId }),
        });
        if (result.error) return { error: toApiError('Error starting conversation:', result.error) };
        return { data: result.data as number };
      },
      invalidatesTags: ['Conversations'],
    }),
  }),
});

/** The thread with `message` in its place by id, once (the sender gets it twice: answer and Realtime). */
function addMessage(thread: Message[], message: Message): void {
  if (thread.some((m) => m.id === message.id)) return;
  const at = thread.findIndex((m) => m.id > message.id);
  if (at === -1) thread.push(message);
  else thread.splice(at, 0, message);
}

/**
 * Subscribes to inserts on messages (those the user may read), optionally filtered; `onJoined`
 * runs each time the channel is joined. Resolves to the unsubscribe. Nothing on the server.
 */
async function liveInserts(
  extra: unknown,
  name: string,
  filter: string | undefined,
  onInsert: (message: Message) => void,
  onJoined: () => void,
): Promise<() => Promise<void>> {
  if (typeof window === 'undefined') return async () => undefined;
  const client = await extraOf({ extra }).supabase();
  const channel = client
    .channel(name)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', ...(filter ? { filter } : {}) }, (payload) =>
      onInsert(payload.new as Message),
    )
    .subscribe((status) => {
      // (A string, not supabase-js's enum: this module does not load supabase-js before it is used.)
      if (`${status}` === 'SUBSCRIBED') onJoined();
    });
  return async () => {
    await client.removeChannel(channel);
  };
}

export const {
  useGetConversationsQuery,
  useGetConversationQuery,
  useGetMessagesQuery,
  useSendMessageMutation,
  useMarkConversationReadMutation,
  useStartConversationMutation,
} = messagesApi;
