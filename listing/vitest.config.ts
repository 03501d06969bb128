import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    // The machine is shared; rendering two calendar months in jsdom can take seconds.
    testTimeout: 30_000,
    setupFiles: ['../shared/vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
