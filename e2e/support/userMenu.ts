import { expect, type Page } from './test';

/**
 * The desktop user menu, opened. It closes on blur, which a page still settling can cause: open
 * it until it stays open.
 */
export async function openUserMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: 'User menu' });
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return menu;
}
