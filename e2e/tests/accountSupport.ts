/**
 * Helpers of the account suites: the site's runtime config, fresh users signed up through
 * supabase-js against the site's backend, and their session put in the cookies the site keeps
 * it in (the users, the config and the cookies as the checkout suites make them).
 */
import { expect, type Page } from '../support/test';
import { anonClient, type TestUser } from './checkoutSupport';

export { SITE, signInContext, siteConfig, type TestUser } from './checkoutSupport';
export const PASSWORD = 'account-e2e-password';

/** A new account (the backend confirms sign-ups at once), optionally with a name. */
export async function newUser(label: string, name?: string): Promise<TestUser> {
  const client = await anonClient();
  const email = `account-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: name ? { data: { name } } : {} });
  if (error || !data.session) throw error ?? new Error('sign-up returned no session');
  return { email, session: data.session, client };
}

/** Login & Security, opened the way each size offers it: the tile, or the phone's Account row. */
export async function openLoginSecurity(page: Page, isMobile: boolean) {
  await page.goto('/account-settings');
  if (isMobile) await page.getByRole('button', { name: 'Account', exact: true }).click();
  else await page.getByRole('button', { name: /^Login & Security/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Login & Security' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Email, password and Continue on /login or the login dialog. */
export async function signInOnLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}
