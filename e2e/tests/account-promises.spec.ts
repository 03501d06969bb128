/**
 * Accounts keep their promises (issue 29, item 4), at desktop and mobile sizes: Login & Security
 * changes the password (with the current one) and the email (mailed to both addresses); every
 * settings tile works or is not pressable; signing up from Reserve lands on the booking page with
 * the stay; /login goes back where it was sent from, else to /home, signed in.
 */
import { expect, test, type Page } from '../support/test';
import { newUser, openLoginSecurity, PASSWORD, signInContext, signInOnLogin, siteConfig } from './accountSupport';
import { freeStay, serviceRoleKey } from './checkoutSupport';

/** Signed-in screens show the user menu's initial on wide screens, the Profile tab on small. */
async function expectSignedIn(page: Page, isMobile: boolean, initial: string) {
  if (isMobile) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
  else await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText(initial);
}

/** The mails the backend's outbox holds for `to` (its /mail API, with the service key). */
async function mailTo(to: string): Promise<Array<{ subject: string; text: string }>> {
  const { supabaseUrl } = await siteConfig();
  const res = await fetch(`${supabaseUrl}/mail/v1/messages?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${serviceRoleKey()}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

test.describe('Login & Security', () => {
  test('changes the password with the current one; a wrong current password or a short new one is refused', { tag: '@one-size' }, async ({ page, context, isMobile }, info) => {
    const user = await newUser('password', 'pat password');
    await signInContext(context, user);
    const dialog = await openLoginSecurity(page, isMobile);
    await page.screenshot({ path: info.outputPath('login-security.png'), animations: 'disabled' });
    const update = dialog.getByRole('button', { name: 'Update password' });

    await dialog.getByLabel('New password', { exact: true }).fill('a-changed-password');
    await dialog.getByLabel('Confirm new password').fill('a-changed-password');
    await update.click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter your current password.');

    await dialog.getByLabel('Current password').fill('not-my-password');
    await update.click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is not right. Check it and try again.');

    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('short');
    await update.click();
    await expect(dialog.getByRole('alert')).toHaveText('Password should be at least 6 characters.');

    await dialog.getByLabel('New password', { exact: true }).fill('a-changed-password');
    await dialog.getByLabel('Confirm new password').fill('a-changed-passwrod');
    await update.click();
    await expect(dialog.getByRole('alert')).toHaveText('The new passwords do not match.');

    await dialog.getByLabel('Confirm new password').fill('a-changed-password');
    await update.click();
    await expect(dialog.getByRole('status')).toHaveText('Your password has been updated. Use the new one next time you log in.');
    await expect(dialog.getByLabel('Current password')).toHaveValue('');
    await page.screenshot({ path: info.outputPath('login-security-done.png') });

    // Signed out in this tab, the old password is refused and the new one signs in.
    await context.clearCookies();
    await page.goto('/login');
    await signInOnLogin(page, user.email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('That password is not right for this email');
    await signInOnLogin(page, user.email, 'a-changed-password');
    await page.waitForURL((url) => url.pathname === '/home');
    await expectSignedIn(page, isMobile, 'P');
  });

  test('changes the email: both addresses are mailed, and the dialog says so', { tag: '@one-size' }, async ({ page, context, isMobile }) => {
    const user = await newUser('email', 'eli email');
    await signInContext(context, user);
    const dialog = await openLoginSecurity(page, isMobile);
    await expect(dialog.getByText(`Now: ${user.email}`)).toBeVisible();
    const wanted = user.email.replace('account-email-', 'account-newmail-');
    await dialog.getByLabel('New email').fill(wanted);
    await dialog.getByRole('button', { name: 'Change email' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      `We sent a confirmation link to ${wanted} and to ${user.email}. Your email changes once both links are followed.`,
    );
    expect((await mailTo(wanted)).map((mail) => mail.subject)).toEqual(['Confirm your new email']);
    expect((await mailTo(user.email)).map((mail) => mail.subject)).toEqual(['Confirm your email change']);
  });

  test('every settings entry works or is not pressable', async ({ page, context, isMobile }, info) => {
    await signInContext(context, await newUser('tiles'));
    await page.goto('/account-settings');
    if (isMobile) {
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      await page.screenshot({ path: info.outputPath('settings.png'), fullPage: true });
      // Each row leads somewhere (a page, or Login & Security); no pressable row does nothing.
      const main = page.getByRole('main');
      for (const link of await main.getByRole('link').filter({ visible: true }).all()) {
        expect(await link.getAttribute('href')).toMatch(/^\/[a-z]/);
      }
      await main.getByRole('button', { name: 'Account', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Login & Security' })).toBeVisible();
      return;
    }
    const tiles = page.getByRole('list', { name: 'Account settings' }).getByRole('listitem');
    await expect(tiles).toHaveCount(10);
    await page.screenshot({ path: info.outputPath('settings.png'), fullPage: true });
    for (const tile of await tiles.all()) {
      const title = (await tile.locator('span').first().textContent())!;
      const pressable = tile.locator('a, button');
      if (title === 'Personal info') await expect(pressable).toHaveAttribute('href', '/lp');
      else if (title === 'Login & Security') await expect(pressable).toHaveCount(1);
      else {
        await expect(pressable).toHaveCount(0);
        await expect(tile.getByText('Coming soon')).toBeVisible();
        expect(await tile.locator('div').first().evaluate((el) => getComputedStyle(el).cursor)).toBe('auto');
      }
    }
    await page.getByRole('button', { name: /^Login & Security/ }).click();
    await expect(page.getByRole('dialog', { name: 'Login & Security' })).toBeVisible();
  });
});

test.describe('the way back after signing in', () => {
  test('Reserve, then sign up in the dialog: the booking page with the same stay', async ({ page }) => {
    const stay = await freeStay();
    await page.goto(`/house/${stay.roomId}?checkin=${stay.start}&checkout=${stay.end}&adults=2`);
    await page.getByRole('button', { name: 'Reserve', exact: true }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect(dialog).toBeVisible();
    const email = `account-reserve-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('reserve-password-1');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
    await dialog.getByLabel('Name').fill('Remy Reserve');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/${stay.roomId}/book`);
    const query = new URL(page.url()).searchParams;
    expect([query.get('checkin'), query.get('checkout'), query.get('adults')]).toEqual([stay.start, stay.end, '2']);
    await expect(page.getByRole('heading', { name: 'Confirm and pay' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your trip' }).getByText('2 guests')).toBeVisible();
  });

  test('/login?next=/trips goes to /trips after signing in', { tag: '@one-size' }, async ({ page, isMobile }) => {
    const user = await newUser('next', 'nora next');
    await page.goto(`/login?next=${encodeURIComponent('/trips')}`);
    await signInOnLogin(page, user.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/trips');
    await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible();
    await expectSignedIn(page, isMobile, 'N');
  });

  test('plain /login goes to /home after signing in, with the signed-in header', { tag: '@one-size' }, async ({ page, isMobile }) => {
    const user = await newUser('home', 'hana home');
    await page.goto('/login');
    await signInOnLogin(page, user.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/home');
    await expectSignedIn(page, isMobile, 'H');
  });
});
