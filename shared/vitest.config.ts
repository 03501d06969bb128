import { defineConfig } from 'vitest/config';

/** Suites of pure modules (rules, the URL module, slices, the entry points): Node, no DOM, no backend. */
const PURE = ['src/rules/**/*.test.ts', 'src/url/**/*.test.ts', 'src/state/**/*.test.ts', 'src/entryPoints.test.ts'];

export default defineConfig({
  test: {
    globals: true,
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
          // Component tests drive jsdom with user events: generous on a busy 2-core CI machine.
          testTimeout: 30_000,
          setupFiles: ['./vitest.setup.ts'],
        },
      },
    ],
  },
});
