/**
 * "Contact host" (issue 30), under the host card of a place that has a host account: a dialog
 * where the traveller writes to the host; sending opens (or adds to) their conversation about the
 * place and leads there, /messages/:id. Nothing is made before something is written (issue 42:
 * an empty conversation landed in the host's inbox): Send waits for text, and the server's
 * contact_host refuses a blank message too. Signed out, the button leads to /login, which
 * returns here. A guest (their own anonymous account) may not message: they are asked to create
 * an account first. Nothing is shown for the seed catalogue's places, which have no one to write to.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectUserData } from 'shared/state';
import { loginPathReturningTo } from 'shared/url';
import { useGetRoomHasHostQuery, type ApiError } from 'shared/api';
import { Dialog } from 'shared/ui';
import { MESSAGE_MAX_LENGTH, useContactHostMutation } from '../api';
import styles from './ContactHost.module.css';

/** What a guest is told: the server refuses a guest's messages (migration 20261203000200). */
const GUEST_CANNOT_MESSAGE = 'Create an account in Account settings to message hosts.';

function sendProblem(error: ApiError): string {
  if (error.status === 403) return 'You host this place.';
  if (error.status === 429) return 'You are sending messages too fast. Wait a minute, then try again.';
  return 'Your message was not sent. Try again.';
}

export function ContactHost({ roomId }: { roomId: number }) {
  const user = useAppSelector(selectUserData);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hasHost = useGetRoomHasHostQuery(roomId);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (hasHost.data !== true) return null;

  function contact() {
    if (!user) {
      void navigate(loginPathReturningTo(`${pathname}${search}`));
      return;
    }
    if (user.isAnonymous) {
      setProblem(GUEST_CANNOT_MESSAGE);
      return;
    }
    setProblem(null);
    setOpen(true);
  }

  return (
    <div className={styles.contact}>
      <button type="button" className={styles.button} onClick={contact}>
        Contact host
      </button>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Contact host" className={styles.dialog}>
        <MessageForm roomId={roomId} onSent={(conversationId) => void navigate(`/messages/${conversationId}`)} />
      </Dialog>
    </div>
  );
}

/** The first message: Send is on once something is written, and off past the length the server takes. */
function MessageForm({ roomId, onSent }: { roomId: number; onSent: (conversationId: number) => void }) {
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [contactHost, sending] = useContactHostMutation();
  const sentRef = useRef(false);
  const id = useId();
  const tooLong = body.length > MESSAGE_MAX_LENGTH;
  const canSend = body.trim() !== '' && !tooLong && !sending.isLoading;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSend || sentRef.current) return;
    setProblem(null);
    const result = await contactHost({ roomId, body });
    if (result.data === undefined) {
      setProblem(sendProblem(result.error as ApiError));
      return;
    }
    sentRef.current = true;
    onSent(result.data);
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-body`} className={styles.label}>
        Your message
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Ask about the place or your dates. The host answers in Messages.
      </p>
      <textarea
        id={`${id}-body`}
        className={styles.input}
        value={body}
        rows={5}
        aria-describedby={`${id}-hint`}
        aria-invalid={tooLong || undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {tooLong && (
        <p className={styles.problem}>
          {body.length} / {MESSAGE_MAX_LENGTH}
        </p>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.send} disabled={!canSend}>
          {sending.isLoading ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
