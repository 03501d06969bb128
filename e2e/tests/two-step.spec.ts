/**
 * Two-step sign-in (issue 33), at desktop and mobile sizes: Login & Security sets up an
 * authenticator app (QR code and key, confirmed by a code), logging in then asks for the app's
 * code before moving on, and the app is removed again. The codes are computed here from the key
 * the page shows (RFC 6238 with node:crypto), as the app would.
 */
import { createHmac } from 'node:crypto';
import { describeViolations, seriousViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { newUser, openLoginSecurity, PASSWORD, signInContext, signInOnLogin } from './accountSupport';

/** The authenticator app: HMAC-SHA1 of the 30-second step, truncated to 6 digits. */
function totp(key: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', secret).update(step).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('sets up an authenticator app, asks for its code at the next login, and removes it', async ({ page, context, isMobile }, info) => {
  const user = await newUser('two-step', 'Tess');
  await signInContext(context, user);
  let dialog = await openLoginSecurity(page, isMobile);
  await dialog.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.locator('code').textContent())!;
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByRole('button', { name: 'Turn on' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('two-step-setup.png'), animations: 'disabled' });
  expect(describeViolations(await seriousViolations(page))).toEqual([]);

  await dialog.getByLabel('6-digit code').fill('123');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the 6-digit code from your authenticator app.');
  await dialog.getByLabel('6-digit code').fill(totp(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Two-step sign-in is on. Next time you log in, enter the code from your app.');

  // Logged out, the password alone does not finish the login.
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signInOnLogin(page, user.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill(totp(key, Date.now() - 120_000));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check the app and enter the code it shows now.');
  await page.screenshot({ path: info.outputPath('two-step-login.png'), animations: 'disabled' });
  expect(describeViolations(await seriousViolations(page))).toEqual([]);
  // The app's next code: the one the set-up used is spent.
  await page.getByLabel('Code').fill(totp(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/home');

  // This session used the app: removing it needs no further code.
  dialog = await openLoginSecurity(page, isMobile);
  await expect(dialog.getByText('On: logging in asks for the code from your authenticator app.')).toBeVisible();
  await expect(dialog.getByLabel('6-digit code')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remove authenticator app' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Two-step sign-in is off.');
  await expect(dialog.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
});
