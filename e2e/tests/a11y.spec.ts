/**
 * axe-core on every screen, at both sizes (the desktop and mobile projects), signed out and
 * signed in: no serious or critical violation of WCAG 2.1 A/AA.
 */
import { seriousViolations } from '../support/axe';
import { expect, test, type Page } from '../support/test';
import { firstRoomId, signInAsGuest } from '../support/guest';

interface Screen {
  route: string;
  /** What shows once the screen has rendered. */
  ready: string;
}

async function expectNoSeriousViolations(page: Page, screen: Screen) {
  await page.goto(screen.route);
  await expect(page.locator(screen.ready).first()).toBeVisible({ timeout: 20_000 });
  // Skeletons and lazy parts settle first: axe judges the screen a visitor reads.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const serious = (await seriousViolations(page)).map((violation) => ({ ...violation, targets: violation.targets.slice(0, 5) }));
  expect.soft(serious, `${screen.route}: serious or critical axe violations`).toEqual([]);
}

const SIGNED_OUT: Screen[] = [
  { route: '/', ready: 'main h1, h1' },
  { route: '/home', ready: '[data-remote="discovery/Home"]' },
  { route: '/house/:id', ready: '[data-remote="listing/HouseDetail"] h1' },
  { route: '/login', ready: '[data-remote="account/LoginPage"]' },
  { route: '/reset-password', ready: '[data-remote="account/ResetPassword"] h1' },
  { route: '/wishlist', ready: '[data-remote="account/Wishlist"]' },
  { route: '/comingsoon', ready: 'main h1' },
  { route: '/no/such/page', ready: 'main h1' },
];

const SIGNED_IN: Screen[] = [
  { route: '/home', ready: '[data-remote="discovery/Home"]' },
  { route: '/house/:id', ready: '[data-remote="listing/HouseDetail"] h1' },
  { route: '/:id/book', ready: '[data-remote="checkout/BookingPage"] h1' },
  { route: '/wishlist', ready: '[data-remote="account/Wishlist"]' },
  { route: '/trips', ready: '[data-remote="account/Trips"] h1' },
  { route: '/account-settings', ready: '[data-remote="account/AccountSettings"]' },
  { route: '/lp', ready: '[data-remote="account/PersonalInfo"]' },
  { route: '/notifications', ready: '[data-remote="account/Notifications"] h1' },
  { route: '/hosting', ready: '[data-remote="hosting/Hosting"] h1' },
  { route: '/hosting/new', ready: '[data-remote="hosting/ListingEditor"] h1' },
];

// One page per state visits its screens in turn, as a visitor would: the scripts load once
// (a cold context per screen cost most of this suite's time), and each screen is its own step
// with its own soft assertion, so one screen's violations do not hide another's.
for (const [state, screens] of [['signed out', SIGNED_OUT], ['signed in', SIGNED_IN]] as const) {
  test(`${state}: no screen has serious or critical violations`, async ({ page, request }) => {
    test.setTimeout(screens.length * 40_000);
    const room = await firstRoomId(request);
    if (state === 'signed in') await signInAsGuest(page, request);
    for (const screen of screens) {
      const route = screen.route.replace(':id', String(room));
      await test.step(route, () => expectNoSeriousViolations(page, { ...screen, route }));
    }
  });
}
