import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// deploy/'s tests start the built site as several processes behind nginx (`npm run test:deploy`).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.mjs'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
