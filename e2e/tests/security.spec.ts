/**
 * Security of the served site: no secret in any build, the security headers and a CSP that
 * the pages actually live within, and listing text that is always text, never markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { APPS, appPort } from '../../scripts/site.mjs';
import { repoRoot } from '../support/paths';

interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** The running site's keys: <DATA_DIR>/keys.json of the backend that wrote /config.json. */
async function siteKeys(request: import('@playwright/test').APIRequestContext): Promise<Keys & { supabaseUrl: string }> {
  const dataDir = path.resolve(repoRoot, process.env.DATA_DIR ?? '.data');
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as Keys;
  const config = (await (await request.get('/config.json')).json()) as { supabaseAnonKey: string; supabaseUrl: string };
  expect(config.supabaseAnonKey, `${dataDir}/keys.json belongs to the running backend`).toBe(keys.anonKey);
  return { ...keys, supabaseUrl: config.supabaseUrl };
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test.describe('secrets', () => {
  test('no service key or JWT secret in any file the six apps build', async ({ request }) => {
    test.skip(test.info().project.name !== 'desktop', 'reads files: once');
    const keys = await siteKeys(request);
    const secrets = [keys.jwtSecret, keys.serviceRoleKey, keys.serviceRoleKey.split('.')[2]!];
    let scanned = 0;
    for (const app of APPS) {
      const files = filesUnder(path.join(repoRoot, app, 'dist'));
      expect(files.some((file) => file.endsWith('.js')), `${app}/dist holds a build`).toBe(true);
      for (const file of files) {
        const text = fs.readFileSync(file, 'latin1');
        for (const secret of secrets) {
          expect(text.includes(secret), `${path.relative(repoRoot, file)} contains a secret`).toBe(false);
        }
        scanned += 1;
      }
    }
    expect(scanned).toBeGreaterThan(10);
  });
});

test.describe('headers', () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    );

  test('pages carry a strict CSP, nosniff, a referrer policy and refuse framing', async ({ request }) => {
    test.skip(test.info().project.name !== 'desktop', 'HTTP headers: once');
    const { supabaseUrl } = await siteKeys(request);
    const backend = new URL(supabaseUrl).origin;
    const pages = ['http://localhost:3000/', 'http://localhost:3000/home', 'http://localhost:3000/house/1'];
    for (const app of APPS.slice(1)) pages.push(`http://localhost:${appPort(app)}/`);
    for (const url of pages) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const headers = response.headers();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
        headers['referrer-policy'],
      );
      const csp = directives(headers['content-security-policy'] ?? '');
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      for (const name of ['script-src', 'style-src', 'connect-src', 'img-src']) {
        const values = csp.get(name) ?? [];
        expect(values.length, `${url} ${name}`).toBeGreaterThan(0);
        for (const value of values) {
          expect(["'unsafe-eval'", '*', 'http:', 'https:'], `${url} ${name} ${value}`).not.toContain(value);
          if (name === 'script-src') expect(value, `${url} ${name}`).not.toBe("'unsafe-inline'");
        }
      }
      expect(csp.get('connect-src'), url).toContain(backend);
    }
    // Scripts and styles are never sniffed into something else.
    const html = await (await request.get('http://localhost:3000/')).text();
    const script = html.match(/<script[^>]*\ssrc="([^"]+)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(new URL(script!, 'http://localhost:3000/').toString());
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('in Stripe mode the CSP adds exactly the Stripe origins, and a tile server only for images', async () => {
    test.skip(test.info().project.name !== 'desktop', 'a pure function: once');
    const { contentSecurityPolicy } = (await import(path.join(repoRoot, 'scripts/static-server.mjs'))) as {
      contentSecurityPolicy: (options: object) => string;
    };
    const csp = directives(
      contentSecurityPolicy({
        html: '',
        backendOrigin: 'http://localhost:54321',
        config: { paymentMode: 'stripe', mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' },
      }),
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:54321', 'ws://localhost:54321', 'https://api.stripe.com']);
    expect(csp.get('img-src')).toContain('https://tiles.example.org');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  async function watchViolations(page: Page): Promise<string[]> {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    return violations;
  }

  test('the pages load everything they need within their CSP', async ({ page }) => {
    const violations = await watchViolations(page);
    for (const route of ['/', '/home', '/house/1', '/login', '/1/book']) {
      await page.goto(route);
      // The app has replaced the static frame, and everything the page asked for has arrived.
      await expect(page.locator('#root .boot-status')).toHaveCount(0);
      await expect(page.locator('main, h1').first()).toBeAttached();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});

test.describe('listing text', () => {
  const MARKUP = '<img src=x onerror="window.__xss=1"><b>bold</b>';

  test('a listing whose texts contain markup renders them as text', async ({ page, request }) => {
    test.skip(test.info().project.name !== 'desktop', 'writes to the shared backend: once');
    const keys = await siteKeys(request);
    const service = {
      apikey: keys.serviceRoleKey,
      Authorization: `Bearer ${keys.serviceRoleKey}`,
      'Content-Type': 'application/json',
    };
    const rest = `${keys.supabaseUrl}/rest/v1`;
    const [template] = (await (await request.get(`${rest}/Rooms?select=*&order=id.asc&limit=1`, { headers: service })).json()) as Array<
      Record<string, unknown>
    >;
    expect(template).toBeTruthy();
    // Everything but the key and the generated search columns.
    const room = Object.fromEntries(Object.entries(template!).filter(([key]) => key !== 'id' && !key.startsWith('search_')));
    const created = await request.post(`${rest}/Rooms`, {
      headers: { ...service, Prefer: 'return=representation' },
      data: {
        ...room,
        'house-title': `Markup title ${MARKUP}`,
        title_1: `Markup title ${MARKUP}`,
        house_description: `Markup description ${MARKUP}`,
        host_name: `Host ${MARKUP}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as Array<{ id: number }>)[0]!;
    try {
      await page.goto(`/house/${id}`);
      await expect(page.locator('[data-remote="listing/HouseDetail"]')).toBeAttached();
      await expect(page.getByText(`Markup title ${MARKUP}`).first()).toBeVisible();
      await expect(page.getByText(`Markup description ${MARKUP}`).first()).toBeAttached();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      await expect(page.locator('main b', { hasText: /^bold$/ })).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    } finally {
      const removed = await request.delete(`${rest}/Rooms?id=eq.${id}`, { headers: service });
      expect(removed.status()).toBeLessThan(300);
    }
  });
});
