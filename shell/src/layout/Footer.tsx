/**
 * The site footer (accounts spec sections 2 and 9, discovery spec section 1): the breadcrumb
 * row (not on account settings), the copyright line, English (IN) and $ Dollar. On the home
 * screen, whose grid scrolls without end, the footer is a bar fixed to the bottom of wide
 * screens, shown only to signed-in users, with the $ USD label.
 */
import { Globe } from 'lucide-react';
import { useLocation } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import {
  COPYRIGHT_YEAR,
  CURRENCY_LABEL,
  FOOTER_BREADCRUMB,
  FOOTER_CURRENCY_LABEL,
  LANGUAGE_LABEL,
} from 'shared/rules';
import styles from './Footer.module.css';

const COPYRIGHT = `© ${COPYRIGHT_YEAR} Homestory, Inc. · A group project`;

function Preferences({ currency }: { currency: string }) {
  return (
    <p className={styles.prefs}>
      <span>
        <Globe size={16} aria-hidden /> {LANGUAGE_LABEL}
      </span>
      <span>{currency}</span>
    </p>
  );
}

export function Footer() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsLoggedIn);

  if (pathname === '/home') {
    if (!signedIn) return null;
    return (
      <>
        <div className={styles.barSpacer} aria-hidden="true" />
        <footer className={styles.bar}>
          <p className={styles.copyright}>{COPYRIGHT}</p>
          <Preferences currency={CURRENCY_LABEL} />
        </footer>
      </>
    );
  }

  const showBreadcrumb = pathname !== '/account-settings';
  // The landing page has no bottom navigation to leave room for.
  const className = pathname === '/' ? styles.footer : `${styles.footer} ${styles.aboveMobileNav}`;
  return (
    <footer className={className}>
      <div className={styles.inner}>
        {showBreadcrumb && (
          <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
            <ol>
              {FOOTER_BREADCRUMB.map((place) => (
                <li key={place}>{place}</li>
              ))}
            </ol>
          </nav>
        )}
        <div className={styles.row}>
          <p className={styles.copyright}>{COPYRIGHT}</p>
          <Preferences currency={FOOTER_CURRENCY_LABEL} />
        </div>
      </div>
    </footer>
  );
}
