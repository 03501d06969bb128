/**
 * Serves the built site: the shell on :3000 and each remote on its own port, as separately
 * deployed apps would be. SKIP=listing,checkout leaves remotes out (a remote that is down).
 */
import path from 'node:path';
import { APPS, appPort, remotesManifest, repoRoot, runtimeConfig } from './site.mjs';
import { serveApp } from './static-server.mjs';

export async function serveSite(env = process.env) {
  const skip = new Set((env.SKIP ?? '').split(',').filter(Boolean));
  const remotes = remotesManifest(env);
  const backendOrigin = new URL(runtimeConfig(env).supabaseUrl).origin;
  const servers = [];
  for (const name of APPS.filter((app) => !skip.has(app))) {
    servers.push(
      await serveApp({
        name,
        dir: path.join(repoRoot, name, 'dist'),
        port: appPort(name, env),
        runtimeConfig: () => runtimeConfig(env),
        remotes: name === 'shell' ? remotes : undefined,
        backendOrigin,
      }),
    );
  }
  return { servers, close: () => Promise.all(servers.map((server) => server.close())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = await serveSite();
  for (const server of site.servers) console.log(`${server.name}: http://localhost:${server.port}`);
  const stop = () => site.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
