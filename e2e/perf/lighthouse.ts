/**
 * Lighthouse (npm, with Debian's Chromium) against the production build: N runs per page and
 * preset, medians with ranges of performance, LCP, CLS, TBT and accessibility.
 *
 *   cd e2e && npx tsx perf/lighthouse.ts                       # 5 runs, all pages, both presets
 *   cd e2e && npx tsx perf/lighthouse.ts --runs 1 --pages / --presets mobile
 *   ... --explain   # also the first run's LCP element, its phases, its longest tasks and the largest layout shifts
 *   ... --fresh     # a backend of the current code and the site on ports of their own (:3500, :54500)
 *   ... --save DIR  # also every run's full report (LHR JSON), for reading its audits and timings
 *   ... --signed-in # as a new traveller, signed in: the session in the browser's cookies (as the site keeps it)
 *
 * Targets (issue 8): performance >= 0.95, LCP <= 1.8 s on mobile, CLS <= 0.02, TBT <= 150 ms,
 * accessibility >= 0.98. Pages are measured signed out (what a first visit gets) unless --signed-in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createChunks, stringToBase64URL } from '@supabase/ssr';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ensureSite, firstRoomId, option, runtimeConfig, summary, type RuntimeConfig } from './site';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'];

export interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export type Preset = 'mobile' | 'desktop';

/** A new traveller's session (signed up through the backend's auth API). */
export async function newSession(config: RuntimeConfig): Promise<object> {
  const response = await fetch(`${config.supabaseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `lighthouse-${Date.now()}@example.com`, password: 'lighthouse-password' }),
  });
  const session = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!response.ok || !session.access_token) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(session)}`);
  return { ...session, expires_at: Math.floor(Date.now() / 1000) + (session.expires_in ?? 3600) };
}

/**
 * Puts `session` in the launched browser's cookies as @supabase/ssr keeps it (e2e's
 * support/sessionCookies does the same for the tests); Lighthouse's storage reset keeps cookies.
 */
async function addSessionCookies(port: number, site: string, config: RuntimeConfig, session: object): Promise<void> {
  const name = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
  const chunks = createChunks(name, `base64-${stringToBase64URL(JSON.stringify(session))}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]!.addCookies(chunks.map(({ name, value }) => ({ name, value, url: site, sameSite: 'Lax' as const })));
  } finally {
    // Disconnects; the browser and its cookies stay.
    await browser.close();
  }
}

export async function measure(
  urls: string[],
  presets: Preset[],
  runs: number,
  signIn?: { site: string; config: RuntimeConfig },
): Promise<Map<string, Sample[]>> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  if (signIn) await addSessionCookies(chrome.port, signIn.site, signIn.config, await newSession(signIn.config));
  const results = new Map<string, Sample[]>();
  const saveDir = option('save', '');
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  try {
    for (const url of urls) {
      for (const preset of presets) {
        const samples: Sample[] = [];
        for (let run = 0; run < runs; run += 1) {
          const result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          const { categories, audits, runtimeError } = result.lhr;
          if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
          if (run === 0 && process.argv.includes('--explain')) explain(`${preset} ${new URL(url).pathname}`, audits);
          if (saveDir) {
            const page = new URL(url).pathname.replace(/\W+/g, '_');
            writeFileSync(join(saveDir, `${preset}${page}-${run + 1}.json`), JSON.stringify(result.lhr));
          }
          samples.push({
            performance: categories.performance?.score ?? 0,
            accessibility: categories.accessibility?.score ?? 0,
            lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
            cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
            tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          });
        }
        results.set(`${preset} ${new URL(url).pathname}`, samples);
        print(`${preset} ${new URL(url).pathname}`, samples);
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

type Audits = Record<string, { details?: unknown; numericValue?: number } | undefined>;
type Table = { type?: string; items?: Array<Record<string, unknown>> };

/** With --explain: what the first run's LCP element was, its phases, and the largest layout shifts. */
function explain(label: string, audits: Audits): void {
  const tables = (audits['largest-contentful-paint-element']?.details as { items?: Table[] })?.items ?? [];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = (tables[1]?.items ?? []).map((item) => `${String(item.phase)} ${Math.round(Number(item.timing))} ms`);
  console.log(`  [${label}] LCP element: ${node?.snippet ?? 'n/a'}`);
  if (phases.length) console.log(`  [${label}] LCP phases: ${phases.join(', ')}`);
  const tasks = ((audits['long-tasks']?.details as Table)?.items ?? []).slice(0, 6);
  const task = (item: Record<string, unknown>) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} at ${Math.round(Number(item.startTime))} ${Math.round(Number(item.duration))} ms`;
  if (tasks.length) console.log(`  [${label}] long tasks (simulated): ${tasks.map(task).join('; ')}`);
  const shifts = ((audits['layout-shifts']?.details as Table)?.items ?? []).slice(0, 3);
  for (const shift of shifts) {
    console.log(`  [${label}] layout shift ${Number(shift.score).toFixed(3)}: ${(shift.node as { snippet?: string } | undefined)?.snippet ?? ''}`);
  }
}

function print(label: string, samples: Sample[]): void {
  const of = (key: keyof Sample) => samples.map((sample) => sample[key]);
  console.log(
    [
      label.padEnd(22),
      `perf ${summary(of('performance'), 2)}`,
      `LCP ${summary(of('lcpMs'))} ms`,
      `CLS ${summary(of('cls'), 3)}`,
      `TBT ${summary(of('tbtMs'))} ms`,
      `a11y ${summary(of('accessibility'), 2)}`,
      `(n=${samples.length})`,
    ].join('  '),
  );
}

async function main() {
  const site = await ensureSite();
  try {
    const base = option('base', site.url);
    const wanted = option('pages', '/,/home,/house/:id,/:id/book').split(',');
    const config = await runtimeConfig(base);
    const room = wanted.some((page) => page.includes(':id')) ? await firstRoomId(config) : 0;
    const pages = wanted.map((page) => page.replace(':id', String(room)));
    const presets = option('presets', 'mobile,desktop').split(',') as Preset[];
    const runs = Number(option('runs', '5'));
    const signedIn = process.argv.includes('--signed-in');
    console.log(`Lighthouse 12.8.2, Chromium headless, ${runs} run(s) per page${signedIn ? ', signed in' : ''}: median (min-max)`);
    await measure(pages.map((page) => new URL(page, base).toString()), presets, runs, signedIn ? { site: base, config } : undefined);
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
