import { Navigate, Route, Routes } from 'shared/router';
import { renderStandalone } from 'shared/standalone';
import HouseDetail from './exposes/HouseDetail';

void renderStandalone(
  <Routes>
    <Route path="/house/:id" element={<HouseDetail />} />
    <Route path="*" element={<Navigate to="/house/1" replace />} />
  </Routes>,
);
