import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium; Playwright's own browser downloads are not used. Its headless shell (Debian's
 * chromium-headless-shell, the same build) when installed: it is what Playwright runs headless by
 * default, and here the suites take about a third less time with it than with the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
};

// One artifacts folder per run, so runs started side by side do not share trace files.
process.env.E2E_RUN_ID ??= new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Flows run at one size, layouts at both: a journey whose steps and answers are the same at both
 * widths runs in the desktop project only (the same journey twice costs a browser and a backend
 * round trip each time). These spec files whole, and the tests tagged @one-size elsewhere; a test
 * whose screen differs by width (search bar or overlay, user menu or bottom bar, map beside or
 * behind the list, the booking page's layout) runs at both. A phone's own way into a flow (the
 * bottom bar to /hosting, /messages, /trips) is checked by account.spec.ts at that size.
 */
const ONE_SIZE_FILES = [
  'checkout-standalone', // the standalone remote's server and sign-in redirect
  'hosting', // a host's flows: listing in steps, blocked nights, drafts, money
  'messages', // conversations, live delivery, bounds
  'redeploy', // the shell's server reloading a remote
  'resilience', // remotes and backends down, restarted, killed
  'reviews', // a stay reviewed by both sides
  'security', // secrets in builds, headers, CSP, texts as text
  'security-fuzz', // HTTP-level fuzzing and limits
  'ssr-session', // cookies and the server's sessions
  'tab-sync', // BroadcastChannel between tabs
  'trips', // the itinerary, cancelling and refunds
  'two-step', // an authenticator app set up, used and removed
  'vitals', // real visitors' web vitals, reported to the backend
];

export default defineConfig({
  testDir: './tests',
  outputDir: `./artifacts/results-${process.env.E2E_RUN_ID}`,
  globalSetup: './support/globalSetup.ts',
  fullyParallel: false,
  workers: 2,
  // A failed test runs once more, recording its trace then (recording every test's trace cost the
  // suites about a third more CPU); a test that passes only on its retry still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './artifacts/report' }]],
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: chromiumLaunch,
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch },
    },
    {
      name: 'mobile',
      testIgnore: ONE_SIZE_FILES.map((name) => `**/${name}.spec.ts`),
      grepInvert: /@one-size/,
      use: {
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        // A phone's user agent (the server renders the same page for every one; CSS lays it out by width).
        userAgent: devices['Pixel 7'].userAgent,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromiumLaunch,
      },
    },
  ],
});
