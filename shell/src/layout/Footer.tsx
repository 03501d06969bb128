import { Globe } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import styles from './Footer.module.css';

/** Site footer: language, currency and the copyright line (accounts spec sections 2 and 9). */
export function Footer() {
  const { pathname } = useLocation();
  const showBreadcrumb = pathname !== '/account-settings';
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {showBreadcrumb && (
          <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
            <ol>
              <li>United states</li>
              <li>California</li>
              <li>Los Angeles</li>
            </ol>
          </nav>
        )}
        <div className={styles.row}>
          <p className={styles.copyright}>© 2025 Homestory, Inc. · A group project</p>
          <p className={styles.prefs}>
            <span>
              <Globe size={16} aria-hidden /> English (IN)
            </span>
            <span>$ Dollar</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
