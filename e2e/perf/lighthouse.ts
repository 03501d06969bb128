/**
 * Lighthouse (npm, with Debian's Chromium) against the production build: N runs per page and
 * preset, medians with ranges of performance, LCP, CLS, TBT and accessibility.
 *
 *   cd e2e && npx tsx perf/lighthouse.ts                       # 5 runs, all pages, both presets
 *   cd e2e && npx tsx perf/lighthouse.ts --runs 1 --pages / --presets mobile
 *   ... --explain   # also the first run's LCP element, its phases and the largest layout shifts
 *   ... --fresh     # a backend of the current code and the site on ports of their own (:3500, :54500)
 *   ... --save DIR  # also every run's full report (LHR JSON), for reading its audits and timings
 *
 * Targets (issue 8): performance >= 0.95, LCP <= 1.8 s on mobile, CLS <= 0.02, TBT <= 150 ms,
 * accessibility >= 0.98. The booking page is measured signed out (what a first visit gets).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ensureSite, firstRoomId, option, runtimeConfig, summary } from './site';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'];

export interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export type Preset = 'mobile' | 'desktop';

export async function measure(
  urls: string[],
  presets: Preset[],
  runs: number,
): Promise<Map<string, Sample[]>> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
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
    const room = wanted.some((page) => page.includes(':id')) ? await firstRoomId(await runtimeConfig(base)) : 0;
    const pages = wanted.map((page) => page.replace(':id', String(room)));
    const presets = option('presets', 'mobile,desktop').split(',') as Preset[];
    const runs = Number(option('runs', '5'));
    console.log(`Lighthouse 12.8.2, Chromium headless, ${runs} run(s) per page: median (min-max)`);
    await measure(pages.map((page) => new URL(page, base).toString()), presets, runs);
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
