/**
 * The way to hosting (ARCHITECTURE.md section 6: the spec gives 'Manage Listings' no target):
 * the wide user menu's entry and the small-screen Profile page's row share its wording and target.
 */
export const MANAGE_LISTINGS = { label: 'Manage Listings', to: '/hosting' } as const;
