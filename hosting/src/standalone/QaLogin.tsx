/**
 * A stand-in for the account remote's /login, so the hosting remote runs alone for QA: it signs
 * in with the shared guest account and goes back to the page that sent the visitor here.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'shared/router';
import { signInAsGuest } from 'shared/session';
import { useAppDispatch } from 'shared/store';
import { returnPathOf } from 'shared/url';

export function QaLogin() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  return (
    <div style={{ padding: 32 }}>
      <h1>Log in</h1>
      <p>The hosting remote runs alone here: sign in with the shared guest account.</p>
      <button
        type="button"
        onClick={async () => {
          const outcome = await dispatch(signInAsGuest());
          if (outcome.ok) void navigate(returnPathOf(search) ?? '/hosting', { replace: true });
          else setError(outcome.message);
        }}
      >
        Sign in as a Guest user
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
