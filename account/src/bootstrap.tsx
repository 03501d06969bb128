/**
 * The account remote alone, for QA: a small frame (the user menu and links to each page), the
 * always-mounted login dialog, and the remote's pages on their own routes.
 */
import { Navigate, NavLink, Route, Routes } from 'shared/router';
import { renderStandalone } from 'shared/standalone';
import UserMenu from './exposes/UserMenu';
import LoginDialog from './exposes/LoginDialog';
import LoginPage from './exposes/LoginPage';
import Wishlist from './exposes/Wishlist';
import Trip from './exposes/Trip';
import Trips from './exposes/Trips';
import AccountSettings from './exposes/AccountSettings';
import PersonalInfo from './exposes/PersonalInfo';
import Messages from './exposes/Messages';
import Conversation from './exposes/Conversation';
import Notifications from './exposes/Notifications';
import styles from './standalone.module.css';

const PAGES = [
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/trips', label: 'Trips' },
  { to: '/messages', label: 'Messages' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/account-settings', label: 'Account settings' },
  { to: '/lp', label: 'Personal info' },
  { to: '/login', label: 'Login page' },
];

void renderStandalone(
  <>
    <header className={styles.header}>
      <strong>Account remote</strong>
      <nav aria-label="Account pages" className={styles.nav}>
        {PAGES.map((page) => (
          <NavLink key={page.to} to={page.to} className={({ isActive }) => (isActive ? styles.active : styles.link)}>
            {page.label}
          </NavLink>
        ))}
      </nav>
      <UserMenu />
    </header>
    <main id="main">
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/wishlist" element={<Wishlist />} />
        <Route path="/trips" element={<Trips />} />
        <Route path="/trips/:code" element={<Trip />} />
        <Route path="/messages" element={<Messages />} />
        <Route path="/messages/:id" element={<Conversation />} />
        <Route path="/notifications" element={<Notifications />} />
        <Route path="/account-settings" element={<AccountSettings />} />
        <Route path="/lp" element={<PersonalInfo />} />
        <Route path="*" element={<Navigate to="/wishlist" replace />} />
      </Routes>
    </main>
    <LoginDialog />
  </>,
);
