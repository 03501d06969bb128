import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    // Component tests drive jsdom with user events: generous on a busy 2-core CI machine.
    testTimeout: 30_000,
    setupFiles: ['../shared/vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
