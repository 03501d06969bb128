/**
 * Resilience: each remote down in turn, the backend restarted under an open page, the backend
 * killed during writes, and two backend processes sharing one PostgreSQL. The backend cases
 * start backends of their own (ports 31430+, their own data), never touching the shared one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CATEGORIES } from '../../shared/src/rules/constants';
import { expect, test } from '../support/test';
import { BackendProcess, makeKeys } from '../support/backendProcess';
import { repoRoot } from '../support/paths';
import { siteConfig } from '../support/guest';
import { navigateInApp, serveShellWith } from '../support/site';

test.beforeEach(() => {
  test.skip(test.info().project.name !== 'desktop', 'server and federation behaviour: once, at one size');
});

const PAGES = {
  discovery: { route: '/home', id: 'discovery/Home' },
  listing: { route: '/house/1', id: 'listing/HouseDetail' },
  account: { route: '/wishlist', id: 'account/Wishlist' },
  checkout: { route: '/1/book', id: 'checkout/BookingPage' },
} as const;
type Remote = keyof typeof PAGES;
const REMOTES = Object.keys(PAGES) as Remote[];

test('each remote down in turn: its page shows a fallback, the other three keep working', async ({ page }) => {
  test.setTimeout(120_000);
  const port = 3210;
  for (const down of REMOTES) {
    const shell = await serveShellWith(port, { [down]: 'http://localhost:3299/mf-manifest.json' });
    try {
      for (const remote of REMOTES) {
        const { route, id } = PAGES[remote];
        // The server renders the page with whatever remotes it can load.
        const response = await page.goto(`http://localhost:${port}${route}`);
        expect(response?.status(), `${route} with ${down} down`).toBe(200);
        await expect(page.getByRole('banner')).toBeVisible();
        const main = page.locator('main');
        if (remote === down) {
          await expect(main.getByRole('alert').filter({ hasText: 'not available right now' })).toBeVisible({ timeout: 20_000 });
          await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
        } else {
          await expect(page.locator(`[data-remote="${id}"]`), `${route} with ${down} down`).toBeAttached({ timeout: 20_000 });
          await expect(main.getByRole('alert').filter({ hasText: 'not available right now' }), `${route} with ${down} down`).toHaveCount(0);
        }
      }
    } finally {
      await shell.close();
    }
  }
});

test("a slow backend: the server's reads are cut off, the page comes at once with skeletons and fills in; without scripts the categories are all there", async ({ browser, page, request }) => {
  test.setTimeout(60_000);
  // Between the shell's server and the backend: every request waits 10 s.
  const backend = new URL((await siteConfig(request)).supabaseUrl);
  const slow = http.createServer((req, res) => {
    setTimeout(() => {
      const upstream = http.request(
        { host: backend.hostname, port: backend.port, path: req.url, method: req.method, headers: { ...req.headers, host: backend.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }, 10_000);
  });
  await new Promise<void>((resolve) => slow.listen(3230, resolve));
  const shell = await serveShellWith(3231, {}, { serverBackendUrl: 'http://localhost:3230' });
  try {
    const started = Date.now();
    const html = await (await fetch('http://localhost:3231/home')).text();
    expect(Date.now() - started, 'the page does not wait for the slow reads').toBeLessThan(5_000);
    expect(html).toContain('data-testid="card-skeleton"');
    expect(html).not.toMatch(/href="\/house\/\d+/);

    await page.goto('http://localhost:3231/home');
    await expect(page.locator('main a[href^="/house/"]').first()).toBeVisible();

    // Without scripts the skeletons would never fill: the category strip offers every category,
    // each keeping the search, the chosen one marked.
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScripts.newPage();
      await plain.goto('http://localhost:3231/home?where=Europe&category=Castles');
      const strip = plain.getByRole('navigation', { name: 'Categories' });
      await expect(strip.getByRole('link')).toHaveCount(CATEGORIES.length);
      await expect(strip.getByRole('link', { name: 'Farms', exact: true })).toHaveAttribute('href', '/home?where=Europe&category=Farms');
      await expect(strip.getByRole('link', { name: 'Castles', exact: true })).toHaveAttribute('aria-current', 'true');
      await expect(strip.getByTestId('category-skeleton').first()).toBeHidden();
    } finally {
      await noScripts.close();
    }
  } finally {
    await shell.close();
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  }
});

interface Room {
  id: number;
}

async function insertRooms(backend: BackendProcess, titles: string[]): Promise<Room[]> {
  const response = await fetch(`${backend.url}/rest/v1/Rooms?select=id`, {
    method: 'POST',
    headers: { ...backend.serviceHeaders(), 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: JSON.stringify(
      titles.map((title) => ({
        'house-title': title,
        title_1: title,
        title_2: 'Resilience test room',
        city: 'Lisbon',
        country: 'Portugal',
        price: 8300,
        lat: 38.72,
        lng: -9.14,
        filter: 'Beach',
        rating_count: '(3)',
        house_rating: 4.5,
      })),
    ),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Room[];
}

test('the backend restarted mid-session: the open page recovers without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const backend = await new BackendProcess({ port: 31430 }).start();
  const { serveApp } = (await import(path.join(repoRoot, 'scripts/static-server.mjs'))) as {
    serveApp: (options: object) => Promise<{ close: () => Promise<void> }>;
  };
  const { remotesManifest } = (await import(path.join(repoRoot, 'scripts/site.mjs'))) as {
    remotesManifest: () => Record<string, string>;
  };
  const shell = await serveApp({
    name: 'shell',
    dir: path.join(repoRoot, 'shell', 'dist'),
    port: 3230,
    runtimeConfig: () => JSON.parse(fs.readFileSync(path.join(backend.dataDir, 'public-config.json'), 'utf8')),
    remotes: remotesManifest(),
    backendOrigin: backend.url,
  });
  try {
    const [first, second, third] = await insertRooms(backend, ['Recovery room one', 'Recovery room two', 'Recovery room three']);
    await page.goto(`http://localhost:3230/house/${first!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recovery room one' })).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await backend.stop();
    // While the backend is away, the user moves on: that page cannot load its data.
    await page.evaluate(navigateInApp, `/house/${second!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recovery room two' })).toHaveCount(0);
    await page.waitForTimeout(1_500);

    await backend.start();
    await page.evaluate(navigateInApp, `/house/${third!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recovery room three' })).toBeVisible({ timeout: 20_000 });
    await page.evaluate(navigateInApp, `/house/${second!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recovery room two' })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await shell.close();
    await backend.remove();
  }
});

test('the backend killed with SIGKILL during 100 writes: every acknowledged write survives', async () => {
  test.setTimeout(180_000);
  const backend = await new BackendProcess({ port: 31431 }).start();
  try {
    const run = `durable-${Date.now()}`;
    const acknowledged: number[] = [];
    let killed: Promise<void> | undefined;
    let next = 0;
    const write = async (index: number) => {
      try {
        const [room] = await insertRooms(backend, [`${run}-${index}`]);
        acknowledged.push(room!.id);
      } catch {
        // refused or cut off by the crash: not acknowledged
      }
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < 100) {
          const index = next++;
          if (index === 50) killed = backend.stop('SIGKILL');
          await write(index);
        }
      }),
    );
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.length).toBeLessThan(100);

    await backend.start();
    const response = await fetch(`${backend.url}/rest/v1/Rooms?select=id&house-title=like.${run}-*`, {
      headers: backend.serviceHeaders(),
    });
    const present = new Set(((await response.json()) as Room[]).map((room) => room.id));
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
  } finally {
    await backend.remove();
  }
});

test('two backend processes on one PostgreSQL serve the same users and data', async () => {
  test.setTimeout(240_000);
  // The same server the backend suites use (TEST_DATABASE_URL), in a scratch database.
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const psql = (sql: string) => execFileSync('psql', [admin, '-qc', sql], { timeout: 30_000, stdio: 'pipe' });
  try {
    psql('select 1');
  } catch (error) {
    test.skip(true, `PostgreSQL is not reachable at ${admin}: ${String(error).slice(0, 200)}`);
  }
  const database = `homestory_two_backends_${process.pid}`;
  psql(`drop database if exists ${database} with (force)`);
  psql(`create database ${database}`);
  const keys = makeKeys();
  const url = new URL(admin);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const one = new BackendProcess({ port: 31432, keys, databaseUrl });
  const two = new BackendProcess({ port: 31433, keys, databaseUrl });
  try {
    await one.start();
    await two.start();
    const json = { ...one.headers(), 'Content-Type': 'application/json' };
    const email = `two-backends-${Date.now()}@example.test`;
    const password = 'two-backends-1';

    const signUp = await fetch(`${one.url}/auth/v1/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
    expect(signUp.ok, await signUp.clone().text()).toBe(true);
    const session = (await signUp.json()) as { access_token: string; refresh_token: string; user: { id: string } };

    // A token from one is a valid session on the other.
    const user = await fetch(`${two.url}/auth/v1/user`, { headers: two.headers(session.access_token) });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { id: string; email: string }).email).toBe(email);

    // The other signs the same user in, and takes the refresh token the first issued.
    const signIn = await fetch(`${two.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const refreshed = await fetch(`${two.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);

    // A write through one is read through the other, under the same user's RLS.
    const [room] = await insertRooms(one, ['Shared room']);
    const favourite = await fetch(`${one.url}/rest/v1/Favorites`, {
      method: 'POST',
      headers: { ...one.headers(session.access_token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: session.user.id, item_id: room!.id }),
    });
    expect(favourite.status).toBe(201);
    const favourites = await fetch(`${two.url}/rest/v1/Favorites?select=item_id&user_id=eq.${session.user.id}`, {
      headers: two.headers(session.access_token),
    });
    expect(await favourites.json()).toEqual([{ item_id: room!.id }]);
  } finally {
    await one.remove();
    await two.remove();
    psql(`drop database if exists ${database} with (force)`);
  }
});
