/**
 * `npm test`: every test of the project, from a fresh clone. Installs and builds; then, side by
 * side, checks the entry-chunk budgets and runs the Playwright suites against the built site, and
 * type-checks, lints, looks for unused code (knip) and runs the backend's and the other packages' vitest suites (none needs
 * another's output). The end-to-end suites and the backend's wait on the browser, the network and
 * the databases much of the time, so they keep normal priority; type-check, lint and the other
 * vitest suites run niced into the CPU time they leave idle. Each step prints its time; the steps
 * run side by side print their output when they end.
 *
 * `npm test -- --no-build` tests the install and build already in the checkout (CI's smoke check
 * has just made them in place): one build serves the smoke check, the budgets and the e2e suites.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './site.mjs';
import { pnpm } from './pnpm.mjs';

let totalCpu = 0;
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Background steps yield the CPU to the end-to-end and backend suites; their children inherit it. */
const BACKGROUND_NICENESS = 10;
const canNice = process.platform !== 'win32';

/**
 * Each step's CPU time, counted by the kernel for every process it starts (browsers, servers and
 * the processes they orphan included): a cpuacct control group per step where one can be made
 * (Linux, as root, as in CI); elsewhere the steps print their wall time only. PostgreSQL's own
 * server processes are not the step's and are not counted.
 */
const CPUACCT = '/sys/fs/cgroup/cpuacct';
function cpuGroup(title) {
  const dir = path.join(CPUACCT, `homestory-test-${process.pid}-${title.replace(/[^a-z]+/gi, '-')}`);
  try {
    fs.mkdirSync(dir);
    return {
      dir,
      seconds: () => Number(fs.readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e9,
      remove: () => {
        try {
          fs.rmdirSync(dir);
        } catch {
          // A process the step left running keeps the group; the kernel's count stays readable.
        }
      },
    };
  } catch {
    return null;
  }
}

/**
 * Runs one pnpm step; `buffered` collects its output to print at the end instead of streaming it,
 * `background` runs it at a lower CPU priority.
 */
function step(title, args, { buffered = false, background = false } = {}) {
  const started = Date.now();
  const command = [pnpm.command, ...pnpm.args, ...args];
  if (background && canNice) command.unshift('nice', '-n', String(BACKGROUND_NICENESS));
  const cpu = cpuGroup(title);
  // The shell joins the step's group, then becomes the step: everything it starts is counted.
  if (cpu) command.unshift('sh', '-c', `echo $$ > ${cpu.dir}/cgroup.procs && exec "$@"`, 'sh');
  const child = spawn(command[0], command.slice(1), { cwd: repoRoot, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (buffered) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  if (!buffered) console.log(`\n=== ${title}`);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (buffered) process.stdout.write(`\n=== ${title}\n${Buffer.concat(output).toString()}`);
      const cpuSeconds = cpu?.seconds();
      cpu?.remove();
      if (cpuSeconds !== undefined) totalCpu += cpuSeconds;
      const cpuTime = cpuSeconds !== undefined ? `, ${cpuSeconds.toFixed(0)} s of CPU` : '';
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}${cpuTime}`);
      resolve(code ?? 1);
    });
  });
}

const exitOnFailure = (codes) => {
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
};

const started = Date.now();
if (!process.argv.includes('--no-build')) {
  exitOnFailure([await step('install', ['install', '--frozen-lockfile'])]);
  exitOnFailure([await step('build', ['run', 'build'], { buffered: true })]);
}
const background = { buffered: true, background: true };
exitOnFailure(
  await Promise.all([
    step('entry-chunk budgets', ['run', 'test:budgets']).then((code) => (code === 0 ? step('end-to-end tests', ['run', 'test:e2e']) : code)),
    step('typecheck', ['run', 'typecheck'], background),
    step('lint', ['run', 'lint'], background),
    // Unused files, exports and dependencies (knip.jsonc) fail the run.
    step('unused code', ['run', 'knip'], background),
    // The backend's suites, two files at a time, wait on sockets and databases much of the time:
    // at normal priority beside the browser suites, so they do not run alone at the end.
    step('backend tests', ['run', 'test:backend'], { buffered: true }),
    // The site as several processes behind nginx, restarted under load (deploy/test): after the
    // unit suites, when the load is past its peak. From the start, beside both browser workers and
    // both backend files (load 23), a rolling restart lost 100 of 5,000 requests to timeouts.
    step('unit tests (shared and the apps)', ['run', 'test:unit'], background).then((code) =>
      code === 0 ? step('deployment tests', ['run', 'test:deploy'], background) : code,
    ),
  ]),
);
const cpuTotal = totalCpu > 0 ? `, ${totalCpu.toFixed(0)} s of CPU` : '';
console.log(`\n=== all tests passed in ${seconds(started)} (${os.cpus().length} cores${cpuTotal})`);
