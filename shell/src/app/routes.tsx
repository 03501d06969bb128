import type { ReactNode } from 'react';
import type { ExposedId } from 'shared/federation';

/** Which remote page renders each route of the spec; shell-owned pages are elsewhere. */
export const remoteRoutes: ReadonlyArray<{ path: string; id: ExposedId; loading?: ReactNode }> = [
  { path: '/home', id: 'discovery/Home' },
  { path: '/house/:id', id: 'listing/HouseDetail' },
  { path: '/:id/book', id: 'checkout/BookingPage' },
  { path: '/wishlist', id: 'account/Wishlist' },
  { path: '/trips', id: 'account/Trips' },
  { path: '/login', id: 'account/LoginPage' },
  { path: '/reset-password', id: 'account/ResetPassword' },
  { path: '/account-settings', id: 'account/AccountSettings' },
  { path: '/lp', id: 'account/PersonalInfo' },
];

/** The header hides the search and category controls on these pages (both specs, section 2). */
const PAGES_WITHOUT_SEARCH = ['/wishlist', '/trips', '/login', '/reset-password', '/account-settings', '/lp', '/comingsoon'];

export function headerShowsSearch(pathname: string): boolean {
  return !PAGES_WITHOUT_SEARCH.includes(pathname);
}

export function headerShowsCategories(pathname: string): boolean {
  return pathname === '/home';
}
