/**
 * "Contact host" (issue 30), under the host card of a place that has a host account: opens the
 * traveller's conversation about the place (made on the first press) at /messages/:id. Signed
 * out, it leads to /login, which returns here. A guest (their own anonymous account) may not
 * message: they are asked to create an account first. Nothing is shown for the seed catalogue's
 * places, which have no one to write to.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import { loginPathReturningTo } from 'shared/url';
import { useGetRoomHasHostQuery, type ApiError } from 'shared/api';
import { useStartInquiryMutation } from '../api';
import styles from './ContactHost.module.css';

/** What a guest is told: the server refuses a guest's messages (migration 20261203000200). */
const GUEST_CANNOT_MESSAGE = 'Create an account in Account settings to message hosts.';

export function ContactHost({ roomId }: { roomId: number }) {
  const user = useAppSelector(selectUserData);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hasHost = useGetRoomHasHostQuery(roomId);
  const [start, starting] = useStartInquiryMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (hasHost.data !== true) return null;

  async function contact() {
    if (!user) {
      void navigate(loginPathReturningTo(`${pathname}${search}`));
      return;
    }
    if (user.isAnonymous) {
      setProblem(GUEST_CANNOT_MESSAGE);
      return;
    }
    setProblem(null);
    const result = await start(roomId);
    if (result.data !== undefined) void navigate(`/messages/${result.data}`);
    else setProblem((result.error as ApiError).status === 403 ? 'You host this place.' : 'The conversation could not be opened. Try again.');
  }

  return (
    <div className={styles.contact}>
      <button type="button" className={styles.button} disabled={starting.isLoading} onClick={() => void contact()}>
        Contact host
      </button>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
