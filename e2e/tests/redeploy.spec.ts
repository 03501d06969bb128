import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { repoRoot } from '../support/paths';
import { serveAppCopy, serveShellWith } from '../support/site';

const ORIGINAL = 'Show More';
const CHANGED = 'Show More Homes';

function filesDigest(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** Rebuilds discovery from a copy of its sources with one visible text changed. */
function buildChangedDiscovery(): string {
  const copy = path.join(repoRoot, `.redeploy-discovery-${process.pid}`);
  fs.cpSync(path.join(repoRoot, 'discovery'), copy, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !/[\\/](dist|\.cache)$/.test(source),
  });
  const sources = fs.readdirSync(path.join(copy, 'src'), { recursive: true }).map(String);
  const changed = sources.filter((name) => {
    const file = path.join(copy, 'src', name);
    if (!/\.tsx$/.test(name) || name.includes('.test.')) return false;
    const text = fs.readFileSync(file, 'utf8');
    // The text as JSX renders it: between a tag's end and the next tag, spaces around it allowed.
    const jsxText = new RegExp(`(>\\s*)${ORIGINAL}(\\s*<)`, 'g');
    if (!jsxText.test(text)) return false;
    fs.writeFileSync(file, text.replace(jsxText, `$1${CHANGED}$2`));
    return true;
  });
  expect(changed.length, `a discovery component shows '${ORIGINAL}'`).toBeGreaterThan(0);
  execFileSync(process.execPath, [path.join(copy, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], {
    cwd: copy,
    stdio: 'pipe',
  });
  return copy;
}

/** The /home page as the shell's server sends it (no script run). */
async function serverHtml(port: number): Promise<string> {
  return (await fetch(`http://localhost:${port}/home`)).text();
}

test('redeploying discovery changes the composed site without rebuilding the shell', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'one redeploy is enough; it does not depend on the viewport');
  test.setTimeout(180_000);
  const shellDigest = filesDigest(path.join(repoRoot, 'shell', 'dist'));
  const port = 3150;
  const discoveryPort = 3151;
  let discovery = await serveAppCopy('discovery', discoveryPort);
  const shell = await serveShellWith(port, { discovery: `http://localhost:${discoveryPort}/mf-manifest.json` });
  let copy: string | null = null;
  try {
    await page.goto(`http://localhost:${port}/home`);
    await expect(page.getByRole('button', { name: ORIGINAL, exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await serverHtml(port)).toContain(`>${ORIGINAL}</button>`);

    copy = buildChangedDiscovery();
    await discovery.close();
    discovery = await serveAppCopy('discovery', discoveryPort, path.join(copy, 'dist'));

    // The shell's server notices the new build within seconds, with no restart.
    await expect.poll(() => serverHtml(port), { timeout: 15_000 }).toContain(`>${CHANGED}</button>`);

    await page.reload();
    await expect(page.getByRole('button', { name: CHANGED, exact: true })).toBeVisible({ timeout: 30_000 });
    expect(filesDigest(path.join(repoRoot, 'shell', 'dist'))).toBe(shellDigest);
  } finally {
    await discovery.close();
    await shell.close();
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  }
});
