/**
 * Weight: the gzipped JS that /home loads before its first render, per app, and when each
 * request started (remotes for the route should start together, not one after another).
 * "First render" is the moment the discovery/Home slot has rendered its content.
 *
 *   cd e2e && npx tsx perf/weight.ts            # target: <= 160 KB gzip
 *   cd e2e && npx tsx perf/weight.ts --fresh    # a backend of the current code, site on :3500
 */
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureSite, option } from './site';

export interface ScriptLoad {
  app: string;
  url: string;
  startMs: number;
  gzipBytes: number;
}

export async function homeWeight(base: string, readySelector: string, appByPort: Record<string, string> = {}): Promise<{ scripts: ScriptLoad[]; renderMs: number; fcpMs: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const started = Date.now();
    const pending: Array<Promise<ScriptLoad | null>> = [];
    let rendered = false;
    page.on('response', (response) => {
      const request = response.request();
      if (rendered || request.resourceType() !== 'script') return;
      const startMs = Math.max(0, Math.round(request.timing().startTime - started));
      const url = new URL(response.url());
      pending.push(
        response
          .body()
          .then((body) => ({
            app: appByPort[url.port] ?? url.host,
            url: url.pathname,
            startMs,
            gzipBytes: zlib.gzipSync(body).length,
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${base}/home`);
    await page.locator(readySelector).first().waitFor({ state: 'attached', timeout: 30_000 });
    rendered = true;
    const renderMs = Date.now() - started;
    const scripts = (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
    // First contentful paint, on the same clock (navigation start is `started` within a few ms).
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    return { scripts, renderMs, fcpMs: Math.round(fcpMs) };
  } finally {
    await browser.close();
  }
}

async function main() {
  const site = await ensureSite();
  try {
    const base = option('base', site.url);
    const ready = option('ready', '[data-remote="discovery/Home"]');
    const { scripts, renderMs, fcpMs } = await homeWeight(base, ready, site.appByPort);
    console.log(`/home first contentful paint (the static frame) at ${fcpMs} ms`);
    console.log(`/home first render (${ready}) after ${renderMs} ms; JS loaded before it:`);
    for (const load of scripts.sort((a, b) => a.startMs - b.startMs)) {
      console.log(`  +${String(load.startMs).padStart(5)} ms  ${load.app.padEnd(10)} ${(load.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${load.url}`);
    }
    const byApp = new Map<string, number>();
    for (const load of scripts) byApp.set(load.app, (byApp.get(load.app) ?? 0) + load.gzipBytes);
    for (const [app, bytes] of byApp) console.log(`${app.padEnd(12)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip`);
    const entries = scripts.filter((load) => load.url.endsWith('/remoteEntry.js')).map((load) => load.startMs);
    if (entries.length) {
      const first = Math.min(...entries);
      console.log(
        `remote entries requested from +${first} ms to +${Math.max(...entries)} ms (${entries.length}; together = preloaded in parallel); ` +
          `static frame painted ${fcpMs < first ? 'before' : 'AFTER'} the federation chain started`,
      );
    }
    const total = scripts.reduce((sum, load) => sum + load.gzipBytes, 0);
    console.log(`${'total'.padEnd(12)} ${(total / 1024).toFixed(1).padStart(7)} KB gzip  (target <= 160 KB: ${total <= 160 * 1024 ? 'met' : 'MISSED'})`);
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
