import { defineConfig } from 'vitest/config';

/** Suites of pure modules (rules, the URL module, slices, the entry points): Node, no DOM, no backend. */
const PURE = ['src/rules/**/*.test.ts', 'src/url/**/*.test.ts', 'src/state/**/*.test.ts', 'src/entryPoints.test.ts'];

export default defineConfig({
  test: {
    globals: true,
    // npm test runs these niced beside the end-to-end and backend suites, which can leave them a
    // small share of a busy 2-core machine (a CI run took 36 s for a property test of 1 s): a test
    // here checks what the code does, not how fast.
    testTimeout: 120_000,
    // As the apps' suites (src/build/vitestConfig.ts): files share their worker's modules and jsdom;
    // vitest.setup.ts resets what a test leaves after each test.
    isolate: false,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    projects: [
      { extends: true, test: { name: 'pure', environment: 'node', include: PURE } },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: PURE,
          setupFiles: ['./vitest.setup.ts'],
        },
      },
    ],
  },
});
