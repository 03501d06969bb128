import { Outlet } from 'react-router-dom';
import { RemoteSlot } from '../federation/RemoteSlot';
import { Header } from './Header';
import { Footer } from './Footer';
import { MobileNav } from './MobileNav';
import { Toasts } from 'shared/ui/Toasts';
import styles from './Layout.module.css';

export function Layout() {
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
      <RemoteSlot id="account/LoginDialog" loading={null} compact />
      <Toasts />
    </div>
  );
}
