/**
 * `npm run test:flaky`: the flake finder. Runs the end-to-end and backend suites (or the spec and
 * test files named) several times with a CPU hog beside them, no retries, and lists every test
 * that failed at least once, with how often. A test that fails once in five runs under load
 * fails a submission in CI: run this before each one.
 *
 *   npm run test:flaky                                    # both suites, 3 rounds, hog on every core
 *   npm run test:flaky -- --repeat 5 e2e/tests/checkout.spec.ts backend/test/payments.test.ts
 *   npm run test:flaky -- --repeat 5 --hog 0 --project mobile e2e/tests/listing.spec.ts
 *
 * Options: --repeat N (rounds, default 3), --hog N (busy loops beside the suites, default one per
 * core), --project desktop|mobile (e2e only). Paths under e2e/ or backend/ choose the files; with
 * none, both whole suites run. The site must be built (`pnpm run build`); the e2e suites start it.
 * Exits 1 when any test failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pnpm } from './pnpm.mjs';
import { repoRoot } from './site.mjs';

function parseArgs(argv) {
  const options = { repeat: 3, hog: os.cpus().length, project: undefined, e2e: [], backend: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--repeat') options.repeat = Number(argv[++i]);
    else if (arg === '--hog') options.hog = Number(argv[++i]);
    else if (arg === '--project') options.project = argv[++i];
    else if (arg.startsWith('e2e/')) options.e2e.push(path.relative('e2e', arg));
    else if (arg.startsWith('backend/')) options.backend.push(path.relative('backend', arg));
    else throw new Error(`test:flaky: unknown argument ${arg} (paths start with e2e/ or backend/)`);
  }
  if (!Number.isInteger(options.repeat) || options.repeat < 1) throw new Error('test:flaky: --repeat takes a whole number of 1 or more');
  if (!Number.isInteger(options.hog) || options.hog < 0) throw new Error('test:flaky: --hog takes a whole number');
  const all = options.e2e.length === 0 && options.backend.length === 0;
  return { ...options, runE2e: all || options.e2e.length > 0, runBackend: all || options.backend.length > 0 };
}

/** Busy loops, one process each, until stopped: the load of a busy CI machine. */
function startHog(count) {
  const loops = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => loops.forEach((loop) => loop.kill('SIGKILL'));
}

function run(command, args, cwd, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Titles of the failed tests in a Playwright JSON report ("project › file › title"). */
function playwrightFailures(report) {
  const failed = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.results.some((r) => r.status !== 'passed' && r.status !== 'skipped')) failed.push(`e2e ${t.projectName} › ${file} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title);
  return failed;
}

/** Titles of the failed tests in a vitest JSON report. */
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `backend ${path.relative(path.join(repoRoot, 'backend'), file.name)} › ${t.fullName}`),
  ).concat(
    // A file that failed to load or whose hooks failed has no failed assertion of its own.
    (report.testResults ?? [])
      .filter((file) => file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
      .map((file) => `backend ${path.relative(path.join(repoRoot, 'backend'), file.name)} › (the file: ${file.message?.split('\n')[0] ?? 'failed'})`),
  );
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const options = parseArgs(process.argv.slice(2));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-flaky-'));
const failures = new Map();
const note = (title) => failures.set(title, (failures.get(title) ?? 0) + 1);
const stopHog = startHog(options.hog);
const started = Date.now();
try {
  for (let round = 1; round <= options.repeat; round += 1) {
    console.log(`\n=== test:flaky round ${round} of ${options.repeat} (${options.hog} busy loops beside it)`);
    const suites = [];
    if (options.runE2e) {
      const report = path.join(scratch, `e2e-${round}.json`);
      const args = ['--filter', 'e2e', 'exec', 'playwright', 'test', '--retries=0', '--reporter=json,dot', ...options.e2e];
      if (options.project) args.push(`--project=${options.project}`);
      suites.push(
        run(pnpm.command, [...pnpm.args, ...args], repoRoot, { PLAYWRIGHT_JSON_OUTPUT_NAME: report }).then((code) => {
          const parsed = readJson(report);
          if (!parsed) return note(`e2e round ${round}: no report (exit ${code})`);
          playwrightFailures(parsed).forEach(note);
        }),
      );
    }
    if (options.runBackend) {
      const report = path.join(scratch, `backend-${round}.json`);
      const args = ['--filter', 'backend', 'exec', 'vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...options.backend];
      suites.push(
        run(pnpm.command, [...pnpm.args, ...args], repoRoot, { BACKEND_ALL_DATABASES: '1' }).then((code) => {
          const parsed = readJson(report);
          if (!parsed) return note(`backend round ${round}: no report (exit ${code})`);
          vitestFailures(parsed).forEach(note);
        }),
      );
    }
    await Promise.all(suites);
  }
} finally {
  stopHog();
  fs.rmSync(scratch, { recursive: true, force: true });
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failures.size === 0) {
  console.log(`\ntest:flaky: no test failed in ${options.repeat} rounds (${minutes} min, load ${os.loadavg()[0].toFixed(1)})`);
} else {
  console.log(`\ntest:flaky: ${failures.size} tests failed at least once in ${options.repeat} rounds (${minutes} min):`);
  for (const [title, count] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${count}/${options.repeat}  ${title}`);
  process.exitCode = 1;
}
