/**
 * /notifications (issue 42, item 4), the user menu's "Notification": the steps of the user's
 * bookings, newest first (a request to answer, a stay confirmed or cancelled, a review to write, a
 * payout), each with its text and time, leading to its trip or to hosting. Unread ones stand out
 * and opening one marks it read; "Mark all as read" marks the rest. The list follows new ones
 * live (the unread count's Realtime channel reads it again). Signed out, the page sends the
 * visitor to /login, returning here.
 */
import { Link, useLocation } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { Banknote, CalendarCheck, CalendarClock, CalendarX, Star, TimerOff, type LucideIcon } from 'lucide-react';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import { REDIRECT_DELAY_MS } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { Skeleton } from 'shared/ui';
import { useRedirectWhenSignedOut } from 'shared/session';
import { formatListTime } from '../../../components/listTime';
import { AccountPage, accountPageStyles as page } from '../../../components/AccountPage';
import {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  type Notification,
  type NotificationKind,
} from '../api/notificationsApi';
import styles from './Notifications.module.css';

const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  booking_requested: CalendarClock,
  booking_accepted: CalendarCheck,
  booking_declined: CalendarX,
  booking_expired: TimerOff,
  booking_confirmed: CalendarCheck,
  booking_cancelled: CalendarX,
  review_invitation: Star,
  payout_sent: Banknote,
};

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const Icon = KIND_ICONS[notification.kind];
  const unread = notification.read_at === null;
  return (
    <Link to={notification.data.path} className={unread ? `${styles.row} ${styles.unread}` : styles.row} onClick={unread ? onOpen : undefined}>
      <span className={styles.icon} aria-hidden="true">
        <Icon size={20} strokeWidth={1.75} />
      </span>
      <span className={styles.rowBody}>
        <span className={styles.rowTop}>
          <span className={styles.title}>
            {unread && <span className="visually-hidden">Unread: </span>}
            {notification.data.title}
          </span>
          <time className={styles.time} dateTime={notification.created_at}>
            {formatListTime(notification.created_at)}
          </time>
        </span>
        <span className={styles.body}>{notification.data.body}</span>
      </span>
      {unread && <span className={styles.dot} aria-hidden="true" />}
    </Link>
  );
}

export function Notifications() {
  const { pathname } = useLocation();
  const user = useAppSelector(selectUserData);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname), REDIRECT_DELAY_MS.tripsToLogin);
  const notifications = useGetNotificationsQuery(user ? user.id : skipToken, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkNotificationsReadMutation();
  const rows = notifications.data ?? [];
  const unreadIds = rows.filter((row) => row.read_at === null).map((row) => row.id);
  const markAsRead = (ids: number[]) => {
    if (user && ids.length > 0) void markRead({ userId: user.id, ids });
  };

  let content;
  if (!user || notifications.isLoading) {
    content = (
      <div aria-hidden="true" className={styles.list}>
        <Skeleton className={styles.rowSkeleton} />
        <Skeleton className={styles.rowSkeleton} />
      </div>
    );
  } else if (notifications.isError) {
    content = (
      <div className={page.empty} role="alert">
        <p className={page.emptyText}>Your notifications could not be loaded.</p>
        <button type="button" className={page.action} onClick={() => void notifications.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (rows.length === 0) {
    content = (
      <div className={page.empty}>
        <h2 className={page.emptyTitle}>No notifications yet</h2>
        <p className={page.emptyText}>When you book a stay, or a guest books one of your places, each step of it appears here.</p>
        <Link to="/" className={page.action}>
          Start exploring
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        {unreadIds.length > 0 && (
          <div className={styles.toolbar}>
            <button type="button" className={styles.markAll} onClick={() => markAsRead(unreadIds)}>
              Mark all as read
            </button>
          </div>
        )}
        <ul className={styles.list} aria-label="Notifications">
          {rows.map((notification) => (
            <li key={notification.id}>
              <NotificationRow notification={notification} onOpen={() => markAsRead([notification.id])} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <AccountPage title="Notifications" className={styles.page}>
      {content}
    </AccountPage>
  );
}
