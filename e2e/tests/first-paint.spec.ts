/**
 * Alive from first paint (issue 28): what the server paints is what each screen keeps once the
 * scripts run (the search bar at a wide screen, the search pill at a phone's, chosen by CSS and
 * not by the user agent), and the search bar works as HTML: on a phone-speed CPU (6x slower,
 * through CDP) a search typed and sent the moment the bar is painted takes effect, and with
 * JavaScript off the bar is a GET form the server answers with the results page.
 *
 * These tests use Playwright's own `test`, not ../support/test: that one waits for hydration
 * after every navigation, and here the traveller does not wait.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** A mid-range phone's CPU against the test machine's. */
const CPU_SLOWDOWN = 6;
/** A word no place is called. */
const NONSENSE = 'Qzxvwpl';

async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** A context like the project's (viewport, user agent, touch), with or without JavaScript. */
async function newContext(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = test.info().project.use;
  return browser.newContext({ javaScriptEnabled, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
}

const wide = () => test.info().project.name === 'desktop';

/** The search control this screen shows: the bar's form at a wide screen, the pill at a phone's. */
const shownSearch = (page: Page) =>
  wide() ? page.getByRole('search', { name: 'Search stays' }) : page.getByRole('button', { name: /Where to\?/ });
const hiddenSearch = (page: Page) =>
  wide() ? page.getByRole('button', { name: /Where to\?/ }) : page.getByRole('search', { name: 'Search stays' });

test('the server paints the search this screen keeps: the same box before the scripts and after', async ({ browser }) => {
  const noScript = await newContext(browser, false);
  const withScript = await newContext(browser, true);
  try {
    const before = await noScript.newPage();
    await before.goto('/home');
    await expect(shownSearch(before)).toBeVisible();
    await expect(hiddenSearch(before)).toBeHidden();
    const painted = await shownSearch(before).boundingBox();

    const after = await withScript.newPage();
    const problems: string[] = [];
    after.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await after.goto('/home');
    await after.waitForFunction(() => document.querySelector('[data-remote]:not([data-hydrated])') === null && document.documentElement.dataset.hydrated === 'true');
    await expect(shownSearch(after)).toBeVisible();
    await expect(hiddenSearch(after)).toBeHidden();
    expect(await shownSearch(after).boundingBox()).toEqual(painted);
    expect(problems, 'no hydration mismatch').toEqual([]);
  } finally {
    await noScript.close();
    await withScript.close();
  }
});

test.describe('a search sent the moment the bar is painted', () => {
  test.skip(() => !wide(), 'a phone searches in the overlay, which needs the scripts');

  for (const javaScriptEnabled of [true, false]) {
    test(`finds its places, or says it found none (${javaScriptEnabled ? 'scripts loading on a slow CPU' : 'JavaScript off'})`, async ({
      browser,
    }) => {
      const context = await newContext(browser, javaScriptEnabled);
      try {
        const page = javaScriptEnabled ? await slowPage(context) : await context.newPage();
        await page.goto('/home', { waitUntil: 'commit' });
        const where = page.getByRole('textbox', { name: 'Where' });
        await where.fill('Paris');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await expect(page).toHaveURL(/[?&]where=Paris(&|$)/);
        await expect(page.locator('main a[href^="/house/"]').first()).toBeVisible();

        await page.goto('/home', { waitUntil: 'commit' });
        await where.fill(NONSENSE);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]where=${NONSENSE}(&|$)`));
        await expect(page.getByRole('heading', { name: 'No exact matches' })).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }
});

test('an email typed on /login the moment it is painted is kept when the scripts take over (slow CPU)', async ({ browser }) => {
  const context = await newContext(browser, true);
  try {
    const page = await slowPage(context);
    const email = `first-paint-${test.info().project.name}-${Date.now()}@example.com`;
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.waitForFunction(() => document.querySelector('[data-remote]:not([data-hydrated])') === null && document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    // The form's state has it too: a new email with a password signs up and asks for a name.
    await page.getByLabel('Password').fill('first-paint-password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText(`Your account for ${email} is ready.`)).toBeVisible();
  } finally {
    await context.close();
  }
});
