// supabase-js's own integration suite (packages/core/supabase-js/test/integration.test.ts at
// SUPABASE_JS_REF, default v2.109.0) against this backend, on PGlite or (with DATABASE_URL, an
// empty database) PostgreSQL: prints passed / total of its server tests (the client-only
// 'PostgREST Timeout Configuration' group is not counted) and each failure.
//
//   pnpm --filter backend run conformance:supabase-js
//
// The suite expects a local Supabase with the CLI's demo JWT secret and anon key: the backend
// starts with them, on a free port below 32768. The suite's fixtures
// (packages/core/supabase-js/supabase: migrations and seed) are loaded after the backend's own
// migrations, one file at a time (a file that fails is reported and the run goes on), then the
// grants hosted Supabase's default privileges give the API roles on public's tables. The test file
// runs unchanged but for four lines: its URL (127.0.0.1:54321, the CLI's port, made the backend's),
// its imports of '../src/index' (the package's source) and of jsonwebtoken (a dev dependency of the
// suite, replaced by an HS256 signer of the same call), and its require('ws') (Node 20 has no
// WebSocket; ESM has no require), replaced by an import of ws.
// SUPABASE_JS_GIT is the git directory of a clone of supabase/supabase-js.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBackend } from '../src/main.ts';

const BACKEND_DIR = fileURLToPath(new URL('..', import.meta.url));
const GIT_DIR = process.env.SUPABASE_JS_GIT ?? '/work/.mirror/supabase+supabase-js/repo';
const REF = process.env.SUPABASE_JS_REF ?? 'v2.109.0';
const PACKAGE = 'packages/core/supabase-js';
const CLI_URL = 'http://127.0.0.1:54321';
// The Supabase CLI's local development secret and keys, which the suite has written into it.
const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
/** Tests that never reach a server. */
const CLIENT_ONLY_GROUP = 'PostgREST Timeout Configuration';

const SHIM = `import { createHmac } from 'node:crypto';
const b64 = (v) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const SECONDS = { s: 1, m: 60, h: 3600, d: 86400 };
/** jsonwebtoken's sign(payload, secret, { expiresIn }) for HS256. */
export function sign(payload, secret, options = {}) {
  const now = Math.floor(Date.now() / 1000);
  const m = /^(\\d+)([smhd])$/.exec(String(options.expiresIn ?? ''));
  const claims = { ...payload, iat: now, ...(m ? { exp: now + Number(m[1]) * SECONDS[m[2]] } : {}) };
  const head = b64({ alg: 'HS256', typ: 'JWT' }) + '.' + b64(claims);
  return head + '.' + createHmac('sha256', secret).update(head).digest('base64url');
}
`;

interface Result {
  testResults: Array<{ assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }> }>;
}

/** The test file, adapted (see above) to run here against `url`. */
function adapt(root: string, url: string): void {
  const file = join(root, 'test/integration.test.ts');
  const source = readFileSync(file, 'utf8');
  const adapted = source
    .replace(`'${CLI_URL}'`, `'${url}'`)
    .replace("from '../src/index'", "from '@supabase/supabase-js'")
    .replace("from 'jsonwebtoken'", "from './jsonwebtoken-shim.mjs'")
    .replace("wsTransport = require('ws')", 'wsTransport = wsModule');
  if (!adapted.includes(url) || !adapted.includes('wsModule')) throw new Error(`${file}: not adapted; has the suite changed?`);
  writeFileSync(file, `import wsModule from 'ws'\n${adapted}`);
  writeFileSync(join(root, 'test/jsonwebtoken-shim.mjs'), SHIM);
}

/** The backend with the suite's keys, on a free port below 32768 (the ports above are ephemeral ones). */
async function startBackend(dataDir: string) {
  for (let attempt = 0; ; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    try {
      return await createBackend({
        dataDir,
        port,
        databaseUrl: process.env.DATABASE_URL || undefined,
        env: { JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY, SEED_ROOMS: '0', AUTH_SIGN_UP_RATE_LIMIT: '100000', METRICS_PORT: '0' },
        quiet: true,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

function extract(dir: string): string {
  const archive = execFileSync('git', ['--git-dir', GIT_DIR, 'archive', REF, `${PACKAGE}/test/integration.test.ts`, `${PACKAGE}/supabase`], { maxBuffer: 64 << 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return join(dir, PACKAGE);
}

/** The suite's migrations then its seed, in name order. */
function fixtures(root: string): string[] {
  const sqlIn = (sub: string) => {
    const d = join(root, 'supabase', sub);
    return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.sql')).sort().map((f) => join(d, f)) : [];
  };
  return [...sqlIn('migrations'), ...sqlIn('seed')];
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'supabase-js-conformance-'));
  const root = extract(work);
  const backend = await startBackend(join(work, 'data'));
  try {
    adapt(root, backend.url.replace('localhost', '127.0.0.1'));
    for (const file of fixtures(root)) {
      try {
        await backend.ctx.db.exec(readFileSync(file, 'utf8'));
      } catch (error) {
        console.log(`fixture ${file.slice(root.length + 1)} failed: ${(error as Error).message}`);
      }
    }
    // Hosted Supabase's default privileges on public's tables, which the fixtures count on and
    // this backend's platform migration does not set.
    await backend.ctx.db.exec('grant all on all tables in schema public to anon, authenticated, service_role');
    await backend.ctx.reloadSchema();
    const require = createRequire(join(BACKEND_DIR, 'package.json'));
    const alias = {
      '@supabase/supabase-js': require.resolve('@supabase/supabase-js'),
      ws: dirname(require.resolve('ws/package.json')),
    };
    const config = join(root, 'vitest.config.mjs');
    writeFileSync(
      config,
      `export default { test: { globals: true, include: ['test/integration.test.ts'], testTimeout: 30000, fileParallelism: false }, resolve: { alias: ${JSON.stringify(alias)} } };\n`,
    );
    const output = join(work, 'result.json');
    // Not spawnSync: the backend answers the suite from this process's event loop.
    const suite = spawn(process.execPath, [join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs'), 'run', '--config', config, '--root', root, '--reporter=json', `--outputFile=${output}`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await new Promise((resolve) => suite.once('exit', resolve));
    const result = JSON.parse(readFileSync(output, 'utf8')) as Result;
    const tests = result.testResults.flatMap((f) => f.assertionResults).filter((t) => t.ancestorTitles[0] !== CLIENT_ONLY_GROUP && t.status !== 'skipped' && t.status !== 'pending');
    const passed = tests.filter((t) => t.status === 'passed');
    console.log(`supabase-js ${REF} integration suite on ${backend.ctx.db.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${passed.length} of ${tests.length} server tests passed`);
    for (const t of tests.filter((t) => t.status !== 'passed')) {
      console.log(`  failed: ${[...t.ancestorTitles, t.title].join(' > ')}\n    ${(t.failureMessages[0] ?? '').split('\n')[0]}`);
    }
  } finally {
    await backend.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
