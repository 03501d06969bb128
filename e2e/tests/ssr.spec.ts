/**
 * Server rendering: every route's first view comes as HTML from the shell's server, composed
 * from the remotes' Node builds; the browser hydrates it without a mismatch; /home and
 * /house/:id work with JavaScript off; an unknown path is a real 404.
 */
import { expect, test } from '../support/test';

/** The pages of the remotes, then the shell's own. */
const REMOTE_PAGES = ['/home', '/home?where=Europe&adults=2', '/house/1', '/1/book', '/wishlist', '/trips', '/account-settings', '/lp', '/login', '/hosting', '/hosting/new', '/hosting/1/calendar', '/messages', '/messages/1', '/notifications'];
const ROUTES = [...REMOTE_PAGES, '/', '/comingsoon'];

test('the server sends each page with its content, and a real 404 for an unknown path', { tag: '@one-size' }, async ({ request }) => {
  test.skip(test.info().project.name !== 'desktop', 'what the server sends does not depend on the viewport');
  const home = await request.get('/home');
  expect(home.status()).toBe(200);
  const homeHtml = await home.text();
  // The grid's first page: cards with their links, prices and photos, and the category strip.
  expect(homeHtml.match(/href="\/house\/\d+"/g)?.length ?? 0).toBeGreaterThanOrEqual(16);
  expect(homeHtml).toContain('night');
  expect(homeHtml).toContain('Amazing pools');
  expect(homeHtml).toContain('id="hs-ssr-state"');

  const listing = await request.get('/house/1');
  expect(listing.status()).toBe(200);
  const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(await listing.text())?.[1];
  expect(title, 'the listing title is in the HTML').toBeTruthy();

  for (const route of ROUTES) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(response.headers()['content-security-policy'], route).toMatch(/script-src 'self' 'nonce-/);
    const html = await response.text();
    expect(html, route).toContain('<main');
    // The remote's page itself, not its loading state.
    if (REMOTE_PAGES.includes(route)) expect(html, route).toMatch(/<main[^>]*>(<!--\$-->)?<div[^>]*data-remote=/);
  }
  expect((await request.get('/index.html')).status(), 'the root page by its file name').toBe(200);
  const missing = await request.get('/no/such/page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('id="hs-ssr-state"');
});

test('a page rendered whole has a validator and short shared caching; a reader who has it gets a 304', { tag: '@one-size' }, async ({ request }) => {
  test.skip(test.info().project.name !== 'desktop', 'what the server sends does not depend on the viewport');
  const first = await request.get('/house/1');
  const etag = first.headers()['etag'];
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
  // The same page again (its reads made anew, their times differ): the same validator.
  expect((await request.get('/house/1')).headers()['etag']).toBe(etag);
  const again = await request.get('/house/1', { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
  expect(await again.text()).toBe('');
  // Another page, another validator; a 404 is not cached.
  expect((await request.get('/house/2')).headers()['etag']).not.toBe(etag);
  expect((await request.get('/no/such/page')).headers()['etag']).toBeUndefined();
});

test('every page hydrates with no mismatch and no console error', async ({ page }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
  }
  // Also the remotes' own modules hydrated (not only the shell's frame): the router follows a
  // category link in the page, with no new document.
  await page.goto('/home');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'Farms' }).click();
  await expect(page).toHaveURL(/category=Farms/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(problems).toEqual([]);
});

test('with JavaScript off, /home shows its cards and their links open the listing', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: test.info().project.use.viewport ?? undefined });
  const page = await context.newPage();
  try {
    await page.goto('/home');
    const cards = page.locator('main a[href^="/house/"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(16);
    const href = await cards.first().getAttribute('href');
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`${href?.split('?')[0]}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page holds both layouts' photo grids; its stylesheet shows this width's (until it has
    // loaded, both answer: counted first, as a strict locator does not wait).
    const showAll = page.getByRole('button', { name: 'Show all photos' });
    await expect(showAll).toHaveCount(1);
    await expect(showAll).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the first photo of a page is fetched at one width, the one it shows', async ({ page }) => {
  // A responsive preload read before the viewport meta resolves its sizes against a 980 px
  // viewport: a phone then fetched the photo twice, at the preload's width and at the <img>'s.
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request.url());
  });
  for (const route of ['/', '/home', '/house/1']) {
    images.length = 0;
    await page.goto(route);
    const photo = page.locator('main img[fetchpriority="high"]:visible').first();
    await expect(photo).toHaveJSProperty('complete', true);
    const shown = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
    // Its widths are files named <photo>-<width>[.<hash>].webp.
    const photoOf = (url: string) => url.replace(/-\d+(\.[0-9a-f]{8})?\.webp$/, '');
    const widths = [...new Set(images.filter((url) => photoOf(url) === photoOf(shown)))];
    expect(widths, route).toEqual([shown]);
  }
});
