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
