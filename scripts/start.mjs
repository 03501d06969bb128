/**
 * `npm start`: installs, builds and serves the whole site with its backend on one machine.
 * Needs only Node 20 and npm: pnpm is fetched from the npm registry when it is missing.
 * Only Node's own modules are imported statically: on a fresh clone nothing else is installed yet.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { allowedOrigins, backendUrl, dataDir, repoRoot } from './site.mjs';
import { pnpm } from './pnpm.mjs';

function run(args) {
  const result = spawnSync(pnpm.command, [...pnpm.args, ...args], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.argv.includes('--no-build')) {
  run(['install', '--frozen-lockfile']);
  run(['run', 'build']);
}

const backend = spawn(pnpm.command, [...pnpm.args, '--filter', 'backend', 'start'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir(), ALLOWED_ORIGINS: allowedOrigins() },
});
backend.on('exit', (code) => {
  console.error(`backend exited (${code})`);
  process.exit(code ?? 1);
});

// The backend writes public-config.json once its keys exist and it is listening.
const health = `${backendUrl()}/ready`;
for (let tries = 0; ; tries += 1) {
  try {
    const response = await fetch(health);
    if (response.ok && fs.existsSync(path.join(dataDir(), 'public-config.json'))) break;
  } catch {
    // not up yet
  }
  if (tries > 600) throw new Error(`backend did not answer ${health}`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}

// The static server's packages (sirv, compression) exist only once the install above has run.
const { serveSiteProcesses } = await import('./serve.mjs');
const site = await serveSiteProcesses();
console.log(`Homestory is running: http://localhost:${site.servers[0]?.port ?? 3000}`);
const stop = () => {
  backend.kill('SIGTERM');
  void site.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
