/**
 * A stand-in for the account remote's /login, so the hosting remote runs alone for QA: it signs
 * in as a guest (an account of the visitor's own) and goes back to the page that sent the visitor
 * here. A guest cannot host until they create an account (the composed site's settings offer it).
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
      <p>The hosting remote runs alone here: sign in as a guest, with an account of your own.</p>
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
