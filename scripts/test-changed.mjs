/**
 * `npm run test:changed`: the fast loop while working. Runs only what the change touches: for each
 * package with a changed file, its vitest suite limited to the tests that import what changed
 * (vitest --changed), and the end-to-end specs of the changed apps, at one size. The change is what
 * differs from `main`'s merge base, committed or not (`--base REV` for another).
 *
 *   npm run test:changed                  # vitest of the changed packages, e2e of the changed apps (desktop)
 *   npm run test:changed -- --no-e2e      # vitest only
 *   npm run test:changed -- --project mobile
 *
 * The e2e specs need the site built (`pnpm --filter <app> build` for the apps changed). A change to
 * shared/, backend/ or supabase/ reaches every app: it runs those packages' vitest (all of the
 * backend's for a change to supabase/), and e2e only for the apps changed themselves; `npm test`
 * is the whole check before a submission.
 */
import { spawn, spawnSync } from 'node:child_process';
import { pnpm } from './pnpm.mjs';
import { repoRoot } from './site.mjs';

/** The e2e specs of each app: those that exercise its pages (a spec may belong to several). */
const APP_SPECS = {
  shell: ['foundation', 'landing', 'ssr', 'resilience', 'security'],
  discovery: ['discovery', 'url-search', 'results-map', 'first-paint'],
  listing: ['listing', 'url-stay', 'layout-stability'],
  account: ['account', 'account-promises', 'trips', 'messages', 'two-step', 'tab-sync', 'ssr-session'],
  checkout: ['checkout', 'checkout-standalone', 'url-stay'],
  hosting: ['hosting', 'earnings', 'reviews'],
};
const VITEST_PACKAGES = ['shell', 'discovery', 'listing', 'account', 'checkout', 'hosting', 'shared', 'backend'];

const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const git = (...args) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
const base = option('--base') ?? (git('merge-base', 'HEAD', 'main') || 'HEAD');
const project = option('--project') ?? 'desktop';

const changed = new Set(
  [git('diff', '--name-only', base), git('ls-files', '--others', '--exclude-standard')].join('\n').split('\n').filter(Boolean),
);
const packages = VITEST_PACKAGES.filter((name) => [...changed].some((file) => file.startsWith(`${name}/`)));
if ([...changed].some((file) => file.startsWith('supabase/')) && !packages.includes('backend')) packages.push('backend');
const specs = [...new Set(Object.entries(APP_SPECS).flatMap(([app, list]) => ([...changed].some((file) => file.startsWith(`${app}/`)) ? list : [])))];
for (const file of changed) if (file.startsWith('e2e/tests/') && file.endsWith('.spec.ts')) specs.push(file.slice('e2e/tests/'.length, -'.spec.ts'.length));

function run(args) {
  console.log(`\n=== pnpm ${args.join(' ')}`);
  return new Promise((resolve) => {
    spawn(pnpm.command, [...pnpm.args, ...args], { cwd: repoRoot, stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1));
  });
}

console.log(`test:changed: ${changed.size} files changed since ${base.slice(0, 12)}; vitest: ${packages.join(', ') || 'none'}; e2e: ${specs.join(', ') || 'none'}`);
const codes = [];
// vitest's --changed runs the tests whose imports reach a file changed since the base; the backend's
// suites read supabase/ as SQL and edge functions, not imports, so a change there runs them all.
const sqlChanged = [...changed].some((file) => file.startsWith('supabase/'));
for (const name of packages) {
  const narrow = name === 'backend' && sqlChanged ? [] : [`--changed=${base}`];
  codes.push(await run(['--filter', name, 'exec', 'vitest', 'run', ...narrow, '--passWithNoTests']));
}
if (specs.length > 0 && !argv.includes('--no-e2e')) {
  codes.push(await run(['--filter', 'e2e', 'exec', 'playwright', 'test', `--project=${project}`, ...[...new Set(specs)].map((s) => `tests/${s}.spec.ts`)]));
}
process.exitCode = codes.find((code) => code !== 0) ?? 0;
