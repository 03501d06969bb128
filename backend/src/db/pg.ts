import pg from 'pg';
import type { Db, Queryable, QueryResult } from './index.ts';

const DATE = 1082;
const INT8 = 20;
// Same JavaScript values as PGlite gives (db/pglite.ts): int8 as number, date as 'YYYY-MM-DD'.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === DATE) return (value: string) => value;
    if (oid === INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function toResult<R>(raw: pg.QueryResult | pg.QueryResult[]): QueryResult<R> {
  // Several statements without parameters give one result each; the last one counts.
  const result = Array.isArray(raw) ? raw[raw.length - 1]! : raw;
  return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
}

/** Any PostgreSQL reachable at `url`, through a connection pool. */
export async function openPg(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, types: typeParsers });
  // Fail fast with the driver's message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: 'pg',
    query: async (sql, params) => toResult(await pool.query(sql, params as unknown[])),
    tx: async (fn) => {
      const client = await pool.connect();
      const q: Queryable = {
        query: async (sql, params) => toResult(await client.query(sql, params as unknown[])),
      };
      let broken = false;
      try {
        await client.query('BEGIN');
        const value = await fn(q);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    exec: async (sql, q) => {
      if (q) await q.query(sql);
      else await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
