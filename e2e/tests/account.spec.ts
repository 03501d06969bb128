/**
 * The account remote on the composed site, at desktop and mobile sizes: the login dialog and
 * page, sign-up, sign-in, a wrong password, the guest, Google through the backend's OpenID
 * provider, sign-out, favourites across a reload and tabs, the wishlist, trips, account
 * settings and personal info in each state, with their redirects and timings.
 */
import { expect, test, type Page } from '../support/test';
import { appPort } from '../../scripts/site.mjs';
import { newUser, PASSWORD, signInContext, SITE, siteConfig, type TestUser } from './accountSupport';
import { openUserMenu } from '../support/userMenu';
import { sessionCookiesOf, sessionInCookies } from '../support/sessionCookies';
import { freeStay, payThroughApi, newUser as newCheckoutUser } from './checkoutSupport';

/** The login dialog, opened the way each size offers it. */
async function openLoginDialog(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.goto('/wishlist');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  } else {
    await page.goto('/wishlist');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('navigation', { name: 'User menu' }).getByRole('link', { name: 'Log in' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function favouriteRoomIds(user: TestUser): Promise<number[]> {
  const { data, error } = await user.client.from('Favorites').select('item_id');
  if (error) throw error;
  return (data as { item_id: number }[]).map((row) => Number(row.item_id));
}

async function someRoomIds(user: TestUser, count: number): Promise<number[]> {
  const { data, error } = await user.client.from('Rooms').select('id').order('id').limit(count);
  if (error) throw error;
  return (data as { id: number }[]).map((row) => row.id);
}

/** Signed-in screens show the user menu's initial on wide screens, the Profile tab on small. */
async function expectSignedIn(page: Page, isMobile: boolean, initial: string) {
  if (isMobile) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
  else await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText(initial);
}

test.describe('login dialog and page', () => {
  test('the dialog shows its texts, locks scrolling, traps focus and closes on Escape, outside click and close', async ({ page, isMobile }) => {
    const dialog = await openLoginDialog(page, isMobile);
    await expect(dialog.getByRole('heading', { name: 'Welcome to Homestory' })).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expect(dialog.getByLabel('Password')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await expect(dialog.getByText('or', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign in as a Guest user' })).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    // Focus stays inside: from the last control, Tab wraps to the first.
    await dialog.getByRole('button', { name: 'Sign in as a Guest user' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    const again = await openLoginDialog(page, isMobile);
    await page.mouse.click(5, 5);
    await expect(again).toBeHidden();

    const third = await openLoginDialog(page, isMobile);
    await third.getByRole('button', { name: 'Close' }).click();
    await expect(third).toBeHidden();
  });

  test('an empty field: "Email and password are required."', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Email and password are required.');
  });

  test('a wrong password says so', { tag: '@one-size' }, async ({ page }) => {
    const user = await newUser('wrongpw');
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('That password is not right for this email');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in with email and password on /login and lands on /home (ARCHITECTURE section 6)', { tag: '@one-size' }, async ({ page, isMobile }) => {
    const user = await newUser('signin', 'zelda signin');
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/wishlist');
    await expectSignedIn(page, isMobile, 'Z');
    // A signed-in user opening /login is sent to /home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/home');
  });

  test('a new email signs up and is asked for a name', { tag: '@one-size' }, async ({ page }) => {
    const email = `account-signup-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
    await page.getByLabel('Name').fill('Quinn Newcomer');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/account-settings');
    await expect(page.getByText('Signed in as Quinn').or(page.getByText('Quinn Newcomer')).filter({ visible: true })).toBeVisible();
  });

  test("the guest button signs into an account of the visitor's own, named Guest", { tag: '@one-size' }, async ({ page, isMobile }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in as a Guest user' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/wishlist');
    await expectSignedIn(page, isMobile, 'G');
  });

  test('Google goes through the backend OAuth flow and comes back signed in', { tag: '@one-size' }, async ({ page, context, isMobile }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.port === '54321');
    // The backend's local OpenID provider: an account chooser of demo Google accounts.
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await page.getByRole('button', { name: /Kenji Watanabe/ }).click();
    await page.waitForURL((url) => url.port === '3000' && url.pathname === '/home');
    // The client trades the returned code for a session, then clears it from the address.
    const { supabaseUrl } = await siteConfig();
    await expect.poll(async () => (await sessionInCookies(context, SITE, supabaseUrl)) !== null).toBe(true);
    await page.goto('/wishlist');
    await expectSignedIn(page, isMobile, 'K');
  });

  test('a session about to expire is refreshed at load and stays signed in', { tag: '@one-size' }, async ({ page, context, isMobile }) => {
    const user = await newUser('refresh', 'Rhea Refresh');
    // Claim the stored session expires in 30 s: supabase-js refreshes it before using it.
    await signInContext(context, { ...user, session: { ...user.session, expires_at: Math.floor(Date.now() / 1000) + 30 } });
    await page.goto('/wishlist');
    await expectSignedIn(page, isMobile, 'R');
    const { supabaseUrl } = await siteConfig();
    await expect
      .poll(async () => (await sessionInCookies(context, SITE, supabaseUrl))?.refresh_token ?? null)
      .not.toBe(user.session.refresh_token);
    await expect(page.getByText('Homes you have added to favourites will appear here')).toBeVisible();
  });

  test('log out clears the session and reloads signed out', async ({ page, context, isMobile }) => {
    const user = await newUser('logout');
    await signInContext(context, user);
    await page.goto('/account-settings');
    if (isMobile) {
      await page.getByRole('button', { name: 'Log out' }).click();
    } else {
      await (await openUserMenu(page)).getByRole('button', { name: 'Log out' }).click();
    }
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.goto('/wishlist');
    await expect(page.getByText('Log in to view your wishlists')).toBeVisible();
    expect(await sessionCookiesOf(context, SITE, (await siteConfig()).supabaseUrl)).toEqual([]);
  });
  test('a failed log out is shown and the page does not reload', { tag: '@one-size' }, async ({ page, context, isMobile }) => {
    await signInContext(context, await newUser('logout-fails'));
    await page.route('**/auth/v1/logout**', (route) => route.fulfill({ status: 500, body: '{"message":"down"}' }));
    await page.goto('/account-settings');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    if (isMobile) {
      await page.getByRole('button', { name: 'Log out' }).click();
    } else {
      await (await openUserMenu(page)).getByRole('button', { name: 'Log out' }).click();
    }
    await expect(page.getByRole('alert').filter({ hasText: 'We could not reach the server' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});

test.describe('password reset', () => {
  test('Forgot password? mails a link that opens the reset page signed in; the new password works and the link only once', { tag: '@one-size' }, async ({ page, isMobile }) => {
    const user = await newUser('reset', 'rosa reset');
    const dialog = await openLoginDialog(page, isMobile);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByRole('status')).toContainText(`If an account exists for ${user.email}`);

    // The local outbox, as a developer on this machine opens it, and the link in the message.
    const { supabaseUrl } = await siteConfig();
    await page.goto(`${supabaseUrl}/mail/`);
    const link = page.getByRole('article').filter({ hasText: `To ${user.email}` }).first().getByRole('link');
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page.getByText(`Choose a new password for ${user.email}`)).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByRole('textbox', { name: 'New password' }).fill('a-new-e2e-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
    await expectSignedIn(page, isMobile, 'R');

    expect((await user.client.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await user.client.auth.signInWithPassword({ email: user.email, password: 'a-new-e2e-password' })).error).toBeNull();

    // The same link again: used.
    await page.goto(href!);
    await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used.');
    await page.getByRole('button', { name: 'Get a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  });
});

test.describe('user menu and navigation', () => {
  test('signed-in menu entries lead to their pages; the menu closes on scroll', async ({ page, context, isMobile }) => {
    test.skip(isMobile, 'the user menu is a wide-screen control; small screens use the bottom navigation');
    const user = await newUser('menu');
    await signInContext(context, user);
    await page.goto('/wishlist');
    const menuButton = page.getByRole('button', { name: 'Open user menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'User menu' });
    for (const name of ['Messages', 'Notification', 'Trips', 'Wishlist', 'Manage Listings', 'Refer a host', 'Account', 'Help center', 'Log out']) {
      await expect(menu.getByRole(name === 'Log out' ? 'button' : 'link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Trips' }).click();
    await expect(page).toHaveURL(/\/trips$/);
    await expect(menu).toBeHidden();
    await menuButton.click();
    await menu.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);
  });

  test('the user menu moves by arrow keys, closes only on scrolls the user makes, and the login dialog gives focus back to it', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the user menu is a wide-screen control; small screens use the bottom navigation');
    await page.goto('/home');
    const menuButton = page.getByRole('button', { name: 'Open user menu' });
    const menu = page.getByRole('navigation', { name: 'User menu' });
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible({ timeout: 20_000 });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Sign up' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The page scrolling by itself leaves the menu open; the user's wheel closes it.
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(200);
    await expect(menu).toBeVisible();
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 200);
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole('link', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the bottom navigation has the signed-out and signed-in items', async ({ page, context, isMobile }) => {
    test.skip(!isMobile, 'the bottom navigation shows on small screens');
    await page.goto('/wishlist');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Explore', 'Wishlist', 'Log in']);
    await nav.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInContext(context, await newUser('nav'));
    await page.goto('/wishlist');
    await expect(nav.getByRole('link')).toHaveText(['Explore', 'Wishlist', 'Trips', 'Messages', 'Profile']);
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);
  });

  test('the wide-screen footer bar shows on /home only when signed in', async ({ page, context, isMobile }) => {
    test.skip(isMobile, 'the bar is for wide screens');
    await page.goto('/home');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await signInContext(context, await newUser('footer'));
    await page.goto('/home');
    const bar = page.getByRole('contentinfo');
    await expect(bar).toContainText('© 2025 Homestory, Inc.');
    await expect(bar).toContainText('English (IN)');
    await expect(bar).toContainText('$ USD');
  });
});

test.describe('favourites', () => {
  test('signed out, a heart opens the login dialog', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Add to wishlist' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  });

  test('a favourite persists across a reload, shows in a tab already open and in the wishlist of a new one', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('fav');
    await signInContext(context, user);
    await page.goto('/home');
    const other = await context.newPage();
    await other.goto('/home');
    await expect(other.getByRole('button', { name: 'Add to wishlist' }).first()).toBeVisible();

    const firstCard = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to wishlist' }) }).first();
    const title = (await firstCard.getByRole('heading').textContent())!.trim();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).first();
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(card.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    await expect.poll(() => favouriteRoomIds(user)).toHaveLength(1);

    // The already-open tab follows.
    await expect(other.getByRole('article').filter({ hasText: title }).first().getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: title }).first().getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

    const third = await context.newPage();
    await third.goto('/wishlist');
    await expect(third.getByRole('list', { name: 'Saved homes' }).getByRole('heading', { name: title })).toBeVisible();

    // Removing it writes the removal.
    await page.getByRole('article').filter({ hasText: title }).first().getByRole('button', { name: 'Remove from wishlist' }).click();
    await expect.poll(() => favouriteRoomIds(user)).toEqual([]);
  });
});

test.describe('wishlist', () => {
  test('signed out: the prompt, and Log in opens the dialog', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Wishlists', level: 1 })).toBeVisible();
    await expect(page.getByText('Log in to view your wishlists')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  });

  test('signed in without favourites: the empty text and Start Exploring to /', { tag: '@one-size' }, async ({ page, context }) => {
    await signInContext(context, await newUser('wish-empty'));
    await page.goto('/wishlist');
    await expect(page.getByText('Homes you have added to favourites will appear here')).toBeVisible();
    await page.getByRole('link', { name: 'Start Exploring' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('signed in with favourites: the cards open /house/{id} in a new tab', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newUser('wish-full');
    const ids = await someRoomIds(user, 2);
    for (const id of ids) {
      const { error } = await user.client.from('Favorites').insert({ user_id: user.session.user.id, item_id: id });
      if (error) throw error;
    }
    await signInContext(context, user);
    await page.goto('/wishlist');
    const grid = page.getByRole('list', { name: 'Saved homes' });
    await expect(grid.getByRole('article')).toHaveCount(2);
    const link = grid.getByRole('article').first().getByRole('link').first();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', `/house/${ids[0]}`);
    await expect(grid.getByRole('button', { name: 'Remove from wishlist' })).toHaveCount(2);
    await expect(grid.getByText('night').first()).toBeVisible();
  });
});

test.describe('trips', () => {
  test('signed out: to /login after 1 s', { tag: '@one-size' }, async ({ page }) => {
    const started = Date.now();
    await page.goto('/trips');
    await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible();
    await page.waitForURL('**/login', { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test('signed in without trips: the empty state and Start searching', { tag: '@one-size' }, async ({ page, context }) => {
    await signInContext(context, await newUser('trips-empty'));
    await page.goto('/trips');
    await expect(page.getByText('No trips Booked ... yet!')).toBeVisible();
    await expect(page.getByText('Time to dust off your bags and start planning your next adventure.')).toBeVisible();
    await page.getByRole('link', { name: 'Start searching' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // Stays signed in past the redirect delay.
    await page.goto('/trips');
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/trips$/);
  });

  test('a paid stay shows as an UPCOMING trip with its reservation code', { tag: '@one-size' }, async ({ page, context }) => {
    const user = await newCheckoutUser('account-trips');
    const stay = await freeStay(2);
    const code = await payThroughApi(user, stay);
    await signInContext(context, user);
    await page.goto('/trips');
    const card = page.getByRole('list', { name: 'Your trips' }).getByRole('article').first();
    await expect(card.getByRole('heading', { name: stay.title })).toBeVisible();
    await expect(card.getByText('UPCOMING')).toBeVisible();
    await expect(card.getByText(code, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View itinerary' })).toHaveAttribute('href', `/trips/${code}`);
    await expect(card.getByRole('link').first()).toHaveAttribute('href', `/house/${stay.roomId}`);
  });
});

test.describe('account settings and personal info', () => {
  test('signed out: to / after 1 s', { tag: '@one-size' }, async ({ page }) => {
    const started = Date.now();
    await page.goto('/account-settings');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test('the layout of each size, and the name changed on /lp', async ({ page, context, isMobile }) => {
    const user = await newUser('settings', 'robin settings');
    await signInContext(context, user);
    await page.goto('/account-settings');
    if (isMobile) {
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      await expect(page.getByText('Become a host')).toBeVisible();
      for (const name of ['Manage Listings', 'Personal info', 'Visit the Help Center', 'Get help with a safety issue', 'Report a neighborhood concern', 'How Homestory works']) {
        await expect(page.getByRole('link', { name })).toBeVisible();
      }
      // Account opens Login & Security (account-promises.spec.ts).
      await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
      await expect(page.getByText('Signed in as robin')).toBeVisible();
      await expect(page.getByText(user.email)).toBeVisible();
      for (const name of ['Personal info', 'Login & Security', 'Payments & payouts', 'Taxes', 'Notifications', 'Privacy & sharing', 'Global preferences', 'Travel for work', 'Professional hosting tools', 'Referral credit & coupons']) {
        await expect(page.getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
      }
      await expect(page.getByText('$0')).toBeVisible();
    }
    await page.getByRole('link', { name: 'Personal info' }).first().click();
    await expect(page).toHaveURL(/\/lp$/);
    await expect(page.getByRole('heading', { name: 'Personal info', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByLabel('Name').fill('Morgan Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your name has been updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Morgan Renamed')).toBeVisible();
  });

  test('a phone reaches hosting: Profile in the bottom navigation, then Manage Listings', async ({ page, context, isMobile }, info) => {
    await signInContext(context, await newUser('phonehost'));
    if (!isMobile) {
      // The wide page keeps its tiles; hosting is in the user menu there.
      await page.goto('/account-settings');
      await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Manage Listings' })).toBeHidden();
      await page.screenshot({ path: info.outputPath('account-settings-wide.png') });
      return;
    }
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    const manage = page.getByRole('link', { name: 'Manage Listings' });
    await expect(manage).toBeVisible();
    await page.screenshot({ path: info.outputPath('profile-phone.png'), fullPage: true });
    await manage.click();
    await expect(page).toHaveURL(/\/hosting$/);
    await expect(page.getByRole('heading', { name: 'Your listings' })).toBeVisible();
  });
});

test('the account remote runs standalone, sign-in included', { tag: '@one-size' }, async ({ page }) => {
  const standalone = `http://localhost:${appPort('account')}`;
  await page.goto(`${standalone}/wishlist`);
  await expect(page.getByRole('heading', { name: 'Wishlists', level: 1 })).toBeVisible();
  await expect(page.getByText('Log in to view your wishlists')).toBeVisible();
  await page.goto(`${standalone}/login`);
  await expect(page.getByRole('heading', { name: 'Log in or sign up' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as a Guest user' }).click();
  await page.waitForURL(`${standalone}/wishlist`);
  await expect(page.getByText('Log in to view your wishlists')).toBeHidden();
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Trips' }).click();
  await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(`${standalone}/trips`);
});
