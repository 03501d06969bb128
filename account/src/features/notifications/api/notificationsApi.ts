/**
 * Notifications' reads and writes (issue 42, item 4): the steps of the user's bookings, which the
 * database writes (private.notify) and mails. A user reads their own (RLS) and marks them read
 * through mark_notifications_read(); nothing else is written from here. The unread count, which
 * the user menu shows on every page, stays live: any change to the user's notifications (a new
 * one, one marked read, in this tab or another), delivered by Realtime, reads the count and the
 * list again. Errors are logged, then reported as the endpoint's error.
 */
import { api, clientOf, extraOf, toApiError, type NotificationsRow } from 'shared/api';

/** The newest notifications the page lists. */
const LIST_LENGTH = 100;

export type NotificationKind = NotificationsRow['kind'];

/** What private.notify stores with a notification: its texts, its page and the booking's facts. */
export interface NotificationData {
  title: string;
  body: string;
  /** The page it leads to: a trip (/trips/<code>), /hosting or the earnings. */
  path: string;
  role: 'guest' | 'host';
  room_title?: string;
  start_date?: string;
  end_date?: string;
}

export interface Notification {
  id: number;
  kind: NotificationKind;
  booking_id: number | null;
  data: NotificationData;
  created_at: string;
  read_at: string | null;
}

const COLUMNS = 'id, kind, booking_id, data, created_at, read_at';

const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The user's newest notifications, newest first (the argument: their id, so each user has their own cache). */
    getNotifications: build.query<Notification[], string>({
      async queryFn(_userId, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('notifications')
          .select(COLUMNS)
          .order('id', { ascending: false })
          .limit(LIST_LENGTH);
        if (error) return { error: toApiError('Error fetching notifications:', error) };
        return { data };
      },
      providesTags: ['Notifications'],
    }),

    /** How many of the user's notifications are unread, kept live through Realtime. */
    getUnreadNotificationCount: build.query<number, string>({
      async queryFn(_userId, queryApi) {
        const { count, error } = await (await clientOf(queryApi))
          .from('notifications')
          .select('id', { count: 'exact', head: true })
          .is('read_at', null);
        if (error) return { error: toApiError('Error counting notifications:', error) };
        return { data: count ?? 0 };
      },
      providesTags: ['Notifications'],
      async onCacheEntryAdded(userId, { extra, dispatch, cacheDataLoaded, cacheEntryRemoved }) {
        const refresh = () => dispatch(notificationsApi.util.invalidateTags(['Notifications']));
        const stop = await liveChanges(extra, userId, refresh);
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        await stop();
      },
    }),

    /** Marks the user's notifications `ids` read; the list and the count show it at once. */
    markNotificationsRead: build.mutation<number, { userId: string; ids: number[] }>({
      async queryFn({ ids }, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('mark_notifications_read', { p_ids: ids });
        if (result.error) return { error: toApiError('Error marking notifications read:', result.error) };
        return { data: result.data as number };
      },
      async onQueryStarted({ userId, ids }, { dispatch, queryFulfilled }) {
        let marked = 0;
        const now = new Date().toISOString();
        const list = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', userId, (rows) => {
            for (const row of rows) {
              if (ids.includes(row.id) && row.read_at === null) {
                row.read_at = now;
                marked += 1;
              }
            }
          }),
        );
        const count = dispatch(
          notificationsApi.util.updateQueryData('getUnreadNotificationCount', userId, (unread) => Math.max(0, unread - marked)),
        );
        try {
          await queryFulfilled;
        } catch {
          list.undo();
          count.undo();
        }
      },
    }),
  }),
});

/**
 * Subscribes to changes of the user's notifications (RLS lets Realtime deliver theirs only);
 * `onChange` also runs each time the channel is joined, for what came before. Resolves to the
 * unsubscribe. Nothing on the server.
 */
async function liveChanges(extra: unknown, userId: string, onChange: () => void): Promise<() => Promise<void>> {
  if (typeof window === 'undefined') return async () => undefined;
  const client = await extraOf({ extra }).supabase();
  const channel = client
    .channel(`notifications-${userId}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'notifications', filter: `recipient_id=eq.${userId}` }, onChange)
    .subscribe((status) => {
      // (A string, not supabase-js's enum: this module does not load supabase-js before it is used.)
      if (`${status}` === 'SUBSCRIBED') onChange();
    });
  return async () => {
    await client.removeChannel(channel);
  };
}

export const { useGetNotificationsQuery, useGetUnreadNotificationCountQuery, useMarkNotificationsReadMutation } = notificationsApi;
export { notificationsApi };
