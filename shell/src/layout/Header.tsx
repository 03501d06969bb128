import { Link, useLocation } from 'shared/router';
import { RemoteSlot } from '../federation/RemoteSlot';
import { headerShowsCategories, headerShowsSearch } from '../app/routes';
import { Logo } from './Logo';
import styles from './Header.module.css';

export function Header() {
  const { pathname } = useLocation();
  const showSearch = headerShowsSearch(pathname);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/home" className={styles.logo} aria-label="Homestory home">
          <Logo />
        </Link>
        <div className={styles.search}>
          {showSearch && (
            <RemoteSlot id="discovery/SearchBar" compact loading={<div className={styles.searchSkeleton} />} />
          )}
        </div>
        <div className={styles.menu}>
          <RemoteSlot id="account/UserMenu" compact loading={<div className={styles.menuSkeleton} />} />
        </div>
      </div>
      {showSearch && headerShowsCategories(pathname) && (
        <div className={styles.categories}>
          <RemoteSlot id="discovery/CategoryStrip" compact loading={<div className={styles.categorySkeleton} />} />
        </div>
      )}
    </header>
  );
}
