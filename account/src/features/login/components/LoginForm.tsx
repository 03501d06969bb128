/**
 * The content of the login dialog and the /login page (accounts spec section 2): a welcome
 * heading, Email and Password, Continue, the 'or' divider, Google and the guest account. A new
 * email is signed up by Continue, and then asked for a name before the page moves on.
 * 'Forgot password?' (beyond the spec) asks for the email and sends a reset link instead. An
 * account with two-step sign-in is asked for its authenticator's code after the password (issue
 * 33); the session is aal2 once the code is right.
 *
 * Before the scripts run (or without them) Email, Password and Continue are a plain form posted
 * to /login, which the site's server signs in with (a refused one comes back as `refused`); so is
 * 'Sign in as a Guest user', for which the server makes the visitor's own guest account.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from 'shared/store';
import { useTypedBeforeHydration } from 'shared/ui';
import type { RefusedLogin } from 'shared/state';
import {
  afterPasswordLogin,
  confirmTwoStep,
  continueWithPassword,
  requestPasswordReset,
  signInAsGuest,
  signInWithGoogle,
  twoStepStatus,
  updateUserName,
  type AuthOutcome,
} from 'shared/session';
import { TextField } from '../../../components/TextField';
import controls from '../../../components/FormControls.module.css';
import styles from './LoginForm.module.css';

type Busy = null | 'password' | 'google' | 'guest' | 'name' | 'reset' | 'code';
type Mode = 'login' | 'forgot' | 'sent';

export interface LoginFormProps {
  /** Called once a login has succeeded, before the page moves on (the dialog closes). */
  onLoggedIn?: () => void;
  /** Called when a login starts (the /login page then leaves the moving on to the form). */
  onAttempt?: () => void;
  /** The welcome heading's level: one below the title around the form (h1 on the page, h2 in the dialog). */
  headingLevel?: 2 | 3;
  /** Where the login goes afterwards (the dialog opened by Reserve: the booking page with the stay). */
  returnTo?: string | null;
  /** 'Sign in as a Guest user' was asked for by a link of this site (/login's GUEST_PARAM): do it now. */
  guestRequested?: boolean;
  /** Where the forms post without JavaScript: /login, with the page to return to. */
  action?: string;
  /** The server refused the form's post: the email typed is kept and the reason shown. */
  refused?: RefusedLogin | null;
}

/**
 * The field 'Sign in as a Guest user' sends when pressed before the scripts run (or without
 * them): the button posts its form to /login, and the site's server signs the visitor into a
 * guest account of their own. /login?guest=1 (a page of this site asking) does the same once the
 * page's scripts run.
 */
export const GUEST_PARAM = 'guest';

