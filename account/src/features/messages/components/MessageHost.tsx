/**
 * A trip's "Message host" (issue 30): opens the conversation about this booking with the place's
 * host (made on the first press). Shown only for a place with a host account (the seed
 * catalogue's have none) and a booking to talk about. A guest (their own anonymous account) may
 * not message: they are asked to create an account first.
 */
import { useState } from 'react';
import { useNavigate } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetRoomHasHostQuery } from 'shared/api';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import { useStartConversationMutation } from '../api/messagesApi';
import { conversationPath } from './messageTime';

export function MessageHost({ roomId, bookingId, className }: { roomId: number; bookingId: number | null; className?: string }) {
  const navigate = useNavigate();
  const hasHost = useGetRoomHasHostQuery(bookingId === null ? skipToken : roomId);
  const [start, starting] = useStartConversationMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const isGuest = useAppSelector(selectUserData)?.isAnonymous === true;
  if (bookingId === null || hasHost.data !== true) return null;

  async function open(booking: number) {
    setFailed(null);
    if (isGuest) {
      setFailed('Create an account in Account settings to message your host.');
      return;
    }
    const result = await start({ roomId, bookingId: booking });
    if (result.data === undefined) setFailed('The conversation could not be opened. Try again.');
    else void navigate(conversationPath(result.data));
  }

  return (
    <>
      <button type="button" className={className} disabled={starting.isLoading} onClick={() => void open(bookingId)}>
        Message host
      </button>
      {failed && <p role="alert">{failed}</p>}
    </>
  );
}
