/**
 * /messages (issue 30): the signed-in user's conversations, newest activity first, each with the
 * other party's first name, the place (title and photo), the booking's dates and its stay's state
 * (issue 42) when it is about one, the last message and how many are unread. The list follows
 * new messages live (the api reads it again on each). Signed out, the page sends the visitor to
 * /login, returning here.
 */
import { Link, useLocation } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import { REDIRECT_DELAY_MS, formatShownRange, toIsoDay } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { useRuntimeConfig } from 'shared/config';
import { photoUrl, Skeleton } from 'shared/ui';
import { useRedirectWhenSignedOut } from 'shared/session';
import { useGetConversationsQuery, type ConversationSummary } from '../api/messagesApi';
import { conversationPath } from './messageTime';
import { formatListTime } from '../../../components/listTime';
import { stayStateOf } from './stayState';
import { AccountPage, accountPageStyles as page } from '../../../components/AccountPage';
import styles from './Messages.module.css';

function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const config = useRuntimeConfig();
  const { unread } = conversation;
  const stay = stayStateOf(conversation, toIsoDay(new Date()));
  const about = conversation.start_date && conversation.end_date
    ? `${conversation.room_title} · ${formatShownRange(conversation.start_date, conversation.end_date)}`
    : conversation.room_title;
  const last = conversation.last_body === null ? 'No messages yet' : `${conversation.last_sender_is_me ? 'You: ' : ''}${conversation.last_body}`;
  return (
    <Link to={conversationPath(conversation.id)} className={unread > 0 ? `${styles.row} ${styles.unreadRow}` : styles.row}>
      {conversation.room_image ? (
        <img className={styles.thumb} src={photoUrl(config, conversation.room_image, 400)} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <span className={styles.rowBody}>
        <span className={styles.rowTop}>
          <span className={styles.name}>{conversation.other_name}</span>
          {conversation.last_message_at && <span className={styles.time}>{formatListTime(conversation.last_message_at)}</span>}
        </span>
        <span className={styles.about}>
          {/* The stay's state first: a phone's row cuts the line's end off. */}
          {stay && (
            <>
              <span className={stay.status === 'CANCELLED' ? `${styles.stay} ${styles.stayCancelled}` : styles.stay}>{stay.label}</span>
              {' · '}
            </>
          )}
          {about}
        </span>
        <span className={styles.last}>{last}</span>
      </span>
      {unread > 0 && (
        <span className={styles.badge} aria-label={`${unread} unread`}>
          {unread}
        </span>
      )}
    </Link>
  );
}

export function Messages() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsLoggedIn);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname), REDIRECT_DELAY_MS.tripsToLogin);
  const conversations = useGetConversationsQuery(signedIn ? undefined : skipToken, { refetchOnMountOrArgChange: true });

  let content;
  if (!signedIn || conversations.isLoading) {
    content = (
      <div aria-hidden="true" className={styles.list}>
        <Skeleton className={styles.rowSkeleton} />
        <Skeleton className={styles.rowSkeleton} />
      </div>
    );
  } else if (conversations.isError) {
    content = (
      <div className={page.empty} role="alert">
        <p className={page.emptyText}>Your messages could not be loaded.</p>
        <button type="button" className={page.action} onClick={() => void conversations.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if ((conversations.data ?? []).length === 0) {
    content = (
      <div className={page.empty}>
        <h2 className={page.emptyTitle}>No messages yet</h2>
        <p className={page.emptyText}>When you contact a host, or a guest writes to you, the conversation appears here.</p>
        <Link to="/" className={page.action}>
          Start exploring
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className={styles.list} aria-label="Conversations">
        {conversations.data!.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow conversation={conversation} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AccountPage title="Messages" className={styles.page}>
      {content}
    </AccountPage>
  );
}
