/**
 * 'Sign in as a Guest user' (issue 40, item 4), at desktop and mobile sizes: each press signs the
 * visitor into an account of their own (anonymous sign-in, named Guest), from the login dialog,
 * and from /login with JavaScript off (the form posts to the site's server). Two guests do not
 * see each other's wishlist; a guest's settings offer only to create an account, which keeps
 * their favourites and then signs in with the new password. Screenshots of the dialog and the
 * guest's settings are kept as artifacts.
 */
import { expect, test, type Locator, type Page } from '../support/test';
import { problemsOf } from '../support/problems';
import { openUserMenu } from '../support/userMenu';

/** The login dialog, opened the way each size offers it. */
async function openLoginDialog(page: Page, isMobile: boolean) {
  await page.goto('/wishlist');
  if (isMobile) await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  else {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('navigation', { name: 'User menu' }).getByRole('link', { name: 'Log in' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Signs this page's browser in as a new guest from the login dialog; the page reloads signed in. */
async function signInAsGuestFromDialog(page: Page, isMobile: boolean) {
  const dialog = await openLoginDialog(page, isMobile);
  await dialog.getByRole('button', { name: 'Sign in as a Guest user' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  if (isMobile) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
  else await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText('G');
}

/** Saves the first home of /home that is not saved yet to the wishlist; its title. */
async function saveFirstHome(page: Page): Promise<string> {
  await page.goto('/home');
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to wishlist' }) }).first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('article').filter({ hasText: title }).first().getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  return title;
}

/** A dialog's opening fade and slide have ended (for its screenshot). */
const settled = (dialog: Locator) => dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));

const hydrationProblems = (problems: string[]) => problems.filter((text) => /hydrat|did not match|server rendered/i.test(text));

test('the guest button signs each visitor into an account of their own: two guests do not share a wishlist', async ({ browser, page, isMobile }, info) => {
  const problems = problemsOf(page);
  const dialog = await openLoginDialog(page, isMobile);
  await settled(dialog);
  await page.screenshot({ path: info.outputPath('login-dialog.png') });
  await dialog.getByRole('button', { name: 'Sign in as a Guest user' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const title = await saveFirstHome(page);
  await page.goto('/wishlist');
  await expect(page.getByRole('list', { name: 'Saved homes' }).getByRole('heading', { name: title })).toBeVisible();

  // Another visitor (another browser) pressing the same button gets an empty wishlist of their own.
  const { viewport, userAgent, isMobile: mobile, hasTouch, deviceScaleFactor } = info.project.use;
  const other = await browser.newContext({ viewport, userAgent, isMobile: mobile, hasTouch, deviceScaleFactor });
  try {
    const second = await other.newPage();
    await signInAsGuestFromDialog(second, isMobile);
    await second.goto('/wishlist');
    await expect(second.getByRole('list', { name: 'Saved homes' })).toHaveCount(0);
    await second.goto('/trips');
    await expect(second.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible();
    await expect(second.getByText(title)).toHaveCount(0);
  } finally {
    await other.close();
  }
  expect(hydrationProblems(problems)).toEqual([]);
});

test("a guest's settings offer to create an account, which keeps their favourites and then logs in", async ({ browser, page, isMobile }, info) => {
  const problems = problemsOf(page);
  await signInAsGuestFromDialog(page, isMobile);
  const title = await saveFirstHome(page);

  await page.goto('/account-settings');
  const notice = page.getByText('Create an account to keep your trips').filter({ visible: true });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: info.outputPath('account-settings-guest.png'), fullPage: true });
  if (isMobile) await page.getByRole('button', { name: 'Account', exact: true }).click();
  else await page.getByRole('button', { name: /^Login & Security/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Login & Security' });
  await expect(dialog.getByRole('heading', { name: 'Create an account to keep your trips' })).toBeVisible();
  // Nothing that would fail for a guest: no password, email or authenticator forms.
  await expect(dialog.getByLabel('Current password')).toHaveCount(0);
  await expect(dialog.getByLabel('New email')).toHaveCount(0);
  await expect(dialog.getByText(/authenticator/i)).toHaveCount(0);
  await settled(dialog);
  await page.screenshot({ path: info.outputPath('login-security-guest.png') });

  const email = `guest-kept-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('kept-password');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`Your account is ready. Log in with ${email} next time.`)).toBeVisible();
  // Now an account's forms, and its email in the settings.
  await expect(dialog.getByLabel('Current password')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Create an account to keep your trips').filter({ visible: true })).toHaveCount(0);
  expect(hydrationProblems(problems)).toEqual([]);

  // Elsewhere, the new password opens the same account, with its favourite.
  const { viewport, userAgent, isMobile: mobile, hasTouch, deviceScaleFactor } = info.project.use;
  const elsewhere = await browser.newContext({ viewport, userAgent, isMobile: mobile, hasTouch, deviceScaleFactor });
  try {
    const again = await elsewhere.newPage();
    await again.goto('/login');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill('kept-password');
    await again.getByRole('button', { name: 'Continue', exact: true }).click();
    await again.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
    await again.goto('/wishlist');
    await expect(again.getByRole('list', { name: 'Saved homes' }).getByRole('heading', { name: title })).toBeVisible();
    if (!isMobile) {
      const menu = await openUserMenu(again);
      await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    }
  } finally {
    await elsewhere.close();
  }
});

test('with JavaScript off, the guest button on /login signs in through the server and returns', async ({ browser }, info) => {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
  try {
    const page = await context.newPage();
    await page.goto('/login?next=%2Faccount-settings');
    await page.getByRole('button', { name: 'Sign in as a Guest user' }).click();
    await page.waitForURL((url) => url.pathname === '/account-settings');
    // The server rendered the page for the guest's own account.
    await expect(page.getByText('Create an account to keep your trips').filter({ visible: true })).toBeVisible();
    const cookies = (await context.cookies()).filter((cookie) => /^sb-.+-auth-token/.test(cookie.name));
    expect(cookies.length).toBeGreaterThan(0);
    await page.screenshot({ path: info.outputPath('account-settings-guest-no-js.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
