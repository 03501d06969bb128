/** Serves one remote's build alone (its standalone page) for QA: `pnpm --filter <app> start`. */
import path from 'node:path';
import { appPort, repoRoot, runtimeConfig } from './site.mjs';
import { serveApp } from './static-server.mjs';

const name = process.argv[2];
if (!name) throw new Error('usage: node scripts/serve-app.mjs <app>');
const config = runtimeConfig();
const server = await serveApp({
  name,
  dir: path.join(repoRoot, name, 'dist'),
  port: appPort(name),
  runtimeConfig: () => runtimeConfig(),
  backendOrigin: new URL(config.supabaseUrl).origin,
});
console.log(`${name} standalone: http://localhost:${server.port}`);
