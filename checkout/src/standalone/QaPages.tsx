/**
 * Stand-ins for the two pages the booking page leads to, so the checkout remote runs alone for
 * QA: /login signs in as a guest (an account of the visitor's own) and goes back, /trips confirms the redirect
 * after paying. The composed site uses the account remote's real pages instead.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'shared/router';
import { signInAsGuest } from 'shared/session';
import { useAppDispatch } from 'shared/store';

export function QaLogin() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <div style={{ padding: 32 }}>
      <h1>Log in</h1>
      <p>The checkout remote runs alone here: sign in as a guest, with an account of your own.</p>
      <button
        type="button"
        onClick={async () => {
          const outcome = await dispatch(signInAsGuest());
          if (outcome.ok) void navigate(-1);
          else setError(outcome.message);
        }}
      >
        Sign in as a Guest user
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

export function QaTrips() {
  return (
    <div style={{ padding: 32 }}>
      <h1>Trips</h1>
      <p>
        The payment is recorded; the account remote lists trips on the composed site. <Link to="/1/book">Book again</Link>
      </p>
    </div>
  );
}
