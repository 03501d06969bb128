/**
 * The checkout remote on its own (its standalone host on its own port, as QA runs it): the booking
 * page alone, with stand-ins for the login and trips pages it leads to.
 */
import { expect, test } from '../support/test';
import { appPort } from '../../scripts/site.mjs';

const STANDALONE = process.env.CHECKOUT_STANDALONE_URL ?? `http://localhost:${appPort('checkout')}`;

test('the standalone checkout serves the booking page, sending a visitor to sign in first', async ({ page }) => {
  await page.goto(`${STANDALONE}/5/book`);
  await expect(page.getByText('Log in to book this place')).toBeVisible();
  await page.waitForURL(/\/login\?next=%2F5%2Fbook$/, { timeout: 8000 });
  await page.getByRole('button', { name: 'Sign in as a Guest user' }).click();
  await page.waitForURL('**/5/book', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Confirm and pay', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pay with' }).getByLabel('Card number')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Price details' })).toBeVisible();
});
