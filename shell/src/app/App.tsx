import { useEffect } from 'react';
import { Route, Routes } from 'shared/router';
import { RemoteSlot } from '../federation/RemoteSlot';
import { Layout } from '../layout/Layout';
import { Landing } from '../pages/Landing';
import { ComingSoon } from '../pages/ComingSoon';
import { NotFound } from '../pages/NotFound';
import { remoteRoutes } from './routes';
import { ScrollToTop } from './ScrollToTop';

/** Every page of the site, inside whichever router the caller gives: the browser's or the server's. */
export function App() {
  // The page answers from here on (its server-rendered HTML did not): tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
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
