/**
 * Responsiveness (issue 45): INP of the interactions a traveller makes most, with the CPU slowed 4x
 * (Chromium's throttling, through CDP), measured in the page by the web-vitals library (its
 * attribution build, injected before the page's scripts: onINP with reportAllChanges and a 16 ms
 * threshold). Each scenario is a new page (and browser context), loaded and hydrated at 4x; its INP
 * is the worst interaction of the scenario's steps, shown with that interaction's target.
 *
 *   npm run perf:inp                 # 3 runs per scenario, medians
 *   npm run perf:inp -- --runs 1
 *
 * Target (issue 45): INP <= 200 ms.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { INPAttribution } from 'web-vitals/attribution';
import { cards, inDays, pickDay } from '../support/discoveryPage';
import { addSessionCookies } from '../support/sessionCookies';
import { hydrated } from '../support/test';
import { newSession } from './lighthouse';
import { ensureSite, option, runtimeConfig, summary, type RuntimeConfig } from './site';

/** web-vitals' attribution build as a script (its IIFE beside the package's main file). */
const WEB_VITALS = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.attribution.iife.js'), 'utf8');
const MEASURE = `${WEB_VITALS};
webVitals.onINP((metric) => {
  window.__inp = { value: metric.value, target: metric.attribution.interactionTarget, type: metric.attribution.interactionType };
}, { reportAllChanges: true, durationThreshold: 16 });`;

/** A scenario's INP, and its slowest interaction's target and kind, from web-vitals' attribution. */
interface Inp {
  value: number;
  target: INPAttribution['interactionTarget'];
  type: INPAttribution['interactionType'];
}

interface Scenario {
  name: string;
  signedIn?: boolean;
  /** Loads the page (already throttled) and gets it ready, with no interaction (INP would keep it). */
  start: (page: Page) => Promise<void>;
  /** The interactions measured. */
  act: (page: Page) => Promise<void>;
}

const openHome = async (page: Page) => {
  await page.goto('/home');
  await hydrated(page);
  await cards(page).first().waitFor();
};
const checkIn = (page: Page) => page.getByRole('button', { name: /Check in/ });

const SCENARIOS: Scenario[] = [
  {
    name: 'typing in the search (6 keys)',
    start: async (page) => {
      await openHome(page);
      // Focused without a click: a click would be an interaction of its own.
      await page.getByRole('textbox', { name: 'Where' }).focus();
    },
    act: (page) => page.getByRole('textbox', { name: 'Where' }).pressSequentially('Lisbon', { delay: 150 }),
  },
  { name: 'opening the calendar', start: openHome, act: (page) => checkIn(page).click() },
  {
    // INP is the worst interaction so far: the calendar's opening is part of it.
    name: 'choosing dates (opening the calendar, two days)',
    start: openHome,
    act: async (page) => {
      await checkIn(page).click();
      await pickDay(page, inDays(20));
      await pickDay(page, inDays(23));
    },
  },
  { name: 'opening a listing (a card)', start: openHome, act: (page) => cards(page).first().locator('a[href^="/house/"]').first().click() },
  {
    name: 'tapping a heart (signed in)',
    signedIn: true,
    start: openHome,
    act: (page) => cards(page).first().getByRole('button', { name: 'Add to wishlist' }).click(),
  },
];

async function run(browser: Browser, base: string, config: RuntimeConfig, scenario: Scenario): Promise<Inp> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  try {
    if (scenario.signedIn) await addSessionCookies(context, base, config.supabaseUrl, await newSession(config));
    await context.addInitScript(MEASURE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await scenario.start(page);
    // What start() did is not measured: INP counts from the next interaction on.
    await page.evaluate(() => delete (window as { __inp?: unknown }).__inp);
    await scenario.act(page);
    // reportAllChanges reports once the interaction's next frame is painted; the step's last
    // interaction (a key's release) may report a frame after the step's promise resolved.
    await page.waitForFunction(() => (window as { __inp?: Inp }).__inp !== undefined, undefined, { timeout: 30_000 });
    await page.waitForTimeout(500);
    return await page.evaluate(() => (window as { __inp?: Inp }).__inp!);
  } finally {
    await context.close();
  }
}

async function main() {
  const site = await ensureSite();
  try {
    const config = await runtimeConfig(site.url);
    const runs = Number(option('runs', '3'));
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'] });
    const lines: string[] = [];
    try {
      for (const scenario of SCENARIOS) {
        const samples: Inp[] = [];
        for (let i = 0; i < runs; i += 1) samples.push(await run(browser, site.url, config, scenario));
        const worst = samples.reduce((a, b) => (b.value > a.value ? b : a));
        const values = samples.map((sample) => sample.value);
        console.log(`${scenario.name}: ${summary(values)} ms`);
        lines.push(`| ${scenario.name} | ${summary(values)} ms | ${worst.type} on \`${worst.target}\` | ${Math.max(...values) <= 200 ? 'ok' : 'misses'} |`);
      }
    } finally {
      await browser.close();
    }
    console.log(`\nINP at 4x CPU, ${runs} run(s) each: median (min-max); the worst run's slowest interaction. Desktop size, ${site.url}.\n`);
    console.log('| Interaction | INP | Slowest interaction | <= 200 ms |');
    console.log('| --- | --- | --- | --- |');
    for (const line of lines) console.log(line);
  } finally {
    await site.stop();
  }
}

await main();
