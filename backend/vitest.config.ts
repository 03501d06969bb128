import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { installedSpecifier } from './src/functions/npm-specifiers.mjs';

const BACKEND_PACKAGE = fileURLToPath(new URL('./package.json', import.meta.url));

export default defineConfig({
  plugins: [
    {
      // The edge functions' pinned `npm:` imports, resolved as the function runner's Node hook
      // resolves them under tsx: to the backend's installed package of that very version.
      name: 'npm-specifiers',
      async resolveId(id) {
        const bare = installedSpecifier(id);
        return bare === null ? null : this.resolve(bare, BACKEND_PACKAGE, { skipSelf: true });
      },
    },
  ],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own backend; two cores are shared, so keep files sequential.
    fileParallelism: false,
  },
});
