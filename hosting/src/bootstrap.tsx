/**
 * The hosting remote alone, for QA: its pages on their own routes and a stand-in /login (the
 * composed site uses the account remote's), which the pages send a signed-out visitor to.
 */
import { Navigate, Route, Routes } from 'shared/router';
import { renderStandalone } from 'shared/standalone';
import Hosting from './exposes/Hosting';
import ListingEditor from './exposes/ListingEditor';
import HostCalendar from './exposes/HostCalendar';
import Earnings from './exposes/Earnings';
import { QaLogin } from './standalone/QaLogin';

void renderStandalone(
  <main id="main">
    <Routes>
      <Route path="/hosting" element={<Hosting />} />
      <Route path="/hosting/new" element={<ListingEditor />} />
      <Route path="/hosting/:id/edit/:step" element={<ListingEditor />} />
      <Route path="/hosting/:id/calendar" element={<HostCalendar />} />
      <Route path="/hosting/earnings" element={<Earnings />} />
      <Route path="/login" element={<QaLogin />} />
      <Route path="*" element={<Navigate to="/hosting" replace />} />
    </Routes>
  </main>,
);
