/**
 * The landing page (/) at desktop and mobile sizes: its header and hero, the carousel's
 * timing, the value points, the FAQ accordion, the reviews fading in, the map, the calls to
 * action and the footer; then the coming-soon and 404 pages.
 */
import { expect, test } from '../support/test';

test.describe('landing page', () => {
  test('shows the hero, value points, map and footer, with no splash delay', async ({ page }) => {
    // The page's clock stands still: a splash held for a fixed time would never end, while the
    // page itself renders as soon as its code has loaded, however busy the machine.
    await page.clock.install({ time: new Date('2026-01-05T09:00:00') });
    await page.clock.pauseAt(new Date('2026-01-05T10:00:00'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Homes that have a story', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
    for (const point of ['Authentic stays', 'Human hosts', 'Secure booking', 'Global access']) {
      await expect(page.getByRole('heading', { name: point })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: /Map centred on Los Angeles/ })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2025 Homestory, Inc.');
    await expect(footer).toContainText('English (IN)');
    await expect(footer).toContainText('$ Dollar');
  });

  test('the carousel moves on after 5 s and can be paused', { tag: '@one-size' }, async ({ page }) => {
    // The page's clock moves only when the test moves it, so a slow render cannot shift the timing.
    await page.clock.install({ time: new Date('2026-01-05T09:00:00') });
    await page.clock.pauseAt(new Date('2026-01-05T10:00:00'));
    await page.goto('/');
    const first = page.getByRole('group', { name: '1 of 5' });
    const second = page.getByRole('group', { name: '2 of 5' });
    await expect(first).toHaveAttribute('aria-hidden', 'false');
    await page.clock.runFor(4900);
    await expect(first).toHaveAttribute('aria-hidden', 'false');
    await page.clock.runFor(100);
    await expect(second).toHaveAttribute('aria-hidden', 'false');
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(5500);
    await expect(second).toHaveAttribute('aria-hidden', 'false');
  });

  test('the FAQ opens and closes its answers', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/');
    const question = page.getByRole('button', { name: 'Are the listings verified?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Are the listings verified?' })).toContainText('verified manually');
    await page.getByRole('button', { name: 'How do cancellations work?' }).click();
    await expect(page.getByRole('region', { name: 'How do cancellations work?' })).toContainText('dashboard');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Can I talk to my host?' }).click();
    await expect(page.getByRole('region', { name: 'Can I talk to my host?' })).toContainText('chat');
  });

  test('the reviews fade in when scrolled to, with name, place, portrait and rating', async ({ page }) => {
    await page.goto('/');
    const reviews = page.getByRole('heading', { name: 'What guests say' });
    await reviews.scrollIntoViewIfNeeded();
    const first = page.getByRole('listitem').filter({ hasText: 'Priya Sharma' });
    await expect(first).toHaveCSS('opacity', '1');
    await expect(first.getByText('Bengaluru, India')).toBeVisible();
    await expect(first.getByRole('img', { name: 'Portrait of Priya Sharma' })).toBeVisible();
    await expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  });

  test('Explore Now goes to /home', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Now' }).first().click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('the coming-soon page and the 404 page', { tag: '@one-size' }, async ({ page }) => {
  await page.goto('/comingsoon');
  await expect(page.getByRole('heading', { name: 'Coming soon...' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
});
