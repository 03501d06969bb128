// @vitest-environment node
/**
 * The shell's contract check (shell/federation-types/published.check.ts) against published
 * declarations made up here: it passes for remotes that publish what the shell loads, and fails,
 * naming the module, when a remote's change would break the shell. The real remotes' declarations
 * are checked by scripts/federation-types.mjs in `npm run typecheck`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const shellRoot = path.resolve(__dirname, '../..');
const checkProject = path.join(shellRoot, 'federation-types', 'tsconfig.json');
const tsc = path.join(shellRoot, '..', 'node_modules', '.bin', 'tsc');

/** Every module name a remote could expose, each a component with no props. */
const PUBLISHES_ALL = 'export interface Exposes {\n  [name: string]: { default: () => null };\n}\n';

/** Runs the check against these published indexes (remote -> index.d.ts; the others publish everything). */
async function check(indexes: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-types-'));
  try {
    for (const remote of ['account', 'checkout', 'discovery', 'hosting', 'listing']) {
      fs.mkdirSync(path.join(dir, remote));
      fs.writeFileSync(path.join(dir, remote, 'index.d.ts'), indexes[remote] ?? PUBLISHES_ALL);
    }
    const project = path.join(dir, 'tsconfig.json');
    fs.writeFileSync(
      project,
      JSON.stringify({ extends: checkProject, compilerOptions: { paths: { '@mf-types/*': [path.join(dir, '*')] } } }),
    );
    return await new Promise((resolve) => {
      const child = spawn(tsc, ['-p', project, '--pretty', 'false'], { cwd: shellRoot });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (status) => resolve({ status, output }));
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the remotes' published types against the shell's contract", () => {
  it('pass when every remote publishes what the shell loads, and fail naming the module a remote broke', async () => {
    const [fits, needsProps, dropped] = await Promise.all([
      check({}),
      // listing's page now wants a prop the shell never passes.
      check({
        listing: `${PUBLISHES_ALL.slice(0, -2)}  './HouseDetail': { default: (props: { roomId: number }) => null };\n}\n`,
      }),
      // account no longer exposes its trips page.
      check({ account: "export interface Exposes {\n  './UserMenu': { default: () => null };\n}\n" }),
    ]);

    expect(fits).toEqual({ status: 0, output: '' });
    expect(needsProps.status).not.toBe(0);
    expect(needsProps.output).toContain(`"listing/HouseDetail".default' are incompatible`);
    expect(needsProps.output).toContain("Property 'roomId' is missing");
    expect(dropped.status).not.toBe(0);
    expect(dropped.output).toContain(`Property 'default' is missing in type 'NotPublished<"account/LoginDialog">'`);
  }, 180_000);
});
