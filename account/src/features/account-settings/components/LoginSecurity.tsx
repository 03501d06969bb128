/**
 * The 'Login & Security' tile's dialog (beyond the spec, which gives the tile no target; issue
 * 29): change the password with the current one, change the email, which the server mails to
 * both addresses and changes once both links are followed, and two-step sign-in (TwoStepSection).
 * With an authenticator app set up, a session that did not give its code is asked for it by
 * either change (the server refuses them without it) and raised with it before the change is sent.
 * A guest's account (anonymous sign-in) has no password or email to change and cannot hold an
 * authenticator: its dialog offers the one thing it can do, become a permanent account.
 */
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from 'shared/store';
import { showToast } from 'shared/state';
import type { AppUser } from 'shared/api';
import { Dialog } from 'shared/ui';
import { changeEmail, changePassword, createAccountFromGuest } from 'shared/session';
import { TextField } from '../../../components/TextField';
import { useTwoStepCode } from '../../../components/useTwoStepCode';
import controls from '../../../components/FormControls.module.css';
import styles from './LoginSecurity.module.css';
import { TwoStepSection } from './TwoStepSection';

export const LOGIN_SECURITY_TITLE = 'Login & Security';

type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p className={styles.success} role="status">
      {outcome.message}
    </p>
  ) : (
    <p className={controls.error} role="alert">
      {outcome.message}
    </p>
  );
}

function PasswordForm() {
  const dispatch = useAppDispatch();
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const twoStep = useTwoStepCode();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    const refused = await twoStep.prove();
    const result = refused ?? (await dispatch(changePassword(current, next, confirm)));
    setBusy(false);
    if (!refused) twoStep.answered(result);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    setCurrent('');
    setNext('');
    setConfirm('');
    setOutcome({ ok: true, message: 'Your password has been updated. Use the new one next time you log in.' });
  };

  const field = (suffix: string, label: string, value: string, set: (value: string) => void, autoComplete: string) => (
    <TextField
      id={`${ids}-${suffix}`}
      label={label}
      grouped
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => set(event.target.value)}
    />
  );

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.heading}>
        Password
      </h3>
      <div className={controls.group}>
        {field('current', 'Current password', current, setCurrent, 'current-password')}
        {field('new', 'New password', next, setNext, 'new-password')}
        {field('confirm', 'Confirm new password', confirm, setConfirm, 'new-password')}
      </div>
      <p className={styles.hint}>At least 6 characters.</p>
      {twoStep.field}
      <OutcomeLine outcome={outcome} />
      <button type="submit" className={controls.primary} disabled={busy}>
        {busy ? 'Updating...' : 'Update password'}
      </button>
    </form>
  );
}

function EmailForm({ email }: { email: string | null }) {
  const dispatch = useAppDispatch();
  const ids = useId();
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const twoStep = useTwoStepCode();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    const wanted = next.trim();
    const refused = await twoStep.prove();
    const result = refused ?? (await dispatch(changeEmail(wanted)));
    setBusy(false);
    if (!refused) twoStep.answered(result);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    setNext('');
    setOutcome({
      ok: true,
      message: `We sent a confirmation link to ${wanted} and to ${email ?? 'your current email'}. Your email changes once both links are followed.`,
    });
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.heading}>
        Email
      </h3>
      <p className={styles.hint}>Now: {email ?? 'Not provided'}</p>
      <TextField
        id={`${ids}-email`}
        label="New email"
        type="email"
        autoComplete="email"
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      {twoStep.field}
      <OutcomeLine outcome={outcome} />
      <button type="submit" className={controls.secondary} disabled={busy}>
        {busy ? 'Sending...' : 'Change email'}
      </button>
    </form>
  );
}

export const CREATE_ACCOUNT_TITLE = 'Create an account to keep your trips';

/**
 * A guest's way to keep their account: an email and a password make it permanent, with its trips,
 * wishlist and name (the same user, so nothing moves). Afterwards the dialog shows an account's forms.
 */
function CreateAccountForm() {
  const dispatch = useAppDispatch();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    const result = await dispatch(createAccountFromGuest(email, password));
    setBusy(false);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    dispatch(showToast({ kind: 'success', message: `Your account is ready. Log in with ${email.trim()} next time.` }));
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.heading}>
        {CREATE_ACCOUNT_TITLE}
      </h3>
      <p className={styles.hint}>
        You are signed in as a guest on this device. Add an email and a password to keep your trips and wishlist and to log in
        anywhere; a guest who logs out cannot come back to them.
      </p>
      <div className={controls.group}>
        <TextField
          id={`${ids}-email`}
          label="Email"
          grouped
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          id={`${ids}-password`}
          label="Password"
          grouped
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <p className={styles.hint}>At least 6 characters.</p>
      <OutcomeLine outcome={outcome} />
      <button type="submit" className={controls.primary} disabled={busy}>
        {busy ? 'Creating...' : 'Create account'}
      </button>
    </form>
  );
}

export function LoginSecurityDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: AppUser }) {
  return (
    <Dialog open={open} onClose={onClose} title={LOGIN_SECURITY_TITLE}>
      <div className={styles.body}>
        {user.isAnonymous ? (
          <CreateAccountForm />
        ) : (
          <>
            <PasswordForm />
            <EmailForm email={user.email} />
            <TwoStepSection />
          </>
        )}
      </div>
    </Dialog>
  );
}
