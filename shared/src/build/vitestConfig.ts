/**
 * The apps' component suites (jsdom, user events, CSS modules with readable class names), one
 * configuration for all: an app's vitest.config.ts names only the setup files of its own.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const SHARED_SETUP = fileURLToPath(new URL('../../vitest.setup.ts', import.meta.url));

export function appTestConfig(...ownSetupFiles: string[]): ViteUserConfig {
  return defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      // Component tests drive jsdom with user events, and npm test runs them niced beside the
      // end-to-end and backend suites: generous, as the shared package's (its vitest.config.ts).
      testTimeout: 120_000,
      // Files share their worker's modules and jsdom instead of a fresh one each (a third of the
      // CPU time): shared/vitest.setup.ts resets what a test leaves (rendered trees, the fake
      // backend's handlers and data, the stored session) after each test.
      isolate: false,
      setupFiles: [SHARED_SETUP, ...ownSetupFiles],
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  });
}
