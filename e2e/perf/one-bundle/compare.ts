/**
 * Federated vs one bundle: builds the same pages as one bundle (rspack.config.ts here), serves
 * it like the site (scripts/static-server.mjs on :3300, same backend), then prints for /home
 * the JS loaded before the first render of each and the mobile Lighthouse LCP, with the ratio
 * federated / one-bundle (target <= 1.10). Runs are interleaved so machine noise hits both.
 *
 *   cd e2e && npx tsx perf/one-bundle/compare.ts [--runs 5] [--no-build] [--fresh]
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from '../lighthouse';
import { ensureSite, median, option, summary } from '../site';
import { homeWeight } from '../weight';
import oneBundleConfig from './rspack.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const PORT = 3300;

async function build(): Promise<void> {
  const { rspack } = createRequire(path.join(repoRoot, 'shell/package.json'))('@rspack/core') as {
    rspack: (config: object) => { run: (done: (error: Error | null, stats?: { hasErrors(): boolean; toString(o: object): string }) => void) => void };
  };
  await new Promise<void>((resolve, reject) =>
    rspack(oneBundleConfig({}, { mode: 'production' })).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
}

async function serve(siteUrl: string) {
  const { serveApp } = (await import(path.join(repoRoot, 'scripts/static-server.mjs'))) as {
    serveApp: (options: object) => Promise<{ close: () => Promise<void> }>;
  };
  const config = (await (await fetch(`${siteUrl}/config.json`)).json()) as { supabaseUrl: string };
  return serveApp({
    name: 'one-bundle',
    dir: path.join(here, 'dist'),
    port: PORT,
    runtimeConfig: () => config,
    remotes: {},
    backendOrigin: new URL(config.supabaseUrl).origin,
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!process.argv.includes('--no-build')) await build();
  const site = await ensureSite();
  const oneBundle = await serve(site.url);
  try {
    const sites = { federated: site.url, 'one-bundle': `http://localhost:${PORT}` };
    for (const [name, base] of Object.entries(sites)) {
      const { scripts, renderMs } = await homeWeight(base, '[data-remote="discovery/Home"]', site.appByPort);
      const total = scripts.reduce((sum, load) => sum + load.gzipBytes, 0);
      console.log(`${name.padEnd(11)} /home JS before first render: ${kb(total)} gzip in ${scripts.length} files (render after ${renderMs} ms)`);
    }
    const runs = Number(option('runs', '5'));
    const lcp: Record<string, number[]> = { federated: [], 'one-bundle': [] };
    for (let run = 0; run < runs; run += 1) {
      for (const [name, base] of Object.entries(sites)) {
        const results = await measure([`${base}/home`], ['mobile'], 1);
        lcp[name]!.push(...[...results.values()][0]!.map((sample) => sample.lcpMs));
      }
    }
    console.log(`mobile LCP /home, ${runs} runs each: federated ${summary(lcp.federated!)} ms, one-bundle ${summary(lcp['one-bundle']!)} ms`);
    const ratio = median(lcp.federated!) / median(lcp['one-bundle']!);
    console.log(`LCP ratio federated / one-bundle: ${ratio.toFixed(2)} (target <= 1.10: ${ratio <= 1.1 ? 'met' : 'MISSED'})`);
  } finally {
    await oneBundle.close();
    await site.stop();
  }
}

await main();
