/**
 * The session on the server (issue 28): the browser keeps it in cookies the way @supabase/ssr
 * does, so the server renders the signed-in pages for their traveller (read here as the HTML the
 * server sends with the browser's cookies), never for a shared cache; a token refreshed on the
 * server is sent back as cookies; signing out clears them; and /login's form signs in without
 * JavaScript, from this site only.
 */
import type { APIResponse, BrowserContextOptions } from '@playwright/test';
import { expect, test, type Browser } from '../support/test';
import { problemsOf } from '../support/problems';
import { addSessionCookies, sessionCookiesOf, sessionInCookies } from '../support/sessionCookies';
import { newUser, PASSWORD, signInContext, SITE, siteConfig, type TestUser } from './accountSupport';
import { bookingPath, freeStay, payThroughApi } from './checkoutSupport';

const WRONG_PASSWORD_MESSAGE = 'That password is not right for this email. Check it and try again.';

/** Text as React writes it into HTML. */
const inHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A context of this project's size and user agent, with JavaScript off. */
function noScriptContext(browser: Browser) {
  const { viewport, userAgent, isMobile, hasTouch } = test.info().project.use as BrowserContextOptions;
  return browser.newContext({ javaScriptEnabled: false, viewport, userAgent, isMobile, hasTouch, baseURL: SITE });
}

async function personalHtml(response: APIResponse, path: string): Promise<string> {
  expect(response.status(), path).toBe(200);
  expect(response.headers()['cache-control'], path).toBe('private, no-store');
  expect(response.headers()['etag'], path).toBeUndefined();
  // The same policy as every page: scripts by this response's nonce only.
  expect(response.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
  return response.text();
}

let traveller: TestUser;
let stay: Awaited<ReturnType<typeof freeStay>>;
let code: string;

test.beforeAll(async () => {
  traveller = await newUser('ssr-session', 'Sasha Server');
  stay = await freeStay();
  code = await payThroughApi(traveller, stay);
  const { error } = await traveller.client.from('Favorites').insert({ user_id: traveller.session.user.id, item_id: stay.roomId });
  if (error) throw error;
});

test('after signing in, the server renders each signed-in page for the traveller and for nobody else', async ({ page, context, playwright }) => {
  await page.goto('/login?next=%2Fwishlist');
  await page.getByLabel('Email').fill(traveller.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/wishlist');
  // The browser's client keeps the session in cookies, not in local storage.
  const { supabaseUrl } = await siteConfig();
  await expect.poll(async () => (await sessionInCookies(context, SITE, supabaseUrl))?.access_token ?? null).toBeTruthy();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('auth-token')))).toEqual([]);

  const title = inHtml(stay.title);
  const pages: Array<[path: string, shows: string[], notShows: string[]]> = [
    ['/wishlist', ['aria-label="Saved homes"', title], ['Log in to view your wishlists']],
    ['/trips', ['aria-label="Your trips"', title, code], []],
    ['/account-settings', ['Sasha Server', inHtml(traveller.email)], ['aria-busy="true"']],
    ['/hosting', ['You have not listed a place yet.'], []],
    [bookingPath(stay), ['Your trip', title], ['Log in to book this place']],
  ];
  for (const [path, shows, notShows] of pages) {
    const html = await personalHtml(await context.request.get(path), path);
    for (const text of shows) expect(html.includes(text), `${path} shows ${text}`).toBe(true);
    for (const text of notShows) expect(html.includes(text), `${path} does not show ${text}`).toBe(false);
  }

  // Another reader of the same pages at the same moment gets them signed out: nothing is reused.
  const stranger = await playwright.request.newContext({ baseURL: SITE });
  try {
    const settings = await stranger.get('/account-settings');
    expect(settings.headers()['cache-control']).not.toContain('private');
    expect(await settings.text()).not.toContain('Sasha');
    expect(await (await stranger.get('/wishlist')).text()).toContain('Log in to view your wishlists');
  } finally {
    await stranger.dispose();
  }
});

test('with JavaScript off, a signed-in traveller sees the stay on the booking page, and /login sends them on', async ({ browser }) => {
  const context = await noScriptContext(browser);
  try {
    await signInContext(context, traveller);
    const page = await context.newPage();
    await page.goto(bookingPath(stay));
    await expect(page.getByRole('heading', { name: 'Your trip', exact: true })).toBeVisible();
    await expect(page.getByText(stay.title).first()).toBeVisible();
    await expect(page.getByText('Log in to book this place')).toHaveCount(0);

    // /login, signed in already, is a redirect from the server to where it returns (no script
    // runs here to leave the page), kept to this site.
    const redirects: Array<[path: string, location: string]> = [
      ['/login?next=%2Ftrips', '/trips'],
      ['/login', '/home'],
      ['/login?next=%2F%2Fevil.example', '/home'],
    ];
    for (const [path, location] of redirects) {
      const response = await context.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(303);
      expect(response.headers()['location'], path).toBe(location);
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
    }
    await page.goto('/login?next=%2Ftrips');
    await expect(page).toHaveURL((url) => url.pathname === '/trips');
    await expect(page.getByText(code)).toBeVisible();
  } finally {
    await context.close();
  }
});

