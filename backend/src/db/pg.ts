import pg from 'pg';
import { DB_WAIT_MS, DbWaitTimeout, type Db, type QueryResult, type TxQueryable } from './index.ts';

const DATE = 1082;
const INT8 = 20;
// Same JavaScript values as PGlite gives (db/pglite.ts): int8 as number, date as 'YYYY-MM-DD'.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === DATE) return (value: string) => value;
    if (oid === INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

function toResult<R>(raw: pg.QueryResult | pg.QueryResult[]): QueryResult<R> {
  // Several statements without parameters give one result each; the last one counts.
  const result = Array.isArray(raw) ? raw[raw.length - 1]! : raw;
  return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
}

/**
 * Named (server-side prepared) statements for repeated texts such as the REST statements, so
 * PostgreSQL parses and plans each shape once per connection. Bounded: beyond the limit, texts run
 * unnamed.
 */
class StatementNames {
  #names = new Map<string, string>();
  constructor(private readonly limit = 2000) {}
  get(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < this.limit) {
      name = `hs${this.#names.size}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/**
 * Holds a session-level advisory lock on its own connection until the returned release: several
 * backend processes starting on one database take turns at their start-up (migrations, seed),
 * so one does the work and the others wait, then find it done.
 */
export async function holdLock(url: string, name: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => undefined);
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
  } catch (error) {
    await client.end();
    throw error;
  }
  return () => client.end();
}

/**
 * Any PostgreSQL reachable at `url`, through a connection pool. `onWait` hears how long each
 * query waited for a connection (the process's metrics).
 */
export async function openPg(url: string, max = 10, waitMs = DB_WAIT_MS, onWait?: (seconds: number) => void): Promise<Db> {
  // JIT off: every query here is short, but the planner's estimates for inlined functions such as
  // search_rooms (all of its branches counted, whichever runs) pass jit_above_cost, and compiling
  // took about 1 s of a 3 ms search over 100,000 rooms (hosted PostgreSQL wants the same setting).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers,
    pipeline: true,
    connectionTimeoutMillis: waitMs,
    options: '-c jit=off',
  });
  // An idle connection dropped by the server must not take the process down.
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message));
  // Fail fast with the driver's message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  // A full pool makes callers wait at most waitMs (the driver's connectionTimeoutMillis).
  const connect = () => {
    const asked = performance.now();
    return pool.connect().then(
      (client) => {
        onWait?.((performance.now() - asked) / 1000);
        return client;
      },
      (error: Error) => {
        onWait?.((performance.now() - asked) / 1000);
        throw /timeout exceeded when trying to connect/.test(error.message) ? new DbWaitTimeout() : error;
      },
    );
  };

  const names = new StatementNames();

  return {
    kind: 'pg',
    // The client runs in pipeline mode: BEGIN, the statements and COMMIT go out together and the
    // answers come back in one round trip (each has its own Sync, so one error fails only itself
    // and what follows it in the aborted transaction).
    pipeline: async (statements, check) => {
      const client = await connect();
      try {
        const sent: Array<Promise<unknown>> = [client.query('BEGIN')];
        for (const s of statements) {
          sent.push(client.query({ text: s.text, values: s.values, name: names.get(s.text), rowMode: 'array' }));
        }
        if (!check) sent.push(client.query('COMMIT'));
        const settled = await Promise.allSettled(sent);
        const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) {
          // Without a check the COMMIT already ended the failed transaction; with one it is open.
          if (check) await client.query('ROLLBACK');
          throw failed.reason;
        }
        const last = settled[statements.length] as PromiseFulfilledResult<pg.QueryResult>;
        const rows = last.value.rows as unknown[][];
        if (check) {
          try {
            check(rows);
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
          await client.query('COMMIT');
        }
        return rows;
      } finally {
        // A connection left inside a transaction (a failed ROLLBACK) must not go back to the pool.
        const status = client.getTransactionStatus();
        client.release(status !== null && status !== 'I');
      }
    },
    query: async (sql, params) => toResult(await pool.query(sql, params as unknown[])),
    tx: async (fn) => {
      const client = await connect();
      const q: TxQueryable = {
        query: async (sql, params) => toResult(await client.query(sql, params as unknown[])),
        exec: async (sql) => {
          await client.query(sql);
        },
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
    // Its own connection, outside the pool: a LISTEN lasts as long as the session.
    listen: async (channel, onNotify) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      client.on('error', (error) => console.error('[db] listen connection error:', error.message));
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      return () => client.end();
    },
    close: () => pool.end(),
  };
}
