import { Navigate, Route, Routes } from 'shared/router';
import { renderStandalone } from 'shared/standalone';
import BookingPage from './exposes/BookingPage';
import { QaLogin, QaTrips } from './standalone/QaPages';

void renderStandalone(
  <main>
    <Routes>
      <Route path="/:id/book" element={<BookingPage />} />
      <Route path="/login" element={<QaLogin />} />
      <Route path="/trips" element={<QaTrips />} />
      <Route path="*" element={<Navigate to="/1/book" replace />} />
    </Routes>
  </main>,
);
