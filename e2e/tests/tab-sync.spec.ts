import { expect, test } from '../support/test';

test('a favourite saved in one tab shows in the other open tab without a reload', async ({ context }, info) => {
  test.skip(info.project.name === 'mobile', 'tab mirroring does not depend on the viewport');
  const first = await context.newPage();
  await first.goto('/login');
  await first.getByRole('button', { name: 'Sign in as a Guest user' }).click();
  await first.waitForURL((url) => url.pathname === '/home');

  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/home');
    await expect(page.getByRole('article').first()).toBeVisible();
  }

  // The first card of the grid: its heart toggles between these two names.
  const heart = (page: typeof first) =>
    page.getByRole('article').first().getByRole('button', { name: /(Add to|Remove from) wishlist/ });
  const before = await heart(second).getAttribute('aria-label');
  await heart(first).click();
  const after = before === 'Add to wishlist' ? 'Remove from wishlist' : 'Add to wishlist';
  await expect(heart(first)).toHaveAccessibleName(after);
  await expect(heart(second)).toHaveAccessibleName(after);

  // Put it back, from the other tab this time.
  await heart(second).click();
  await expect(heart(first)).toHaveAccessibleName(before ?? 'Add to wishlist');
});
