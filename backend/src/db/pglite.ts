import { mkdir } from 'node:fs/promises';
import { PGlite, protocol, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { DB_WAIT_MS, DbWaitTimeout, type Db, type QueryResult, type Statement, type TxQueryable } from './index.ts';
import { Mutex } from './mutex.ts';

// Same JavaScript values as the pg driver gives (db/pg.ts): dates stay 'YYYY-MM-DD' strings.
const parsers = { [types.DATE]: (value: string) => value };

const { serialize } = protocol;

/** A bound value in PostgreSQL's text format (arrays as array literals). */
export function toPgText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const items = value.map((v) => {
      const text = toPgText(v);
      return text === null ? 'NULL' : '"' + text.replace(/[\\"]/g, (c) => '\\' + c) + '"';
    });
    return '{' + items.join(',') + '}';
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return `${value as string | number | boolean | bigint}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The extensions the migrations create (also loaded by the backup's dump and restore). */
export const PGLITE_EXTENSIONS = { btree_gist, cube, fuzzystrmatch, pg_trgm, pgcrypto, uuid_ossp };

/**
 * The embedded database's Db, which can also lend its one session whole: fn gets the PGlite
 * instance once every earlier caller is done, and nothing else runs on it until fn resolves.
 * (The conformance tests serve it to PostgREST over a socket: test/support/pglite-socket.ts.)
 */
export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  lend<T>(fn: (pg: PGlite) => Promise<T>): Promise<T>;
}

const SYNC = serialize.sync();
const BEGIN = concat([serialize.parse({ text: 'BEGIN' }), serialize.bind({}), serialize.execute({})]);

/**
 * Embedded PostgreSQL (WASM) with its files in `dir`. All access is serialized by one lock.
 * A statement runs synchronously on this thread: no timer fires and no statement_timeout cancels
 * it until it ends, so there is no watchdog here; what a request may ask is bounded before any SQL
 * runs instead (REQUEST_LIMITS in rest/parse.ts, regex patterns in rest/regex.ts).
 */
export async function openPglite(dir: string): Promise<PgliteDb> {
  await mkdir(dir, { recursive: true });
  const pg = new PGlite({ dataDir: dir, parsers, extensions: PGLITE_EXTENSIONS });
  await pg.waitReady;
  const lock = new Mutex();

  const toResult = <R>(result: { rows: R[]; affectedRows?: number }): QueryResult<R> => ({
    rows: result.rows,
    rowCount: result.affectedRows ?? result.rows.length,
  });

  // Statement texts already parsed and planned under a name (the REST shapes repeat): those
  // need only Bind/Execute. Parsing and planning cost several times more than running.
  const prepared = new Map<string, string>();
  const MAX_PREPARED = 2000;
  let nextName = 0;

  /** Parse/Bind/Execute for each statement, then Sync: one call into the database. */
  async function runPipeline(statements: Statement[], explicit: boolean): Promise<unknown[][]> {
    const parts: Uint8Array[] = explicit ? [BEGIN] : [];
    const fresh: Array<[string, string]> = [];
    for (const s of statements) {
      let name = prepared.get(s.text);
      if (name === undefined && prepared.size + fresh.length < MAX_PREPARED) {
        name = `hs${nextName++}`;
        fresh.push([s.text, name]);
        parts.push(serialize.parse({ text: s.text, name }));
      } else if (name === undefined) {
        parts.push(serialize.parse({ text: s.text }));
      }
      parts.push(serialize.bind({ statement: name ?? '', values: s.values.map(toPgText) }), serialize.execute({}));
    }
    parts.push(SYNC);
    let messages;
    try {
      ({ messages } = await pg.execProtocol(concat(parts), { syncToFs: false }));
    } catch (error) {
      // Names parsed before the failing message may exist: close them (closing none is no error).
      if (fresh.length > 0) {
        await pg.execProtocol(concat([...fresh.map(([, n]) => serialize.close({ type: 'S', name: n })), SYNC]), {
          throwOnError: false,
        });
      }
      throw error;
    }
    for (const [text, name] of fresh) prepared.set(text, name);
    // Rows of the last statement: data rows after all earlier statements completed.
    const last = statements.length - 1 + (explicit ? 1 : 0);
    const rows: unknown[][] = [];
    let completed = 0;
    for (const m of messages) {
      if (m.name === 'commandComplete') completed++;
      else if (m.name === 'dataRow' && completed === last) {
        rows.push((m as unknown as { fields: unknown[] }).fields);
      }
    }
    return rows;
  }

  return {
    kind: 'pglite',
    query: (sql, params) => lock.run(async () => toResult(await pg.query(sql, params))),
    tx: (fn) =>
      lock.run(() =>
        pg.transaction((t) =>
          fn({
            query: async (sql, params) => toResult(await t.query(sql, params)),
            exec: async (sql) => {
              await t.exec(sql);
            },
          } satisfies TxQueryable),
        ),
      ),
    // REST requests: a bounded wait for the one session (DB_WAIT_MS), then 503.
    pipeline: (statements, check) =>
      lock.run(async () => {
        if (!check) return runPipeline(statements, false);
        let rows: unknown[][];
        try {
          rows = await runPipeline(statements, true);
          check(rows);
        } catch (error) {
          await pg.exec('ROLLBACK');
          throw error;
        }
        await pg.exec('COMMIT');
        return rows;
      }, DB_WAIT_MS, () => new DbWaitTimeout()),
    exec: async (sql, q) => {
      // Inside tx() the lock is held and q belongs to the open transaction.
      if (q) await (q as TxQueryable).exec(sql);
      else await lock.run(() => pg.exec(sql));
    },
    listen: async (channel, onNotify) => lock.run(() => pg.listen(channel, onNotify)).then((unsubscribe) => () => lock.run(unsubscribe)),
    lend: (fn) => lock.run(() => fn(pg)),
    close: () => lock.run(() => pg.close()),
  };
}
