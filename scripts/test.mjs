/**
 * `npm test`: every test of the project, from a fresh clone. Installs; then type-checks, lints,
 * builds, runs the backend's suites and the other packages' vitest suites side by side (none needs
 * another's output); then checks the entry-chunk budgets of the build and runs the Playwright
 * suites against the built site. Each step prints its time; the steps run side by side print their
 * output when they end.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from './site.mjs';
import { pnpm } from './pnpm.mjs';

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Runs one pnpm step; `buffered` collects its output to print at the end instead of streaming it. */
function step(title, args, { buffered = false } = {}) {
  const started = Date.now();
  const child = spawn(pnpm.command, [...pnpm.args, ...args], { cwd: repoRoot, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (buffered) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  if (!buffered) console.log(`\n=== ${title}`);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (buffered) process.stdout.write(`\n=== ${title}\n${Buffer.concat(output).toString()}`);
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      resolve(code ?? 1);
    });
  });
}

const exitOnFailure = (codes) => {
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
};

const started = Date.now();
exitOnFailure([await step('install', ['install', '--frozen-lockfile'])]);
exitOnFailure(
  await Promise.all([
    step('typecheck', ['run', 'typecheck'], { buffered: true }),
    step('lint', ['run', 'lint'], { buffered: true }),
    step('build', ['run', 'build'], { buffered: true }),
    // The backend's suites run one file at a time on one core: the front end's beside them.
    step('backend tests', ['run', 'test:backend'], { buffered: true }),
    step('unit tests (shared and the apps)', ['run', 'test:unit'], { buffered: true }),
  ]),
);
exitOnFailure([await step('entry-chunk budgets', ['run', 'test:budgets'])]);
exitOnFailure([await step('end-to-end tests', ['run', 'test:e2e'])]);
console.log(`\n=== all tests passed in ${seconds(started)}`);
