/**
 * /login: the dialog's content as a page. A signed-in user who opens it is sent to its return
 * path (`next`, a page of this site) or to /home; a login made here lands there through the form
 * itself (a full load, as after any password login, or Google's redirect target), so the page
 * does not navigate a second time.
 */
import { useState } from 'react';
import { Navigate, useLocation } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import { returnPathOf } from 'shared/url';
import { AFTER_LOGIN_PATH } from 'shared/session';
import { LoginForm } from './LoginForm';
import { LOGIN_TITLE } from './texts';
import { PageCard } from './PageCard';

export function LoginPage() {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const [attempted, setAttempted] = useState(false);
  const { search } = useLocation();
  if (signedIn && !attempted) return <Navigate to={returnPathOf(search) ?? AFTER_LOGIN_PATH} replace />;
  return (
    <PageCard title={LOGIN_TITLE}>
      <LoginForm onAttempt={() => setAttempted(true)} headingLevel={2} />
    </PageCard>
  );
}
