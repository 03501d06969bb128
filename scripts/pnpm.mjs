/** How to call pnpm here: the installed one, or the pinned version through npx. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './site.mjs';

const pinned = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).packageManager;
const installed = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });

export const pnpm =
  installed.status === 0
    ? { command: 'pnpm', args: [] }
    : { command: 'npx', args: ['--yes', pinned] };
