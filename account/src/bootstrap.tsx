import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandalone } from 'shared/ui/StandaloneHost';
import UserMenu from './exposes/UserMenu';
import LoginDialog from './exposes/LoginDialog';
import LoginPage from './exposes/LoginPage';
import Wishlist from './exposes/Wishlist';
import Trips from './exposes/Trips';
import AccountSettings from './exposes/AccountSettings';
import PersonalInfo from './exposes/PersonalInfo';

void renderStandalone(
  <>
    <UserMenu />
    <LoginDialog />
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/wishlist" element={<Wishlist />} />
      <Route path="/trips" element={<Trips />} />
      <Route path="/account-settings" element={<AccountSettings />} />
      <Route path="/lp" element={<PersonalInfo />} />
      <Route path="*" element={<Navigate to="/wishlist" replace />} />
    </Routes>
  </>,
);
