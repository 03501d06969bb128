// `npm run backup -- <folder>` and `npm run restore -- <folder>`: a site's data, whole.
//
// backup copies into <folder> (which must not exist): the database (PostgreSQL at DATABASE_URL
// with pg_dump's custom format; else the embedded PGlite under DATA_DIR/pglite as PGlite's own
// data dump), DATA_DIR/storage (the photos), DATA_DIR/storage-meta (each uploaded photo's content
// type and cache time: without them a restored photo is served as application/octet-stream) and
// DATA_DIR/keys.json (the JWT secret the issued keys and sessions are signed with: keep the backup
// as secret as the server). restore puts it back into DATA_DIR (which must hold no database and no
// storage yet) and, for PostgreSQL, into the database at DATABASE_URL, made when it does not exist
// (else it must be empty). A PGlite backup is taken with its backend stopped (PGlite
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

/** A refusal or failure the operator reads as one line (the script prints no stack for it). */
class BackupError extends Error {}

/** The folders and files of DATA_DIR a backup holds, beside the database. */
const DATA_PARTS = ['storage', 'storage-meta', 'keys.json'] as const;

interface Manifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
}

const exists = (path: string) => access(path).then(() => true, () => false);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new BackupError(`${command}: ${result.error.message} (is PostgreSQL's client installed?)`);
  if (result.status !== 0) throw new BackupError(`${command} failed (exit ${result.status})`);
}

/** DATABASE_URL as the operator knows it: host, port and database, never the password. */
function described(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `database ${decodeURIComponent(url.pathname.slice(1))} on ${url.host}`;
}

/** A connected client of `databaseUrl`, or one line saying why not. */
async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw Object.assign(new BackupError(`cannot connect to the ${described(databaseUrl)}: ${(error as Error).message}`), {
      code: (error as { code?: string }).code,
    });
  }
}

/**
 * Makes the database DATABASE_URL names when its server has none of that name (README: restore
 * makes "a new empty database at DATABASE_URL"), connected as the same user to the server's
 * maintenance database; one line says why when it cannot.
 */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  try {
    await (await connect(databaseUrl)).end();
    return;
  } catch (error) {
    // 3D000: invalid_catalog_name, the database does not exist.
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = await connect(maintenance.toString()).catch((error: Error) => {
    throw new BackupError(`the ${described(databaseUrl)} does not exist and could not be made (${error.message}): create it, then restore again`);
  });
  try {
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    throw new BackupError(`the ${described(databaseUrl)} does not exist and could not be made (${(error as Error).message}): create it, then restore again`);
  } finally {
    await client.end();
  }
  console.log(`made the ${described(databaseUrl)}`);
}

/** The API roles the platform migration makes (its first statement): a fresh server lacks them, and the dump grants to them. */
async function ensureRoles(databaseUrl: string): Promise<void> {
  const sql = await readFile(join(REPO_ROOT, 'supabase/migrations/20261121000001_platform.sql'), 'utf8');
  const roles = /do \$\$[\s\S]*?\n\$\$;/.exec(sql)?.[0];
  if (!roles?.includes('create role anon')) throw new Error('the platform migration no longer starts with its roles');
  const client = await connect(databaseUrl);
  try {
    await client.query(roles);
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_namespace where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'",
    );
    const used = await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = 'public'");
    if (rows[0]!.n > 0 || used.rows[0]!.n > 0) throw new BackupError(`the ${described(databaseUrl)} is not empty: restore into a new database`);
  } finally {
    await client.end();
  }
}

/** Copies a folder or file of DATA_PARTS when it is there. */
async function copyPart(from: string, to: string): Promise<void> {
  if (!(await exists(from))) return;
  if (from.endsWith('.json')) await copyFile(from, to);
  else await cp(from, to, { recursive: true });
}

async function backup(folder: string, dataDir: string, databaseUrl: string | undefined): Promise<Manifest> {
  if (await exists(folder)) throw new BackupError(`${folder} exists: a backup goes into a new folder`);
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
  for (const part of DATA_PARTS) await copyPart(join(dataDir, part), join(folder, part));
  await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}

async function restore(folder: string, dataDir: string, databaseUrl: string | undefined): Promise<Manifest> {
  const text = await readFile(join(folder, 'manifest.json'), 'utf8').catch(() => {
    throw new BackupError(`${folder} holds no backup (no manifest.json)`);
  });
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  if (manifest.database === 'postgres' && !databaseUrl) throw new BackupError('a PostgreSQL backup restores into DATABASE_URL');
  if (manifest.database === 'pglite' && databaseUrl) throw new BackupError('a PGlite backup restores without DATABASE_URL');
  for (const part of ['pglite', ...DATA_PARTS]) {
    if (await exists(join(dataDir, part))) throw new BackupError(`${join(dataDir, part)} exists: restore into a new data folder`);
  }
  await mkdir(dataDir, { recursive: true });
  if (manifest.database === 'postgres') {
    await ensureDatabase(databaseUrl!);
    await ensureRoles(databaseUrl!);
    run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', databaseUrl!, join(folder, 'database.dump')]);
  } else {
    const dump = new Blob([await readFile(join(folder, 'pglite.tar.gz'))]);
    const db = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
    await db.waitReady;
    await db.close();
  }
  for (const part of DATA_PARTS) await copyPart(join(folder, part), join(dataDir, part));
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
  const manifest = await (command === 'backup' ? backup : restore)(folder, dataDir, databaseUrl).catch((error: unknown) => {
    // What the operator must do is one line; an unexpected failure keeps its stack.
    if (!(error instanceof BackupError)) throw error;
    console.error(`${command} failed: ${error.message}`);
    process.exit(1);
  });
  const what = command === 'backup' ? `backed up ${dataDir} into ${folder}` : `restored ${folder} into ${dataDir}`;
  console.log(`${what} (${manifest.database}${databaseUrl ? `, ${new URL(databaseUrl).pathname.slice(1)}` : ''})`);
}
