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
    // test/ops (several processes, backups) is its own suite (VITEST_SUITE=ops, `test:ops`), run
    // by `npm test` beside the deployment's rather than on this suite's long path.
    ...(process.env.VITEST_SUITE === 'ops'
      ? { include: ['test/ops/**/*.test.ts'] }
      : { include: ['test/**/*.test.ts'], exclude: ['test/ops/**', '**/node_modules/**'] }),
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own backend on its own database copy (test/support/backend.ts), so two
    // files run at once: much of a file's time is waiting (timers, sockets, PostgreSQL), and two
    // at a time took the suite from 583 to 344 s on two cores with its CPU time unchanged.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
