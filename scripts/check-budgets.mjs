/**
 * Entry-chunk budgets: fails when an app's entry chunk, gzipped as the site serves it, grows
 * past the budget committed in budgets.json. The entry chunks are what every page pays before
 * anything else: each remote's remoteEntry.js and the shell's main entry (the script its
 * index.html loads). Run after `pnpm build`; `node scripts/check-budgets.mjs --update` writes
 * the current sizes plus headroom, for a reviewed change of budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APPS, repoRoot } from './site.mjs';

const budgetsFile = path.join(repoRoot, 'budgets.json');
const HEADROOM = 1.1;

/** Gzip at the compression middleware's default level, as the static server sends it. */
export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file)).length;
}

/** The entry chunk of each app: remoteEntry.js for remotes, the main script for the shell. */
export function entryChunks() {
  return APPS.map((app) => {
    const dist = path.join(repoRoot, app, 'dist');
    if (app !== 'shell') return { key: `${app}/remoteEntry.js`, file: path.join(dist, 'remoteEntry.js') };
    const indexFile = path.join(dist, 'index.html');
    if (!fs.existsSync(indexFile)) return { key: 'shell/main', file: indexFile };
    const html = fs.readFileSync(indexFile, 'utf8');
    const main = [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]*main[^"]*\.js)"/g)][0]?.[1];
    if (!main) throw new Error('shell/dist/index.html loads no main script');
    return { key: 'shell/main', file: path.join(dist, main) };
  });
}

function check() {
  const budgets = JSON.parse(fs.readFileSync(budgetsFile, 'utf8')).gzipBytes;
  const failures = [];
  for (const { key, file } of entryChunks()) {
    const budget = budgets[key];
    if (!fs.existsSync(file)) {
      failures.push(`${key}: ${path.relative(repoRoot, file)} is missing (run pnpm build first)`);
      continue;
    }
    if (typeof budget !== 'number') {
      failures.push(`${key}: no budget in budgets.json`);
      continue;
    }
    const size = gzipSize(file);
    const verdict = size <= budget ? 'ok' : 'OVER BUDGET';
    console.log(`${key.padEnd(26)} ${String(size).padStart(7)} B gzip  budget ${String(budget).padStart(7)} B  ${verdict}`);
    if (size > budget) failures.push(`${key}: ${size} B gzip > budget ${budget} B`);
  }
  if (failures.length) {
    console.error(`\nEntry-chunk budgets failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('entry-chunk budgets: ok');
}

function update() {
  const gzipBytes = {};
  for (const { key, file } of entryChunks()) gzipBytes[key] = Math.ceil((gzipSize(file) * HEADROOM) / 256) * 256;
  const note = 'Gzipped entry-chunk budgets (bytes), checked by scripts/check-budgets.mjs (test:budgets).';
  fs.writeFileSync(budgetsFile, JSON.stringify({ note, gzipBytes }, null, 2) + '\n');
  console.log(gzipBytes);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--update')) update();
  else check();
}
