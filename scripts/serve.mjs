/**
 * Serves the built site: the shell on :3000 and each remote on its own port, as separately
 * deployed apps would be. SKIP=listing,checkout leaves remotes out (a remote that is down).
 * Pages are rendered on the server by the shell's Node build; SSR=0 serves the same build
 * client-only (the static frame the browser fills in), to compare the two. The servers keep no
 * state, so WEB_CONCURRENCY=N runs N processes behind the same ports (Node's cluster). Each
 * process's GET /metrics is on a loopback port of its own (SITE_METRICS_PORT, 9465 by default;
 * the Nth of N processes the (N-1)th port after it), never on the site's ports.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, appPort, remotesManifest, repoRoot, runtimeConfig } from './site.mjs';
import { serveSiteMetrics, siteMetricsListener } from './observe.mjs';
import { publicRemotes, serveApp } from './static-server.mjs';

const skipped = (env) => new Set((env.SKIP ?? '').split(',').filter(Boolean));

export async function serveSite(env = process.env) {
  const skip = skipped(env);
  const remotes = remotesManifest(env);
  const backendOrigin = new URL(runtimeConfig(env).supabaseUrl).origin;
  const servers = [];
  for (const name of APPS.filter((app) => !skip.has(app))) {
    const dir = path.join(repoRoot, name, 'dist');
    servers.push(
      await serveApp({
        name,
        dir,
        port: appPort(name, env),
        runtimeConfig: () => runtimeConfig(env),
        remotes: name === 'shell' ? remotes : undefined,
        backendOrigin,
        renderer: name === 'shell' && env.SSR !== '0' ? shellRenderer(dir, remotes, env) : undefined,
      }),
    );
  }
  return { servers, close: (graceMs) => Promise.all(servers.map((server) => server.close(graceMs))) };
}

/**
 * The shell's server renderer (its Node build), made on the first page request: the runtime
 * configuration it reads exists once the backend has started. The federation runtime is one per
 * process, so a process serves one shell that renders (the last one made).
 */
export function shellRenderer(dir, remotes, env = process.env) {
  let made;
  return {
    get() {
      made ??= createRequire(import.meta.url)(path.join(dir, 'server', 'server.cjs')).createRenderer({
        config: runtimeConfig(env),
        remotes,
        publicRemotes: publicRemotes(remotes),
        template: () => fs.readFileSync(path.join(dir, 'index.html'), 'utf8'),
        styles: fs.readdirSync(dir).filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
      });
      return made;
    },
    close: async () => (await made)?.close(),
  };
}

/**
 * serveSite, with this process's metrics listener (the index-th of the site's processes); the
 * site's close() closes it too. Its URL is `metricsUrl` (null with SITE_METRICS_PORT=off).
 */
export async function serveSiteProcess(env = process.env, index = 0) {
  const listener = siteMetricsListener(env, index);
  const metrics = listener ? await serveSiteMetrics(listener) : null;
  try {
    const site = await serveSite(env);
    return { ...site, metricsUrl: metrics?.url ?? null, close: (graceMs) => Promise.all([site.close(graceMs), metrics?.close()]) };
  } catch (error) {
    await metrics?.close();
    throw error;
  }
}

/**
 * The site in WEB_CONCURRENCY processes (1 by default: this one). Several: worker processes run
 * this file, each serving every port (the cluster shares them) and its own metrics port (its
 * SITE_WORKER_INDEX, kept by the worker that replaces it); one that dies is replaced.
 */
export async function serveSiteProcesses(env = process.env) {
  const count = Math.max(1, Number(env.WEB_CONCURRENCY ?? 1) || 1);
  if (count === 1) return serveSiteProcess(env);
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let closing = false;
  const fork = (index) => cluster.fork({ ...env, SITE_WORKER_INDEX: String(index) }).on('exit', () => closing || fork(index));
  const served = APPS.filter((name) => !skipped(env).has(name));
  const workers = Array.from({ length: count }, (_, index) => fork(index));
  // Ready once every worker listens on every port it serves, its metrics port included.
  const ports = served.length + (siteMetricsListener(env) ? 1 : 0);
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          let listening = 0;
          worker.on('listening', () => (listening += 1) === ports && resolve());
        }),
    ),
  );
  return {
    servers: served.map((name) => ({ name, port: appPort(name, env) })),
    close: () => {
      closing = true;
      return Promise.all(
        Object.values(cluster.workers ?? {}).map((worker) => new Promise((resolve) => worker.once('exit', resolve).kill())),
      );
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = cluster.isWorker ? await serveSiteProcess(process.env, Number(process.env.SITE_WORKER_INDEX ?? 0)) : await serveSiteProcesses();
  if (cluster.isPrimary) for (const server of site.servers) console.log(`${server.name}: http://localhost:${server.port}`);
  if (site.metricsUrl) console.log(`metrics: ${site.metricsUrl}`);
  // SIGTERM (a deploy): requests in flight get SHUTDOWN_GRACE_MS (10 s by default) to finish.
  const stop = () => site.close(Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000)).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
