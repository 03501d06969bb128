import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'shared/router';
import { selectIsLoggedIn } from 'shared/state';
import { useAppSelector } from 'shared/store';
import { preloadRemoteModule, RemoteSlot } from '../federation/RemoteSlot';
import { Layout } from '../layout/Layout';
import { Landing } from '../pages/Landing';
import { ComingSoon } from '../pages/ComingSoon';
import { NotFound } from '../pages/NotFound';
import { leadsSignedOutToLogin, remoteRoutes } from './routes';
import { ScrollToTop } from './ScrollToTop';

/**
 * A page that takes a signed-out visitor to /login loads /login's page while they read it, so
 * that the move shows the login form at once: loaded only then, its slot showed its fallback
 * first, and the footer jumped up and back (a layout shift of 0.13 on a busy machine).
 */
function useLoginPageReady() {
  const { pathname } = useLocation();
  const signedOut = !useAppSelector(selectIsLoggedIn);
  const leadsToLogin = signedOut && leadsSignedOutToLogin(pathname);
  useEffect(() => {
    // A failure is the slot's to show, when the visitor gets there.
    if (leadsToLogin) preloadRemoteModule('account/LoginPage').catch(() => undefined);
  }, [leadsToLogin]);
}

/** Every page of the site, inside whichever router the caller gives: the browser's or the server's. */
export function App() {
  // The page answers from here on (its server-rendered HTML did not): tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useLoginPageReady();
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route element={<Layout />}>
          {remoteRoutes.map(({ path, id, loading }) => (
            <Route key={path} path={path} element={<RemoteSlot id={id} loading={loading} />} />
          ))}
          <Route path="/comingsoon" element={<ComingSoon />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
}
