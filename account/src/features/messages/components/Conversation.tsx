/**
 * /messages/:id (issue 30): one conversation. The thread (oldest first, plain text as written:
 * line breaks kept, links never made clickable), new messages as they arrive (Realtime, through
 * the api), the conversation marked read while it is on screen, and the composer: Enter sends,
 * Shift+Enter starts a new line, at most 2000 characters with a counter near the end. A
 * conversation about a booking names its stay's state as the trips page does (./stayState).
 * Signed out, the page sends the visitor to /login, returning here.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useParams } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import { REDIRECT_DELAY_MS, formatShownRange, toIsoDay } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { Skeleton } from 'shared/ui';
import type { ApiError } from 'shared/api';
import { useRedirectWhenSignedOut } from 'shared/session';
import {
  MESSAGE_MAX_LENGTH,
  useGetConversationQuery,
  useGetMessagesQuery,
  useMarkConversationReadMutation,
  useSendMessageMutation,
  type ConversationSummary,
  type Message,
} from '../api/messagesApi';
import { formatListTime } from '../../../components/listTime';
import { stayStateOf } from './stayState';
import { accountPageStyles as page } from '../../../components/AccountPage';
import styles from './Messages.module.css';

/** The counter shows from this many characters on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

function sendErrorText(error: ApiError): string {
  if (error.status === 429) return 'You are sending messages too fast. Wait a minute, then try again.';
  return 'Your message was not sent. Try again.';
}

function Composer({ conversationId }: { conversationId: number }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useSendMessageMutation();
  const counterId = useId();
  const errorId = useId();
  const text = body.trim();
  const tooLong = body.length > MESSAGE_MAX_LENGTH;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!text || tooLong || sending.isLoading) return;
    setError(null);
    const result = await send({ conversationId, body });
    if ('error' in result) setError(sendErrorText(result.error as ApiError));
    else setBody('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      {error && (
        <p id={errorId} className={styles.sendError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.composerRow}>
        <label className={styles.visuallyHidden} htmlFor={`${counterId}-input`}>
          Message
        </label>
        <textarea
          id={`${counterId}-input`}
          className={styles.input}
          value={body}
          rows={2}
          placeholder="Write a message"
          aria-describedby={[body.length >= COUNTER_FROM ? counterId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.send} disabled={!text || tooLong || sending.isLoading}>
          {sending.isLoading ? 'Sending…' : 'Send'}
        </button>
      </div>
      {body.length >= COUNTER_FROM && (
        <p id={counterId} className={tooLong ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
          {body.length} / {MESSAGE_MAX_LENGTH}
        </p>
      )}
    </form>
  );
}

function Thread({ conversation, messages, userId }: { conversation: ConversationSummary; messages: Message[]; userId: string }) {
  const endRef = useRef<HTMLDivElement>(null);
  const [markRead] = useMarkConversationReadMutation();
  const newest = messages.at(-1)?.id;
  // The newest message in view, and read: on arrival, and when the tab comes back.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
    if (newest === undefined) return undefined;
    const read = () => {
      if (document.visibilityState === 'visible') void markRead(conversation.id);
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [newest, conversation.id, markRead]);

  return (
    <>
      {messages.length === 0 ? (
        <p className={styles.threadHint}>Write to {conversation.other_name} about {conversation.room_title}.</p>
      ) : (
        <ol className={styles.thread} aria-label="Messages" aria-live="polite" aria-relevant="additions">
          {messages.map((message) => {
            const mine = message.sender_id === userId;
            return (
              <li key={message.id} className={mine ? `${styles.message} ${styles.mine}` : styles.message}>
                <span className={styles.visuallyHidden}>{mine ? 'You' : conversation.other_name}: </span>
                <p className={styles.bubble}>{message.body}</p>
                <time className={styles.time} dateTime={message.created_at}>
                  {formatListTime(message.created_at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
      <div ref={endRef} />
    </>
  );
}

export function Conversation() {
  const { id: param = '' } = useParams();
  const id = /^\d{1,15}$/.test(param) ? Number(param) : null;
  const { pathname } = useLocation();
  const user = useAppSelector(selectUserData);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname), REDIRECT_DELAY_MS.tripsToLogin);
  const ready = user && id !== null;
  const conversation = useGetConversationQuery(ready ? id : skipToken, { refetchOnMountOrArgChange: true });
  const messages = useGetMessagesQuery(ready && conversation.data ? id : skipToken, { refetchOnMountOrArgChange: true });

  let header = null;
  let content;
  if (user && id === null) {
    content = <NotFound />;
  } else if (!user || conversation.isLoading || (conversation.data && messages.isLoading)) {
    content = (
      <div aria-hidden="true" className={styles.list}>
        <Skeleton className={styles.rowSkeleton} />
        <Skeleton className={styles.rowSkeleton} />
      </div>
    );
  } else if (conversation.isError || messages.isError) {
    content = (
      <div className={page.empty} role="alert">
        <p className={page.emptyText}>This conversation could not be loaded.</p>
        <button
          type="button"
          className={page.action}
          onClick={() => {
            void conversation.refetch();
            if (messages.isError) void messages.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  } else if (!conversation.data) {
    content = <NotFound />;
  } else {
    const c = conversation.data;
    const stay = stayStateOf(c, toIsoDay(new Date()));
    header = (
      <p className={styles.about}>
        <Link to={`/house/${c.room_id}`}>{c.room_title}</Link>
        {c.start_date && c.end_date ? ` · ${formatShownRange(c.start_date, c.end_date)}` : ''}
        {stay && (
          <>
            {' · '}
            <span className={stay.status === 'CANCELLED' ? `${styles.stay} ${styles.stayCancelled}` : styles.stay}>{stay.label}</span>
          </>
        )}
        {c.role === 'host' ? ' · you host' : ''}
      </p>
    );
    content = (
      <>
        <Thread conversation={c} messages={messages.data ?? []} userId={user.id} />
        <Composer conversationId={c.id} />
      </>
    );
  }

  return (
    <section className={`${styles.page} ${styles.conversationPage}`} aria-labelledby="conversation-title">
      <Link to="/messages" className={styles.back}>
        ← All messages
      </Link>
      <h1 id="conversation-title" className={styles.title}>
        {conversation.data ? conversation.data.other_name : 'Messages'}
      </h1>
      {header}
      {content}
    </section>
  );
}

function NotFound() {
  return (
    <div className={page.empty}>
      <h2 className={page.emptyTitle}>Conversation not found</h2>
      <p className={page.emptyText}>There is no conversation with this address in your account.</p>
      <Link to="/messages" className={page.action}>
        See your messages
      </Link>
    </div>
  );
}
