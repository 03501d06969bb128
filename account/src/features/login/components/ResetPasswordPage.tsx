/**
 * /reset-password (beyond the spec): where the emailed reset link lands. The auth client signs
 * the traveller in from the link's code as the page starts; the page then asks for a new
 * password. A link that was used or is over an hour old comes back with an error instead, and
 * the page says so and offers a new one from the login dialog. An account with an authenticator
 * app is asked for its code too: the link alone does not change its password.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'shared/router';
import { useGetSessionUserQuery } from 'shared/api';
import { AFTER_LOGIN_PATH, setNewPassword } from 'shared/session';
import { setShowLogin } from 'shared/state';
import { useAppDispatch } from 'shared/store';
import { TextField } from '../../../components/TextField';
import { useTwoStepCode } from '../../../components/useTwoStepCode';
import controls from '../../../components/FormControls.module.css';
import formStyles from './LoginForm.module.css';
import { PageCard } from './PageCard';

export const RESET_TITLE = 'Set a new password';

export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const session = useGetSessionUserQuery();
  const user = session.data ?? null;
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const twoStep = useTwoStepCode();
  const linkFailed = new URLSearchParams(search).has('error_code');

  // The link's code has been used by the auth client once the session is known: the URL drops it.
  useEffect(() => {
    if (!session.isLoading && new URLSearchParams(search).has('code')) void navigate(pathname, { replace: true });
  }, [session.isLoading, search, pathname, navigate]);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const refused = await twoStep.prove();
    const outcome = refused ?? (await dispatch(setNewPassword(password)));
    setBusy(false);
    if (!refused) twoStep.answered(outcome);
    if (outcome.ok) setDone(true);
    else setError(outcome.message);
  };

  let body;
  if (done) {
    body = (
      <div className={formStyles.form}>
        <p role="status" className={formStyles.welcome}>
          Your password has been changed.
        </p>
        <Link to={AFTER_LOGIN_PATH} className={controls.primary}>
          Continue to Homestory
        </Link>
      </div>
    );
  } else if (session.isLoading) {
    body = (
      <p className={formStyles.hint} role="status">
        Checking your link...
      </p>
    );
  } else if (user === null || linkFailed) {
    body = (
      <div className={formStyles.form}>
        <p role="alert" className={formStyles.hint}>
          {linkFailed
            ? 'This link has expired or was already used.'
            : 'Open the link from your email to set a new password here.'}
        </p>
        <button type="button" className={controls.primary} onClick={() => dispatch(setShowLogin(true))}>
          Get a new link
        </button>
      </div>
    );
  } else {
    body = (
      <form className={formStyles.form} onSubmit={onSave} noValidate>
        <p className={formStyles.hint}>Choose a new password for {user.email}. It needs at least 6 characters.</p>
        <TextField
          id={passwordId}
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {twoStep.field}
        {error && (
          <p className={controls.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={controls.primary} disabled={busy}>
          {busy ? 'Saving...' : 'Save password'}
        </button>
      </form>
    );
  }

  return <PageCard title={RESET_TITLE}>{body}</PageCard>;
}
