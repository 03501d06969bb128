import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    testTimeout: 30_000,
    setupFiles: ['../shared/vitest.setup.ts', './src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
