import { mkdir } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Db, Queryable, QueryResult } from './index.ts';
import { Mutex } from './mutex.ts';

// Same JavaScript values as the pg driver gives (db/pg.ts): dates stay 'YYYY-MM-DD' strings.
const parsers = { [types.DATE]: (value: string) => value };

/** Embedded PostgreSQL (WASM) with its files in `dir`. */
export async function openPglite(dir: string): Promise<Db> {
  await mkdir(dir, { recursive: true });
  const pg = new PGlite({
    dataDir: dir,
    parsers,
    extensions: { btree_gist, pgcrypto, uuid_ossp },
  });
  await pg.waitReady;
  const lock = new Mutex();

  const run = async <R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> => {
    const result = await pg.query<R>(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  };
  const inner: Queryable = { query: run };

  return {
    kind: 'pglite',
    query: (sql, params) => lock.run(() => run(sql, params)),
    tx: (fn) =>
      lock.run(async () => {
        await pg.exec('BEGIN');
        try {
          const value = await fn(inner);
          await pg.exec('COMMIT');
          return value;
        } catch (error) {
          await pg.exec('ROLLBACK');
          throw error;
        }
      }),
    // Inside tx() the lock is already held (q is only handed out there), so exec runs directly.
    exec: async (sql, q) => {
      if (q) await pg.exec(sql);
      else await lock.run(() => pg.exec(sql));
    },
    close: () => lock.run(() => pg.close()),
  };
}
