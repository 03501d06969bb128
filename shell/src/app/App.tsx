import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RemoteSlot } from '../federation/RemoteSlot';
import { Layout } from '../layout/Layout';
import { Landing } from '../pages/Landing';
import { ComingSoon } from '../pages/ComingSoon';
import { NotFound } from '../pages/NotFound';
import { remoteRoutes } from './routes';
import { ScrollToTop } from './ScrollToTop';

export function App() {
  return (
    <BrowserRouter>
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
    </BrowserRouter>
  );
}