export function LoginForm({
  onLoggedIn,
  onAttempt,
  headingLevel = 3,
  returnTo = null,
  guestRequested = false,
  action = '/login',
  refused = null,
}: LoginFormProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const dispatch = useAppDispatch();
  const ids = useId();
  const [email, setEmail] = useState(refused?.email ?? '');
  const [password, setPassword] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(emailRef, email, setEmail);
  useTypedBeforeHydration(passwordRef, password, setPassword);
  const [name, setName] = useState('');
  const [askName, setAskName] = useState(false);
  /** The authenticator to ask a code of, once the password was right. */
  const [codeFactor, setCodeFactor] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<Mode>('login');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(refused?.message ?? null);

  const finish = (outcome: AuthOutcome): boolean => {
    if (!outcome.ok) {
      setError(outcome.message);
      return false;
    }
    return true;
  };

  const moveOn = () => {
    onLoggedIn?.();
    afterPasswordLogin(returnTo);
  };

  const onContinue = async (event: FormEvent) => {
    event.preventDefault();
    onAttempt?.();
    setError(null);
    setBusy('password');
    const outcome = await dispatch(continueWithPassword(email, password));
    if (!finish(outcome)) {
      setBusy(null);
      return;
    }
    if ('signedUp' in outcome) {
      setBusy(null);
      setAskName(true);
      return;
    }
    const twoStep = await dispatch(twoStepStatus());
    setBusy(null);
    if (twoStep.ok && twoStep.status.factorId && !twoStep.status.verified) setCodeFactor(twoStep.status.factorId);
    else moveOn();
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    if (codeFactor === null) return;
    setError(null);
    setBusy('code');
    const outcome = await dispatch(confirmTwoStep(codeFactor, code));
    setBusy(null);
    if (outcome.ok) moveOn();
    else setError(outcome.message);
  };

  const onSaveName = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy('name');
    const outcome = await dispatch(updateUserName(name));
    setBusy(null);
    if (finish(outcome)) moveOn();
  };

  const onGoogle = async () => {
    onAttempt?.();
    setError(null);
    setBusy('google');
    const outcome = await dispatch(signInWithGoogle(returnTo));
    // On success the browser is leaving for the provider; stay busy until it does.
    if (!finish(outcome)) setBusy(null);
  };

  const onGuest = async () => {
    onAttempt?.();
    setError(null);
    setBusy('guest');
    const outcome = await dispatch(signInAsGuest());
    setBusy(null);
    if (finish(outcome)) moveOn();
  };

  const guestStarted = useRef(false);
  useEffect(() => {
    if (!guestRequested || guestStarted.current) return;
    guestStarted.current = true;
    void onGuest();
    // onGuest is a new function each render; the request is answered once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guestRequested]);

  const onReset = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy('reset');
    const outcome = await dispatch(requestPasswordReset(email));
    setBusy(null);
    if (finish(outcome)) setMode('sent');
  };

  const toMode = (next: Mode) => {
    setError(null);
    setMode(next);
  };

  const errorLine = error && (
    <p className={controls.error} role="alert">
      {error}
    </p>
  );

  if (askName) {
    return (
      <form className={styles.form} onSubmit={onSaveName} noValidate>
        <Heading className={styles.welcome}>Finish signing up</Heading>
        <p className={styles.hint}>Your account for {email} is ready. What should hosts call you?</p>
        <TextField
          id={`${ids}-name`}
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus to its first field (WAI-ARIA dialog pattern)
          autoFocus
        />
        {errorLine}
        <button type="submit" className={controls.primary} disabled={busy !== null}>
          {busy === 'name' ? 'Saving...' : 'Continue'}
        </button>
      </form>
    );
  }

  if (codeFactor !== null) {
    return (
      <form className={styles.form} onSubmit={onCode} noValidate>
        <Heading className={styles.welcome}>Two-step sign-in</Heading>
        <p className={styles.hint}>Open your authenticator app and enter the 6-digit code it shows for Homestory.</p>
        <TextField
          id={`${ids}-code`}
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form replaced the one that had focus
          autoFocus
        />
        {errorLine}
        <button type="submit" className={controls.primary} disabled={busy !== null}>
          {busy === 'code' ? 'Checking...' : 'Continue'}
        </button>
      </form>
    );
  }

  if (mode === 'sent') {
    return (
      <div className={styles.form}>
        <Heading className={styles.welcome}>Check your email</Heading>
        <p className={styles.hint} role="status">
          If an account exists for {email.trim()}, we sent it a code and a link to set a new password. They work once, for an
          hour.
        </p>
        <button type="button" className={controls.secondary} onClick={() => toMode('login')}>
          Back to log in
        </button>
      </div>
    );
  }

  if (mode === 'forgot') {
    return (
      <form className={styles.form} onSubmit={onReset} noValidate>
        <Heading className={styles.welcome}>Reset your password</Heading>
        <p className={styles.hint}>Enter the email of your account and we will send you a link to set a new password.</p>
        <TextField
          id={`${ids}-reset-email`}
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form replaced the one that had focus
          autoFocus
        />
        {errorLine}
        <button type="submit" className={controls.primary} disabled={busy !== null}>
          {busy === 'reset' ? 'Sending...' : 'Send reset link'}
        </button>
        <button type="button" className={controls.secondary} onClick={() => toMode('login')}>
          Back to log in
        </button>
      </form>
    );
  }

  return (
    <div className={styles.form}>
      <Heading className={styles.welcome}>Welcome to Homestory</Heading>
      <form method="post" action={action} onSubmit={onContinue} noValidate className={styles.fields}>
        <div className={controls.group}>
          <TextField
            id={`${ids}-email`}
            label="Email"
            grouped
            inputRef={emailRef}
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            id={`${ids}-password`}
            label="Password"
            grouped
            inputRef={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button type="button" className={styles.textButton} onClick={() => toMode('forgot')}>
          Forgot password?
        </button>
        {errorLine}
        <button type="submit" className={controls.primary} disabled={busy !== null}>
          {busy === 'password' ? 'Please wait...' : 'Continue'}
        </button>
      </form>
      <div className={styles.divider}>
        <span>or</span>
      </div>
      <button type="button" className={controls.secondary} onClick={onGoogle} disabled={busy !== null}>
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        {busy === 'google' ? 'Opening Google...' : 'Continue with Google'}
      </button>
      {/* A form, so that a press before the scripts run (or without them) is not lost: the server signs the guest in. */}
      <form
        method="post"
        action={action}
        className={styles.guest}
        onSubmit={(event) => {
          event.preventDefault();
          void onGuest();
        }}
      >
        <button type="submit" name={GUEST_PARAM} value="1" className={controls.secondary} disabled={busy !== null}>
          {busy === 'guest' ? 'Signing in...' : 'Sign in as a Guest user'}
        </button>
      </form>
    </div>
  );
}
