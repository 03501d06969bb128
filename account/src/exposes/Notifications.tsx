import type { PagePrefetch } from 'shared/federation';
import { selectUserData } from 'shared/state';
import { notificationsApi } from '../features/notifications/api/notificationsApi';
import { Notifications } from '../features/notifications/components/Notifications';

export default Notifications;

/** The first view's read, for a signed-in user: their notifications. */
export const prefetch: PagePrefetch = (store) => {
  const userId = selectUserData(store.getState())?.id;
  if (userId) void store.dispatch(notificationsApi.endpoints.getNotifications.initiate(userId));
};
