import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandalone } from 'shared/ui/StandaloneHost';
import BookingPage from './exposes/BookingPage';

void renderStandalone(
  <Routes>
    <Route path="/:id/book" element={<BookingPage />} />
    <Route path="*" element={<Navigate to="/1/book" replace />} />
  </Routes>,
);
