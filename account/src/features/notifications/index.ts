// The notifications feature's public surface for the other features (the user menu's unread count).
export { useGetUnreadNotificationCountQuery } from './api/notificationsApi';