// Issue 42: the booking page of a stay is whole in the server's HTML (its largest text, the
// cancellation policy, was drawn only after hydration, at ~5 s on a phone), and the browser
// hydrates it as it is.
test('the booking page of a signed-in stay comes whole from the server: policy, price lines and button; hydrated with no warning @one-size', async ({
  browser,
  page,
  context,
}) => {
  const traveller = await newUser('ssr-booking', 'Bea Booker');
  const stay = await freeStay(3);
  await signInContext(context, traveller);
  const html = await personalHtml(await context.request.get(bookingPath(stay)), bookingPath(stay));
  for (const text of ['<strong>Cancellation policy:</strong>', 'Cleaning fee', 'Service fee', 'Total (USD)', '>Confirm and pay</button>']) {
    expect(html.includes(text), `the server's HTML has ${text}`).toBe(true);
  }
  expect(html.includes('Loading the place'), 'no placeholder of the place').toBe(false);

  const noScript = await noScriptContext(browser);
  try {
    await signInContext(noScript, traveller);
    const still = await noScript.newPage();
    await still.goto(bookingPath(stay));
    const summary = still.getByRole('complementary', { name: 'Your booking' });
    await expect(summary.getByText('Cancellation policy:')).toBeVisible();
    await expect(summary.getByText(/ x 3 nights$/)).toBeVisible();
    await expect(summary.getByText('Total (USD)')).toBeVisible();
    await expect(still.getByRole('button', { name: 'Confirm and pay' })).toBeVisible();
  } finally {
    await noScript.close();
  }

  const problems = problemsOf(page);
  await page.goto(bookingPath(stay));
  await expect(page.getByRole('complementary', { name: 'Your booking' }).getByText('Cancellation policy:')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a session about to expire is refreshed by the server, which sends the new one back as cookies', async ({ context }) => {
  const user = await newUser('ssr-refresh');
  const { supabaseUrl } = await siteConfig();
  await addSessionCookies(context, SITE, supabaseUrl, { ...user.session, expires_at: Math.floor(Date.now() / 1000) + 30 });
  const response = await context.request.get('/account-settings');
  const html = await personalHtml(response, '/account-settings');
  expect(html).toContain(inHtml(user.email));
  expect(response.headersArray().some(({ name, value }) => name.toLowerCase() === 'set-cookie' && value.includes('-auth-token'))).toBe(true);
  const stored = await sessionInCookies(context, SITE, supabaseUrl);
  expect(stored?.refresh_token).toBeTruthy();
  expect(stored?.refresh_token).not.toBe(user.session.refresh_token);
});

test('logging out clears the session cookies and the server renders signed out again', async ({ page, context, isMobile }) => {
  await signInContext(context, await newUser('ssr-logout', 'Lou Out'));
  await page.goto('/account-settings');
  if (isMobile) {
    await page.getByRole('button', { name: 'Log out' }).click();
  } else {
    const menu = page.getByRole('navigation', { name: 'User menu' });
    await expect(async () => {
      if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open user menu' }).click();
      await expect(menu).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await menu.getByRole('button', { name: 'Log out' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/');
  const { supabaseUrl } = await siteConfig();
  await expect.poll(() => sessionCookiesOf(context, SITE, supabaseUrl)).toEqual([]);
  const wishlist = await context.request.get('/wishlist');
  expect(wishlist.headers()['cache-control']).not.toContain('private');
  expect(await wishlist.text()).toContain('Log in to view your wishlists');
});

test('with JavaScript off, /login signs in and returns to next; a wrong password comes back with the email kept', async ({ browser }) => {
  const context = await noScriptContext(browser);
  try {
    const page = await context.newPage();
    await page.goto('/login?next=%2Ftrips');
    await page.getByLabel('Email').fill(traveller.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD_MESSAGE);
    await expect(page.getByLabel('Email')).toHaveValue(traveller.email);
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trips');
    await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible();
    await expect(page.getByText(code)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the sign-in post is refused from another site, and its next never leaves this one', async ({ playwright }) => {
  test.skip(test.info().project.name !== 'desktop', 'what the server answers does not depend on the viewport');
  const request = await playwright.request.newContext({ baseURL: SITE, maxRedirects: 0 });
  try {
    const form = { email: traveller.email, password: PASSWORD };
    const crossSite: Array<Record<string, string>> = [{ 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }, { Origin: 'https://evil.example' }, {}];
    for (const headers of crossSite) {
      const refused = await request.post('/login', { form, headers });
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
      expect(refused.headers()['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    }
    const away = await request.post('/login?next=%2F%2Fevil.example%2Fx', { form, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(away.status()).toBe(303);
    expect(away.headers()['location']).toBe('/home');
    expect(away.headers()['set-cookie']).toContain('-auth-token');
    const back = await request.post('/login?next=%2Fhouse%2F1%3Fadults%3D2', { form, headers: { Origin: SITE } });
    expect(back.status()).toBe(303);
    expect(back.headers()['location']).toBe('/house/1?adults=2');
  } finally {
    await request.dispose();
  }
});
