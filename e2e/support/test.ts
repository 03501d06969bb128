/**
 * Playwright's `test`, for pages the server renders: a reader sees the page before its scripts
 * run, and a click or a key before the app is hydrated does nothing, so every navigation of a
 * test page (goto, reload, back, forward) resolves once the app is hydrated: the shell's frame
 * (it marks <html data-hydrated>) and every remote slot the server rendered (each marks itself
 * data-hydrated). Pages the server did not render (a standalone remote, the mail page) are not
 * waited for.
 */
import { test as base, type Browser, type Page } from '@playwright/test';

export * from '@playwright/test';

export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getElementById('hs-ssr-state') === null ||
      (document.documentElement.dataset.hydrated === 'true' && document.querySelector('[data-remote]:not([data-hydrated])') === null),
  );
}

const patched = new WeakSet<Page>();

function waitsForHydration(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        if (response?.ok()) await hydrated(page);
        return response;
      },
    });
  }
}

const patchedBrowsers = new WeakSet<Browser>();

export const test = base.extend<object, { browser: Browser }>({
  // Contexts a test makes itself (another traveller, JavaScript off) wait for hydration too.
  browser: [
    async ({ browser }, use) => {
      if (!patchedBrowsers.has(browser)) {
        patchedBrowsers.add(browser);
        const newContext = browser.newContext.bind(browser);
        Object.assign(browser, {
          newContext: async (...args: Parameters<Browser['newContext']>) => {
            const context = await newContext(...args);
            // With JavaScript off there is nothing to wait for: the page is what the server sent.
            if (args[0]?.javaScriptEnabled !== false) context.on('page', waitsForHydration);
            return context;
          },
        });
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    context.on('page', waitsForHydration);
    await use(context);
  },
  page: async ({ page }, use) => {
    waitsForHydration(page);
    await use(page);
  },
});
