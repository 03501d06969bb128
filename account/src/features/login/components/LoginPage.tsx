/**
 * /login: the dialog's content as a page. A signed-in user who opens it is sent to its return
 * path (`next`, a page of this site) or to /home; a login made here lands there through the form
 * itself (a full load, as after any password login, or Google's redirect target), so the page
 * does not navigate a second time.
 *
 * 'Sign in as a Guest user' pressed before the scripts ran (or without them) posts to /login,
 * and the site's server signs the visitor into a guest account of their own. /login?guest=1
 * (with `next`; what that button loaded in earlier builds) still signs in as a guest once the
 * scripts run: the page takes the flag out of the address, and signs in only when that load came
 * from this site's /login (its referrer), so a link elsewhere cannot sign a visitor in.
 */
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn, selectRefusedLogin } from 'shared/state';
import { loginPathReturningTo, returnPathOf } from 'shared/url';
import { AFTER_LOGIN_PATH } from 'shared/session';
import { GUEST_PARAM, LoginForm } from './LoginForm';
import { LOGIN_TITLE } from './texts';
import { PageCard } from './PageCard';

/** Whether this document was loaded from this site's /login page (the guest form's submission). */
function loadedFromLoginPage(): boolean {
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.pathname === '/login';
  } catch {
    return false;
  }
}

export function LoginPage() {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const refused = useAppSelector(selectRefusedLogin);
  const [attempted, setAttempted] = useState(false);
  const [guestRequested, setGuestRequested] = useState(false);
  const { search } = useLocation();
  const navigate = useNavigate();
  const guestFlag = new URLSearchParams(search).get(GUEST_PARAM) === '1';
  const next = returnPathOf(search);

  useEffect(() => {
    if (!guestFlag) return;
    const returnPath = returnPathOf(search);
    void navigate(returnPath === null ? '/login' : loginPathReturningTo(returnPath), { replace: true });
    if (loadedFromLoginPage()) setGuestRequested(true);
  }, [guestFlag, search, navigate]);

  if (signedIn && !attempted && !guestRequested) return <Navigate to={next ?? AFTER_LOGIN_PATH} replace />;
  return (
    <PageCard title={LOGIN_TITLE}>
      <LoginForm
        onAttempt={() => setAttempted(true)}
        headingLevel={2}
        guestRequested={guestRequested}
        action={loginPathReturningTo(next ?? '')}
        refused={refused}
      />
    </PageCard>
  );
}
