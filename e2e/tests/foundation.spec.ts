import { expect, test } from '../support/test';
import { appPort } from '../../scripts/site.mjs';
import { navigateInApp, serveAppCopy, serveShellWith } from '../support/site';
import { newUser, signInContext } from './accountSupport';

const ROUTES: Array<[string, string]> = [
  ['/home', 'discovery/Home'],
  ['/house/1', 'listing/HouseDetail'],
  ['/1/book', 'checkout/BookingPage'],
  ['/wishlist', 'account/Wishlist'],
  ['/trips', 'account/Trips'],
  ['/login', 'account/LoginPage'],
  ['/account-settings', 'account/AccountSettings'],
  ['/lp', 'account/PersonalInfo'],
  ['/hosting', 'hosting/Hosting'],
];

test.describe('composed site', () => {
  for (const [route, remote] of ROUTES) {
    test(`${route} renders ${remote} through federation`, { tag: '@one-size' }, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator(`[data-remote="${remote}"]`)).toBeAttached();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    });
  }

  test('the shell owns the landing, coming-soon and 404 pages', { tag: '@one-size' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Homes that have a story' })).toBeVisible();
    await page.goto('/comingsoon');
    await expect(page.getByRole('heading', { name: 'Coming soon...' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
  });

  test('the header hides search on account pages and shows it on home', async ({ page }, info) => {
    test.skip(info.project.name === 'mobile', 'the wide-screen header slots are a desktop layout');
    await page.goto('/home');
    await expect(page.locator('[data-remote="discovery/SearchBar"]')).toBeAttached();
    await expect(page.locator('[data-remote="discovery/CategoryStrip"]')).toBeAttached();
    for (const route of ['/wishlist', '/trips', '/login', '/account-settings']) {
      await page.goto(route);
      await expect(page.locator('[data-remote="account/UserMenu"]')).toBeAttached();
      await expect(page.locator('[data-remote="discovery/SearchBar"]')).toHaveCount(0);
    }
  });

  test('one React, one shared package and one auth client in the composed page', { tag: '@one-size' }, async ({ page, context }) => {
    // Signed in: the page follows its session, so the auth client is made (a signed-out
    // visitor's page loads supabase-js only once something asks for it).
    await signInContext(context, await newUser('foundation'));
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    // Count React renderers the way React DevTools does: each react-dom copy registers once.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          renderers,
          supportsFiber: true,
          inject(renderer: unknown) {
            renderers.set(renderers.size + 1, renderer);
            return renderers.size;
          },
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    await page.goto('/home');
    await expect(page.locator('[data-remote="discovery/Home"]')).toBeAttached();
    await expect(page.locator('[data-remote="account/UserMenu"]')).toBeAttached();
    const readShared = () => page.evaluate(() => {
      const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
        .__REACT_DEVTOOLS_GLOBAL_HOOK__;
      type Versions = Record<string, { loaded?: boolean; useIn?: string[] }>;
      const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Versions>>> } })
        .__FEDERATION__;
      const loaded: Record<string, string[]> = {};
      for (const scope of Object.values(federation.__SHARE__)) {
        for (const packages of Object.values(scope)) {
          for (const [pkg, versions] of Object.entries(packages)) {
            for (const [version, info] of Object.entries(versions)) {
              if (info.loaded) loaded[pkg] = [...new Set([...(loaded[pkg] ?? []), version])];
            }
          }
        }
      }
      return { renderers: hook.renderers.size, loaded };
    });
    // The session is followed once the page has hydrated: supabase-js comes then.
    await expect.poll(async () => (await readShared()).loaded['@supabase/supabase-js'] ?? []).toHaveLength(1);
    const shared = await readShared();
    expect(shared.renderers).toBe(1);
    for (const pkg of ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit', '@supabase/supabase-js', 'shared/store']) {
      expect(shared.loaded[pkg] ?? [], `${pkg} loaded once`).toHaveLength(1);
    }
    // Every module of the workspace package (store, slices, api, session) is one shared copy.
    for (const [pkg, versions] of Object.entries(shared.loaded).filter(([name]) => name.startsWith('shared/'))) {
      expect(versions, `${pkg} loaded once`).toHaveLength(1);
    }
    expect(warnings.filter((text) => text.includes('Multiple GoTrueClient instances'))).toEqual([]);
  });
});

test.describe('failure isolation', () => {
  test.describe.configure({ mode: 'serial' });

  test('a remote that is down shows its fallback while the other pages work', { tag: '@one-size' }, async ({ page }, info) => {
    const port = info.project.name === 'desktop' ? 3110 : 3120;
    const shell = await serveShellWith(port, { listing: 'http://localhost:3199/mf-manifest.json' });
    try {
      await page.goto(`http://localhost:${port}/house/1`);
      await expect(page.getByRole('alert').filter({ hasText: 'not available right now' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.locator('[data-remote="account/UserMenu"]')).toBeAttached();
      await page.goto(`http://localhost:${port}/home`);
      await expect(page.locator('[data-remote="discovery/Home"]')).toBeAttached();
      await page.goto(`http://localhost:${port}/wishlist`);
      await expect(page.locator('[data-remote="account/Wishlist"]')).toBeAttached();
    } finally {
      await shell.close();
    }
  });

  test('a remote that dies after load recovers through Retry once it is back', { tag: '@one-size' }, async ({ page }, info) => {
    const base = info.project.name === 'desktop' ? 3130 : 3140;
    const listingPort = base + 2;
    let listing = await serveAppCopy('listing', listingPort);
    const shell = await serveShellWith(base, { listing: `http://localhost:${listingPort}/mf-manifest.json` });
    try {
      await page.goto(`http://localhost:${base}/home`);
      await expect(page.locator('[data-remote="discovery/Home"]')).toBeAttached();
      await page.waitForLoadState('networkidle');
      await listing.close();
      await page.evaluate(navigateInApp, '/house/1');
      const retry = page.getByRole('button', { name: 'Retry' });
      await expect(retry).toBeVisible({ timeout: 20_000 });
      listing = await serveAppCopy('listing', listingPort);
      await retry.click();
      await expect(page.locator('[data-remote="listing/HouseDetail"]')).toBeAttached({ timeout: 20_000 });
      await expect(retry).toHaveCount(0);
    } finally {
      await listing.close();
      await shell.close();
    }
  });
});

test.describe('standalone remotes', () => {
  const STANDALONE: Array<[string, string]> = [
    ['discovery', '/'],
    ['listing', '/house/1'],
    ['account', '/wishlist'],
    ['checkout', '/1/book'],
    ['hosting', '/hosting'],
  ];
  for (const [name, route] of STANDALONE) {
    test(`${name} serves its pages alone`, { tag: '@one-size' }, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`http://localhost:${appPort(name)}${route}`);
      // The remote's own page, not the shell's: it never loads its own federated entry.
      expect(await response?.text()).not.toContain('remoteEntry.js');
      await expect(page.locator('#root > *').first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
