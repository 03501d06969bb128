/**
 * `npm test`: every test of the project, from a fresh clone. Installs, type-checks, lints, builds,
 * runs each package's vitest suite, then the Playwright suites against the built site.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from './site.mjs';
import { pnpm } from './pnpm.mjs';

function step(title, args) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(pnpm.command, [...pnpm.args, ...args], { cwd: repoRoot, stdio: 'inherit' });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

step('install', ['install', '--frozen-lockfile']);
step('typecheck', ['run', 'typecheck']);
step('lint', ['run', 'lint']);
step('build', ['run', 'build']);
step('unit and backend tests', ['run', 'test:unit']);
step('end-to-end tests', ['run', 'test:e2e']);
