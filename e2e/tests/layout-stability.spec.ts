/**
 * Layout stability of the listing page (/house/:id) and the booking page (/:id/book), at
 * desktop and mobile sizes: the cumulative layout shift a visitor sees while the page loads
 * (the remote, the session, the room and the booked nights arriving, photos and the webfont)
 * stays within issue 8's target of 0.02. The browser's own layout-shift entries are read with
 * a PerformanceObserver; the backend's answers are held back a little, so the loading states
 * are painted before the data replaces them, as on a slow connection.
 */
import { expect, test, type Page } from '../support/test';
import { anonClient, newUser, signInContext, siteConfig } from './checkoutSupport';

const CLS_TARGET = 0.02;
/** How long each backend answer is held back, so every loading state gets painted. */
const DATA_DELAY_MS = 400;

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

/** Records every layout shift not caused by input, with the elements that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__shifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
      const classes = typeof node.className === 'string' && node.className ? `.${node.className.split(' ').join('.')}` : '';
      return `${node.tagName.toLowerCase()}${classes} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      }>) {
        if (entry.hadRecentInput) continue;
        window.__shifts.push({
          value: entry.value,
          startTime: Math.round(entry.startTime),
          sources: entry.sources.map(
            (source) =>
              `${describe(source.node)} ${Math.round(source.previousRect.y)}->${Math.round(source.currentRect.y)} (h ${Math.round(source.previousRect.height)}->${Math.round(source.currentRect.height)})`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds back the backend's REST and RPC answers (not auth, storage or the site's files). */
async function slowData(page: Page): Promise<void> {
  const { supabaseUrl } = await siteConfig();
  await page.route(`${supabaseUrl}/rest/v1/**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DATA_DELAY_MS));
    await route.continue();
  });
}

/** The page's layout shifts once it has settled: fonts loaded, images decoded, then a quiet spell. */
async function settledShifts(page: Page, quietMs = 1000): Promise<Shift[]> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].filter((image) => image.loading !== 'lazy').map((image) => image.decode().catch(() => undefined)),
    );
  });
  await page.waitForTimeout(quietMs);
  return page.evaluate(() => window.__shifts);
}

/** The sum of every shift (at least Lighthouse's worst session window), kept on the test's report. */
function cumulative(shifts: Shift[]): number {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  test.info().annotations.push({ type: 'cumulative layout shift', description: total.toFixed(4) });
  return total;
}

async function firstRoomId(): Promise<number> {
  const client = await anonClient();
  const { data, error } = await client.from('Rooms').select('id').order('id').limit(1);
  if (error || !data?.[0]) throw error ?? new Error('no rooms');
  return data[0].id;
}

test.describe('layout stability', () => {
  test.beforeEach(async ({ page }) => {
    await recordShifts(page);
    await slowData(page);
  });

  test('the listing page does not shift while it loads', async ({ page }) => {
    const roomId = await firstRoomId();
    await page.goto(`/house/${roomId}`);
    // The page holds both layouts' cover photo and reserve control; the CSS shows this width's.
    await expect(page.locator('img[fetchpriority="high"]').filter({ visible: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /Add dates for prices|night/ }).or(page.getByTestId('mobile-reserve-bar')).filter({ visible: true }),
    ).toBeVisible();
    const shifts = await settledShifts(page);
    expect(cumulative(shifts), JSON.stringify(shifts, null, 2)).toBeLessThanOrEqual(CLS_TARGET);
  });

  test('signed out, the booking page does not shift from its first paint through its move to /login', async ({ page }) => {
    const roomId = await firstRoomId();
    // The server paints the signed-out page (the prompt and the place), as the browser keeps it.
    expect(await (await page.request.get(`/${roomId}/book`)).text()).toContain('Log in to book this place');
    await page.goto(`/${roomId}/book`);
    await expect(page.getByText('Log in to book this place')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Your booking' }).locator('img')).toBeVisible();
    // Then the page goes to /login (after 2 s), within the same document: its shifts count too.
    await page.waitForURL(`/login?next=%2F${roomId}%2Fbook`);
    await expect(page.getByLabel('Email')).toBeVisible();
    const shifts = await settledShifts(page);
    expect(cumulative(shifts), JSON.stringify(shifts, null, 2)).toBeLessThanOrEqual(CLS_TARGET);
  });

  test('the booking page does not shift signed in, while the session, the place and the booked nights load', async ({
    page,
    context,
  }) => {
    const user = await newUser('layout');
    await signInContext(context, user);
    const roomId = await firstRoomId();
    await page.goto(`/${roomId}/book`);
    await expect(page.getByRole('heading', { name: 'Price details' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Your booking' }).locator('img')).toBeVisible();
    const shifts = await settledShifts(page);
    expect(cumulative(shifts), JSON.stringify(shifts, null, 2)).toBeLessThanOrEqual(CLS_TARGET);
  });
});
