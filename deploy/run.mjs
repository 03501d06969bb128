/**
 * The whole site on one machine as several processes behind nginx: WEB_PROCESSES server-rendering
 * shell servers, BACKEND_PROCESSES backends on one PostgreSQL (DATABASE_URL), one server of the
 * remotes' static builds, and nginx (deploy/nginx.conf) in front on DEPLOY_PORT. Every process
 * keeps its state elsewhere: sessions in tokens and cookies, data and the auth limiters in
 * PostgreSQL (or Redis, REDIS_URL), photos in DATA_DIR/storage which every backend shares.
 *
 *   pnpm build && DATABASE_URL=postgres://... node deploy/run.mjs
 *
 * SIGHUP restarts the processes one at a time (a deploy: each gets SIGTERM, finishes what it
 * has, and the next starts once its replacement is ready); SIGTERM or SIGINT stops everything.
 * Each process's JSON log goes to DATA_DIR/logs/<process>.log, and its GET /metrics answers on a
 * loopback port of its own (never the port nginx sends the public to).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from '../scripts/site.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = APPS.filter((name) => name !== 'shell');

async function waitReady(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the set and resolves once nginx answers. Ports: nginx on `port`; the remotes on
 * basePort+1..5, shell servers from basePort+10, backends from basePort+20 (loopback only); their
 * metrics (GET /metrics, loopback only): the remotes' server on basePort+9, shell servers' from
 * basePort+30, backends' from basePort+40.
 * @param {{ port: number, basePort: number, webs: number, backends: number, databaseUrl: string,
 *   dataDir: string, env?: NodeJS.ProcessEnv }} options
 */
export async function startDeployment({ port, basePort, webs, backends, databaseUrl, dataDir, env = process.env }) {
  const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  const origins = [...new Set([publicUrl, `http://127.0.0.1:${port}`, `http://localhost:${port}`])].join(',');
  const runDir = path.join(dataDir, 'run');
  const logDir = path.join(dataDir, 'logs');
  for (const dir of [runDir, logDir]) fs.mkdirSync(dir, { recursive: true });
  const remotePorts = Object.fromEntries(REMOTES.map((name, i) => [`${name.toUpperCase()}_PORT`, String(basePort + 1 + i)]));
  const common = { ...env, ...remotePorts, DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? '10000' };

  /** Every process by name, with how to start it and where it answers /ready. */
  const specs = new Map();
  specs.set('remotes', {
    args: ['scripts/serve.mjs'],
    cwd: repoRoot,
    env: { ...common, SKIP: 'shell', WEB_CONCURRENCY: '1', SITE_METRICS_PORT: String(basePort + 9) },
    ready: `http://127.0.0.1:${basePort + 1}/ready`,
    metricsPort: basePort + 9,
  });
  for (let i = 0; i < backends; i += 1) {
    specs.set(`backend-${i + 1}`, {
      args: ['--import', 'tsx', 'src/main.ts'],
      cwd: path.join(repoRoot, 'backend'),
      env: {
        ...common,
        PORT: String(basePort + 20 + i),
        METRICS_PORT: String(basePort + 40 + i),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: publicUrl,
        ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? origins,
        TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? '127.0.0.1',
      },
      ready: `http://127.0.0.1:${basePort + 20 + i}/ready`,
      port: basePort + 20 + i,
      metricsPort: basePort + 40 + i,
    });
  }
  for (let i = 0; i < webs; i += 1) {
    specs.set(`web-${i + 1}`, {
      args: ['scripts/serve.mjs'],
      cwd: repoRoot,
      env: {
        ...common,
        SKIP: REMOTES.join(','),
        WEB_CONCURRENCY: '1',
        SHELL_PORT: String(basePort + 10 + i),
        SITE_METRICS_PORT: String(basePort + 30 + i),
        // The page's backend is the proxy's origin; the server render calls it there too.
        PUBLIC_BACKEND_URL: publicUrl,
      },
      ready: `http://127.0.0.1:${basePort + 10 + i}/ready`,
      port: basePort + 10 + i,
      metricsPort: basePort + 30 + i,
    });
  }

  const children = new Map();
  /** Processes stopped on purpose (a restart, the end): any other exit is a crash, restarted. */
  const stopping = new Set();
  let ending = false;
  const start = async (name, timeoutMs = 60_000) => {
    const spec = specs.get(name);
    const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
    const child = spawn(process.execPath, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (ending || stopping.delete(child)) return;
      console.error(`${name} exited (${code ?? signal}): starting it again`);
      start(name).catch((error) => console.error(`${name} did not start again: ${error.message}`));
    });
    await waitReady(spec.ready, child, timeoutMs);
    return child;
  };

  // The backends start together: one takes the start-up lock (keys, migrations, seed of an empty
  // database) and the others wait on it, then find it done.
  const backendNames = [...specs.keys()].filter((name) => name.startsWith('backend-'));
  const webNames = [...specs.keys()].filter((name) => name.startsWith('web-'));
  await start('remotes');
  await Promise.all(backendNames.map((name) => start(name, 300_000)));
  await Promise.all(webNames.map((name) => start(name)));

  const upstream = (names) => names.map((name) => `    server 127.0.0.1:${specs.get(name).port} max_fails=0;`).join('\n');
  const config = fs
    .readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', runDir)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replace('{{BACKENDS}}', upstream(backendNames))
    .replace('{{WEBS}}', upstream(webNames));
  fs.writeFileSync(path.join(runDir, 'nginx.conf'), config);
  const nginx = spawn(env.NGINX ?? 'nginx', ['-p', runDir, '-c', path.join(runDir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.set('nginx', nginx);
  await waitReady(`http://127.0.0.1:${port}/config.json`, nginx, 10_000);

  const exited = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));

  return {
    url: `http://127.0.0.1:${port}`,
    /** The processes behind the proxy, by name (backend-1, web-1, ...), their ports and their metrics ports. */
    processes: [...backendNames, ...webNames].map((name) => ({ name, port: specs.get(name).port, metricsPort: specs.get(name).metricsPort })),
    child: (name) => children.get(name),
    /** SIGTERM (or `signal`), wait for its exit, start it again and wait until it is ready. */
    async restart(name, signal = 'SIGTERM') {
      const child = children.get(name);
      stopping.add(child);
      child.kill(signal);
      await exited(child);
      await start(name);
    },
    /** Every process behind the proxy in turn. */
    async rollingRestart() {
      for (const name of [...backendNames, ...webNames]) await this.restart(name);
    },
    async stop() {
      ending = true;
      const all = [...children.values()];
      for (const child of all) child.kill('SIGTERM');
      await Promise.all(all.map(exited));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = process.env;
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL (PostgreSQL) is required: several backends share one database');
  const port = Number(env.DEPLOY_PORT ?? 8080);
  const deployment = await startDeployment({
    port,
    basePort: Number(env.DEPLOY_BASE_PORT ?? port + 100),
    webs: Number(env.WEB_PROCESSES ?? 2),
    backends: Number(env.BACKEND_PROCESSES ?? 2),
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? '.data'),
  });
  console.log(`Homestory is running behind nginx: ${deployment.url}`);
  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting) return;
    restarting = true;
    deployment.rollingRestart().then(
      () => console.log('restarted every process'),
      (error) => console.error('rolling restart failed:', error.message),
    ).finally(() => (restarting = false));
  });
  const stop = () => void deployment.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
