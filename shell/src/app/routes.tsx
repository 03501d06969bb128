import type { ReactNode } from 'react';
import { matchPath } from 'shared/router';
import type { ExposedId } from 'shared/federation';

/** Which remote page renders each route of the spec; shell-owned pages are elsewhere. */
export const remoteRoutes: ReadonlyArray<{ path: string; id: ExposedId; loading?: ReactNode }> = [
  { path: '/home', id: 'discovery/Home' },
  { path: '/house/:id', id: 'listing/HouseDetail' },
  { path: '/:id/book', id: 'checkout/BookingPage' },
  { path: '/wishlist', id: 'account/Wishlist' },
  { path: '/trips', id: 'account/Trips' },
  { path: '/trips/:code', id: 'account/Trip' },
  { path: '/login', id: 'account/LoginPage' },
  { path: '/reset-password', id: 'account/ResetPassword' },
  { path: '/account-settings', id: 'account/AccountSettings' },
  { path: '/lp', id: 'account/PersonalInfo' },
  // Hosting (issue 16), behind the user menu's 'Manage Listings'.
  { path: '/hosting', id: 'hosting/Hosting' },
  { path: '/hosting/new', id: 'hosting/ListingEditor' },
  { path: '/hosting/:id/edit/:step', id: 'hosting/ListingEditor' },
  { path: '/hosting/:id/calendar', id: 'hosting/HostCalendar' },
  { path: '/hosting/earnings', id: 'hosting/Earnings' },
  // Messages (issue 30), from the user menu and the phone's Messages tab.
  { path: '/messages', id: 'account/Messages' },
  { path: '/messages/:id', id: 'account/Conversation' },
  // Notifications (issue 42), from the user menu's 'Notification'.
  { path: '/notifications', id: 'account/Notifications' },
];

/** The header hides the search and category controls on these pages (both specs, section 2). */
const PAGES_WITHOUT_SEARCH = ['/wishlist', '/trips', '/login', '/reset-password', '/account-settings', '/lp', '/comingsoon', '/messages', '/notifications'];

/** Hosting's pages (issue 16) are the host's own work, not a place to search from. */
const isHostingPage = (pathname: string) => pathname === '/hosting' || pathname.startsWith('/hosting/');

/**
 * The booking page finishes one stay, and signed out it is a step to /login (after 2 s): with
 * /login's header (no search) nothing moves when it goes there (issue 28: a phone's header is
 * the search pill, and the page below moved up by its height).
 */
const isBookingPage = (pathname: string) => matchPath('/:id/book', pathname) !== null;

export function headerShowsSearch(pathname: string): boolean {
  // A trip's page (/trips/:code) is one of the trips pages, a conversation one of the messages.
  return (
    !PAGES_WITHOUT_SEARCH.includes(pathname) &&
    !pathname.startsWith('/trips/') &&
    !pathname.startsWith('/messages/') &&
    !isHostingPage(pathname) &&
    !isBookingPage(pathname)
  );
}

/** Pages that take a signed-out visitor to /login by themselves (the booking page, after 2 s). */
export function leadsSignedOutToLogin(pathname: string): boolean {
  return isBookingPage(pathname);
}

export function headerShowsCategories(pathname: string): boolean {
  return pathname === '/home';
}

/** Paths the shell itself renders; every other path without a remote route is the 404 page. */
const SHELL_PAGES = ['/', '/comingsoon'];

/** Whether a path is a page of the site (the server answers 404 for the others). */
export function isKnownPage(pathname: string): boolean {
  return SHELL_PAGES.includes(pathname) || remoteRoutes.some((route) => matchPath(route.path, pathname) !== null);
}

/** The remote page a path renders, with the path's parameters, if any. */
export function remoteRouteOf(pathname: string): { id: ExposedId; params: Record<string, string | undefined> } | null {
  for (const route of remoteRoutes) {
    const match = matchPath(route.path, pathname);
    if (match) return { id: route.id, params: match.params };
  }
  return null;
}

/** The remote page a path renders, if any. */
export function remotePageOf(pathname: string): ExposedId | null {
  return remoteRouteOf(pathname)?.id ?? null;
}

/** Every remote module a path renders: the header's slots, then the page. The landing page has no header: none. */
export function remoteModulesOf(pathname: string): ExposedId[] {
  if (pathname === '/') return [];
  const ids: ExposedId[] = ['account/UserMenu'];
  if (headerShowsSearch(pathname)) ids.push('discovery/SearchBar');
  if (headerShowsCategories(pathname)) ids.push('discovery/CategoryStrip');
  const page = remotePageOf(pathname);
  if (page) ids.push(page);
  return ids;
}
