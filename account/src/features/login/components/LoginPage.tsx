/**
 * /login: the dialog's content as a page. A signed-in user who opens it is sent to its return
 * path (`next`, a page of this site) or to /; a login made here lands there through the form
 * itself (a full load, as after any password login, or Google's redirect target), so the page
 * does not navigate a second time.
 */
import { useState } from 'react';
import { Navigate, useLocation } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn, selectRefusedLogin } from 'shared/state';
import { loginPathReturningTo, returnPathOf } from 'shared/url';
import { LoginForm } from './LoginForm';
import { LOGIN_TITLE } from './texts';
import { PageCard } from './PageCard';

export function LoginPage() {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const refused = useAppSelector(selectRefusedLogin);
  const [attempted, setAttempted] = useState(false);
  const { search } = useLocation();
  const next = returnPathOf(search);
  if (signedIn && !attempted) return <Navigate to={next ?? '/'} replace />;
  return (
    <PageCard title={LOGIN_TITLE}>
      <LoginForm
        onAttempt={() => setAttempted(true)}
        headingLevel={2}
        action={loginPathReturningTo(next ?? '')}
        refused={refused}
      />
    </PageCard>
  );
}
