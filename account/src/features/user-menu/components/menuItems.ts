/**
 * The user menu's entries and targets (accounts spec section 2). Entries whose target the
 * spec does not show lead to the coming-soon page, as 'Become a host' does.
 */
import { MANAGE_LISTINGS } from '../../../hostingEntry';

export type MenuEntry =
  /** `showsUnread`: the entry carries the unread notifications' count. */
  | { kind: 'link'; label: string; to: string; strong?: boolean; showsUnread?: true }
  | { kind: 'login'; label: string; strong?: boolean }
  | { kind: 'logout'; label: string }
  | { kind: 'separator' };

const COMING_SOON = '/comingsoon';

export const SIGNED_IN_ENTRIES: readonly MenuEntry[] = [
  // Not the spec's inert entry: the conversations (issue 30).
  { kind: 'link', label: 'Messages', to: '/messages', strong: true },
  // Not a coming-soon page: the booking's steps (issue 42), with their unread count.
  { kind: 'link', label: 'Notification', to: '/notifications', strong: true, showsUnread: true },
  { kind: 'link', label: 'Trips', to: '/trips', strong: true },
  { kind: 'link', label: 'Wishlist', to: '/wishlist', strong: true },
  { kind: 'separator' },
  // Not given by the spec: hosting (issue 16) is behind it. 'Become a host' stays coming soon.
  { kind: 'link', ...MANAGE_LISTINGS },
  { kind: 'link', label: 'Refer a host', to: COMING_SOON },
  { kind: 'link', label: 'Account', to: '/account-settings' },
  { kind: 'separator' },
  { kind: 'link', label: 'Help center', to: COMING_SOON },
  { kind: 'logout', label: 'Log out' },
];

export const SIGNED_OUT_ENTRIES: readonly MenuEntry[] = [
  { kind: 'login', label: 'Sign up', strong: true },
  { kind: 'login', label: 'Log in' },
  { kind: 'separator' },
  { kind: 'link', label: 'Become a host', to: COMING_SOON },
  { kind: 'link', label: 'Help center', to: COMING_SOON },
];
