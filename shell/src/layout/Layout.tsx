import { useState } from 'react';
import { Outlet } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectShowLogin } from 'shared/state';
import { RemoteSlot } from '../federation/RemoteSlot';
import { Header } from './Header';
import { Footer } from './Footer';
import { MobileNav } from './MobileNav';
import { Toasts } from 'shared/ui';
import styles from './Layout.module.css';

export function Layout() {
  // The login dialog is loaded the first time it is asked for, not with every page, and then
  // stays mounted so it can close and open again at once.
  const showLogin = useAppSelector(selectShowLogin);
  const [loginMounted, setLoginMounted] = useState(showLogin);
  if (showLogin && !loginMounted) setLoginMounted(true);
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <MobileNav />
      {loginMounted && <RemoteSlot id="account/LoginDialog" loading={null} compact />}
      <Toasts />
    </div>
  );
}
