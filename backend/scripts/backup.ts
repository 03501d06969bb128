// `npm run backup -- <folder>` and `npm run restore -- <folder>`: a site's data, whole.
//
// backup copies into <folder> (which must not exist): the database (PostgreSQL at DATABASE_URL
// with pg_dump's custom format; else the embedded PGlite under DATA_DIR/pglite as PGlite's own
// data dump), DATA_DIR/storage (the photos) and DATA_DIR/keys.json (the JWT secret the issued
// keys and sessions are signed with: keep the backup as secret as the server). restore puts it
// back into DATA_DIR (which must hold no database and no storage yet) and, for PostgreSQL, into
// the empty database at DATABASE_URL. A PGlite backup is taken with its backend stopped (PGlite
// is one process's); PostgreSQL's is consistent while the site runs (pg_dump's snapshot), the
// photos being copied after it (a photo uploaded meanwhile is in the copy, not in the rows).
import { spawnSync } from 'node:child_process';
import { access, copyFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { REPO_ROOT } from '../src/config.ts';
import { PGLITE_EXTENSIONS } from '../src/db/pglite.ts';

interface Manifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
}

const exists = (path: string) => access(path).then(() => true, () => false);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new Error(`${command}: ${result.error.message} (is PostgreSQL's client installed?)`);
  if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status})`);
}

/** The API roles the platform migration makes (its first statement): a fresh server lacks them, and the dump grants to them. */
async function ensureRoles(databaseUrl: string): Promise<void> {
  const sql = await readFile(join(REPO_ROOT, 'supabase/migrations/20261121000001_platform.sql'), 'utf8');
  const roles = /do \$\$[\s\S]*?\n\$\$;/.exec(sql)?.[0];
  if (!roles?.includes('create role anon')) throw new Error('the platform migration no longer starts with its roles');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(roles);
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_namespace where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'",
    );
    const used = await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = 'public'");
    if (rows[0]!.n > 0 || used.rows[0]!.n > 0) throw new Error('the database at DATABASE_URL is not empty: restore into a new database');
  } finally {
    await client.end();
  }
}

async function backup(folder: string, dataDir: string, databaseUrl: string | undefined): Promise<Manifest> {
  if (await exists(folder)) throw new Error(`${folder} exists: a backup goes into a new folder`);
  // Only its owner may read it: it holds the users' password hashes and the JWT secret.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database: databaseUrl ? 'postgres' : 'pglite' };
  if (databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', '--file', join(folder, 'database.dump'), '--dbname', databaseUrl]);
  } else {
    const db = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS });
    try {
      // Before waitReady the dump waits for nothing that keeps Node's loop alive (exit 13).
      await db.waitReady;
      const dump = await db.dumpDataDir('gzip');
      await writeFile(join(folder, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  if (await exists(join(dataDir, 'storage'))) await cp(join(dataDir, 'storage'), join(folder, 'storage'), { recursive: true });
  if (await exists(join(dataDir, 'keys.json'))) await copyFile(join(dataDir, 'keys.json'), join(folder, 'keys.json'));
  await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}

async function restore(folder: string, dataDir: string, databaseUrl: string | undefined): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  if (manifest.database === 'postgres' && !databaseUrl) throw new Error('a PostgreSQL backup restores into DATABASE_URL');
  if (manifest.database === 'pglite' && databaseUrl) throw new Error('a PGlite backup restores without DATABASE_URL');
  for (const part of ['pglite', 'storage', 'keys.json']) {
    if (await exists(join(dataDir, part))) throw new Error(`${join(dataDir, part)} exists: restore into a new data folder`);
  }
  await mkdir(dataDir, { recursive: true });
  if (manifest.database === 'postgres') {
    await ensureRoles(databaseUrl!);
    run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', databaseUrl!, join(folder, 'database.dump')]);
  } else {
    const dump = new Blob([await readFile(join(folder, 'pglite.tar.gz'))]);
    const db = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
    await db.waitReady;
    await db.close();
  }
  if (await exists(join(folder, 'storage'))) await cp(join(folder, 'storage'), join(dataDir, 'storage'), { recursive: true });
  if (await exists(join(folder, 'keys.json'))) await copyFile(join(folder, 'keys.json'), join(dataDir, 'keys.json'));
  return manifest;
}

const [command, target] = process.argv.slice(2);
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (command !== 'backup' && command !== 'restore') throw new Error('usage: backup.ts backup|restore <folder>');
  if (!target) throw new Error(`usage: npm run ${command} -- <folder>`);
  // Relative paths are the caller's (npm runs this from the repository's root).
  const base = process.env.INIT_CWD ?? REPO_ROOT;
  const folder = isAbsolute(target) ? target : resolve(base, target);
  const dataDir = resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const manifest = await (command === 'backup' ? backup : restore)(folder, dataDir, databaseUrl);
  const what = command === 'backup' ? `backed up ${dataDir} into ${folder}` : `restored ${folder} into ${dataDir}`;
  console.log(`${what} (${manifest.database}${databaseUrl ? `, ${new URL(databaseUrl).pathname.slice(1)}` : ''})`);
}
