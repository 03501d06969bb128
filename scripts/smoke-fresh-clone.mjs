/**
 * What a newcomer does, checked: clone the repository into an empty folder and run `npm start`
 * there, with nothing installed or built first. Passes when, within the time limit, the backend
 * answers /ready, its REST API returns rooms, and /home in headless Chromium shows listing
 * cards. Then the whole `npm start` process group is stopped and the site's ports are free
 * again, so the tests that follow can use them. Run by .ci/run before `npm test`.
 *
 * With --in-place it checks this checkout instead of a clone of it, when this checkout is itself
 * fresh (nothing installed or built, no change to a tracked file): CI's checkout is a fresh clone,
 * and `npm test --no-build` then tests the very build this start made, instead of building twice.
 *
 * SMOKE_TIMEOUT_S bounds the clone's install, build and start (default 600).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { APPS, appPort, backendUrl, repoRoot } from './site.mjs';

const timeoutMs = Number(process.env.SMOKE_TIMEOUT_S ?? 600) * 1000;
const deadline = Date.now() + timeoutMs;
const siteUrl = `http://localhost:${appPort('shell')}`;
const ports = [...APPS.map((name) => appPort(name)), Number(new URL(backendUrl()).port)];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something accepts connections on the port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function busyPorts() {
  const states = await Promise.all(ports.map(async (port) => ((await listening(port)) ? [port] : [])));
  return states.flat();
}

async function ok(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitUntil(what, check, until = deadline) {
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`smoke: ${what} not within the time limit`);
    await sleep(500);
  }
}

const busy = await busyPorts();
if (busy.length) throw new Error(`smoke: ports ${busy.join(', ')} are in use; the smoke needs the site's own ports`);

const inPlace = process.argv.includes('--in-place');
const started = Date.now();
let folder;
let clone;
if (inPlace) {
  const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot, encoding: 'utf8' });
  const built = ['node_modules', ...APPS.map((name) => path.join(name, 'dist'))].filter((dir) => fs.existsSync(path.join(repoRoot, dir)));
  if (changed.status !== 0 || changed.stdout.trim() !== '' || built.length > 0) {
    throw new Error(`smoke: --in-place needs a fresh checkout (${built.length ? `found ${built.join(', ')}` : 'tracked files changed'})`);
  }
  clone = repoRoot;
} else {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-smoke-'));
  clone = path.join(folder, 'homestory');
  const cloned = spawnSync('git', ['clone', '--quiet', repoRoot, clone], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('smoke: git clone failed');
}

// Its own process group, so stopping it stops pnpm, the backend and the static servers alike.
const env = { ...process.env };
for (const name of ['DATA_DIR', 'BACKEND_URL', 'PUBLIC_BACKEND_URL', 'REMOTES_FILE', 'SKIP']) delete env[name];
const site = spawn('npm', ['start'], { cwd: clone, env, stdio: 'inherit', detached: true });
let exited = false;
site.on('exit', () => {
  exited = true;
});

async function stop() {
  if (!exited) {
    process.kill(-site.pid, 'SIGTERM');
    const until = Date.now() + 15_000;
    while (!exited && Date.now() < until) await sleep(200);
    if (!exited) process.kill(-site.pid, 'SIGKILL');
  }
  // Children that outlive npm are in the same group.
  try {
    process.kill(-site.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
  await waitUntil('the site stopping', async () => (await busyPorts()).length === 0, Date.now() + 30_000);
  // In place, the build stays for the tests; the start's data folder goes.
  fs.rmSync(inPlace ? path.join(clone, '.data') : folder, { recursive: true, force: true });
}

try {
  const alive = (check) => async () => {
    if (exited) throw new Error('smoke: npm start exited');
    return check();
  };
  await waitUntil(`${backendUrl()}/ready`, alive(() => ok(`${backendUrl()}/ready`)));
  await waitUntil(`${siteUrl}/config.json`, alive(() => ok(`${siteUrl}/config.json`)));
  console.log(`smoke: the fresh clone serves the site after ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const config = await (await fetch(`${siteUrl}/config.json`)).json();
  const headers = { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` };
  const rooms = await (await fetch(`${config.supabaseUrl}/rest/v1/Rooms?select=id&limit=1`, { headers })).json();
  if (!Array.isArray(rooms) || rooms.length !== 1) throw new Error(`smoke: the REST grid read returned ${JSON.stringify(rooms)}`);

  // Playwright as the clone's own install has it.
  const { chromium } = createRequire(path.join(clone, 'e2e', 'package.json'))('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${siteUrl}/home`);
    const card = page.locator('main article').filter({ has: page.locator('a[href^="/house/"]') });
    await card.first().waitFor({ timeout: Math.max(30_000, deadline - Date.now()) });
    console.log(`smoke: /home shows ${await card.count()} listing cards`);
  } finally {
    await browser.close();
  }
} finally {
  await stop();
}
console.log(`smoke: ok in ${((Date.now() - started) / 1000).toFixed(0)} s; npm start stopped, ports free`);
