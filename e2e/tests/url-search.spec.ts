/**
 * /home's URL is the search (shared/url), at both sizes against the real site: a search run in
 * the page is in the address bar, survives a reload and Back / Forward, opens the same in a new
 * browser context, and a URL nobody cleaned renders the page and is put back in its clean form.
 */
import { expect as baseExpect, test, type Locator, type Page } from '../support/test';
import { cardIds as allCardIds, cards, inDays, isoDay, openHome, search, shownDay } from '../support/discoveryPage';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The search bar's texts: the overlay pill's, or the wide bar's summary (the bar collapses to it
 * when the page scrolls).
 */
async function searchTexts(page: Page, isMobile: boolean) {
  if (isMobile) return page.getByRole('button', { name: /Where to\?/ });
  await page.mouse.wheel(0, 600);
  return page.getByRole('group', { name: 'Search', exact: true });
}

async function expectTexts(scope: Locator, texts: string[]) {
  for (const text of texts) await expect(scope).toContainText(text);
}

/** The first page of the grid (a restored scroll position may load the next one too). */
async function cardIds(page: Page): Promise<number[]> {
  return (await allCardIds(page)).slice(0, 16);
}

/** The page's console errors, collected from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the search in the URL', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ navigationTimeout: 30_000 });

  test('a search is in the URL and survives a reload, Back and Forward', async ({ page, isMobile }) => {
    const errors = consoleErrors(page);
    await openHome(page);
    const browsing = await cardIds(page);
    const [checkIn, checkOut] = [inDays(30), inDays(33)];
    await search(page, isMobile, 'Europe', [checkIn, checkOut]);
    await expect(page).toHaveURL(`/home?where=Europe&checkin=${isoDay(checkIn)}&checkout=${isoDay(checkOut)}`);
    await expect(page.getByRole('status').filter({ hasText: /\d homes?/ })).toBeVisible();
    const found = await cardIds(page);
    expect(found).not.toEqual(browsing);
    const when = `${shownDay(checkIn)} - ${shownDay(checkOut)}`;
    // The cards show the searched dates, and their links carry the stay to the listing.
    await expect(cards(page).first()).toContainText(when);
    await expect(cards(page).first().getByRole('heading').getByRole('link')).toHaveAttribute(
      'href',
      `/house/${found[0]}?checkin=${isoDay(checkIn)}&checkout=${isoDay(checkOut)}`,
    );
    await expectTexts(await searchTexts(page, isMobile), ['Europe', when]);

    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(async () => expect(await cardIds(page)).toEqual(found)).toPass();
    await expectTexts(await searchTexts(page, isMobile), ['Europe', when]);

    await page.goBack();
    await expect(page).toHaveURL('/home');
    await expect(async () => expect(await cardIds(page)).toEqual(browsing)).toPass();
    await expect(await searchTexts(page, isMobile)).not.toContainText('Europe');

    await page.goForward();
    await expect(page).toHaveURL(/where=Europe/);
    await expect(async () => expect(await cardIds(page)).toEqual(found)).toPass();
    await expect(await searchTexts(page, isMobile)).toContainText('Europe');
    expect(errors).toEqual([]);
  });

  test('a category is in the URL; Back returns to the one before', async ({ page }) => {
    await openHome(page);
    const strip = page.getByRole('navigation', { name: 'Categories' });
    await strip.getByRole('link', { name: 'Castles', exact: true }).click();
    await expect(page).toHaveURL('/home?category=Castles');
    await expect(strip.getByRole('link', { name: 'Castles', exact: true })).toHaveAttribute('aria-current', 'true');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Castles', exact: true })).toHaveAttribute('aria-current', 'true');
    await page.goBack();
    await expect(page).toHaveURL('/home');
    await expect(strip.getByRole('link', { name: 'Castles', exact: true })).not.toHaveAttribute('aria-current');
  });

  test('a category far along the strip, opened from a link, is scrolled into view and the page stays at its top', async ({ page, isMobile }) => {
    await page.goto('/home?category=Treehouses');
    const chosen = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Treehouses', exact: true });
    await expect(chosen).toHaveAttribute('aria-current', 'true');
    await expect(chosen).toBeInViewport({ ratio: 1 });
    // wide screens: the strip's arrows follow (small screens swipe it)
    if (!isMobile) await expect(page.getByRole('button', { name: 'Previous categories' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a shared search URL opens the same results and texts in a new browser', async ({ page, browser, isMobile }) => {
    await openHome(page);
    await search(page, isMobile, 'Palermo');
    await expect(page).toHaveURL('/home?where=Palermo');
    await expect(page.getByRole('status').filter({ hasText: /\d homes?/ })).toBeVisible();
    const found = await cardIds(page);
    const shared = page.url();

    const other = await browser.newContext({ viewport: page.viewportSize(), isMobile, hasTouch: isMobile });
    try {
      const fresh = await other.newPage();
      await fresh.goto(shared);
      await expect(cards(fresh).first()).toBeVisible();
      await expect(async () => expect(await cardIds(fresh)).toEqual(found)).toPass();
      await expect(await searchTexts(fresh, isMobile)).toContainText('Palermo');
    } finally {
      await other.close();
    }
  });

  test("the wide bar's Who shows the guests whole, also beside its Clear and Search buttons", async ({ page, isMobile }) => {
    test.skip(isMobile, 'the wide bar is for wide screens');
    const who = page.locator('button[data-input="addGuest"]');
    const summary = who.locator('span').nth(1);
    const fits = () => summary.evaluate((element) => element.scrollWidth <= element.clientWidth);
    await page.goto('/home?where=Paris&adults=2&children=1&infants=2&pets=1');
    await expect(summary).toHaveText('3 guests, 2 infants, 1 pet');
    expect(await fits()).toBe(true);
    // Active, the segment also holds 'Clear guests' and the wide Search button ('3 guest…' before).
    await page.goto('/home?where=Paris&adults=2&children=1');
    await expect(summary).toHaveText('3 guests');
    // The search the URL holds is loaded into the bar as the page settles, which closes an open
    // field: open Who again until it stays open.
    await expect(async () => {
      if ((await who.getAttribute('aria-expanded')) !== 'true') await who.click();
      await expect(page.getByRole('button', { name: 'Clear guests' })).toBeVisible({ timeout: 2_000 });
    }).toPass();
    expect(await fits()).toBe(true);
  });

  test('bad parameters render a clean page and are rewritten to the clean form', { tag: '@one-size' }, async ({ page }) => {
    const errors = consoleErrors(page);
    const past = isoDay(inDays(-3));
    const huge = 'x'.repeat(5000);
    await page.goto(
      `/home?where=Europe&where=Asia&checkin=${past}&checkout=not-a-day&adults=-2&children=40&pets=99&category=NoSuchCategory&mode=sideways&junk=${huge}`,
    );
    await expect(cards(page).first()).toBeVisible();
    // Kept: the first destination; 40 children clamped to 16 with an adult (16 in all), pets to 5.
    await expect(page).toHaveURL('/home?where=Europe&adults=1&children=15&pets=5');
    await expect(page.getByRole('status').filter({ hasText: /\d homes?|No exact matches/ }).first()).toBeVisible();
    await page.goto('/home?checkin=2026-02-30&checkout=2026-02-28&infants=abc');
    await expect(page).toHaveURL('/home');
    await expect(cards(page).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
