import { NavLink } from 'shared/router';
import { Heart, Search, Plane, MessageSquare, CircleUserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { selectIsLoggedIn } from 'shared/state';
import { useAppSelector } from 'shared/store';
import styles from './MobileNav.module.css';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

const ICON = { size: 24, strokeWidth: 1.75, 'aria-hidden': true } as const;

/**
 * Small-screen bottom navigation; items and targets from both specs (section 2), but Messages,
 * which the spec leaves inert, opens the conversations (issue 30; active on a conversation too).
 */
export function MobileNav() {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const items: NavItem[] = signedIn
    ? [
        { label: 'Explore', to: '/', icon: <Search {...ICON} /> },
        { label: 'Wishlist', to: '/wishlist', icon: <Heart {...ICON} /> },
        { label: 'Trips', to: '/trips', icon: <Plane {...ICON} /> },
        { label: 'Messages', to: '/messages', icon: <MessageSquare {...ICON} /> },
        { label: 'Profile', to: '/account-settings', icon: <CircleUserRound {...ICON} /> },
      ]
    : [
        { label: 'Explore', to: '/', icon: <Search {...ICON} /> },
        { label: 'Wishlist', to: '/wishlist', icon: <Heart {...ICON} /> },
        { label: 'Log in', to: '/login', icon: <CircleUserRound {...ICON} /> },
      ];
  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.label}>
            <NavLink to={item.to} end={item.to !== '/messages'} className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}>
              {item.icon}
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
