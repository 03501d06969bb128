// The database seen by every part of the backend: PGlite (embedded) or PostgreSQL (pg.Pool).

/**
 * How long a request waits for the database (a pool connection, or PGlite's one session) before
 * it is answered 503 with Retry-After rather than queued behind everyone else indefinitely.
 */
export const DB_WAIT_MS = 10_000;

/** No connection (or PGlite session) came free within DB_WAIT_MS. */
export class DbWaitTimeout extends Error {
  constructor() {
    super(`Timed out acquiring a database connection after ${DB_WAIT_MS} ms`);
    this.name = 'DbWaitTimeout';
  }
}
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  /** Rows affected (DML) or returned (SELECT). */
  rowCount: number;
}

export interface Queryable {
  /** One statement, values bound as $1..$n. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

/** What tx() hands out: queries on the transaction's connection, plus parameterless scripts. */
export interface TxQueryable extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Statement {
  text: string;
  /** Strings, numbers, booleans, null, or arrays of strings. */
  values: unknown[];
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs fn inside one transaction on one connection: COMMIT when it resolves, ROLLBACK when it
   * throws (the error is re-thrown). PGlite transactions are serialized.
   */
  tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T>;
  /**
   * Statements run in one transaction, pipelined where the driver allows (PGlite: one round trip).
   * Returns the last statement's rows as arrays (text / number / null). When `check` is given it
   * sees those rows before COMMIT and may throw to roll everything back.
   */
  pipeline(statements: Statement[], check?: (rows: unknown[][]) => void): Promise<unknown[][]>;
  /** Several statements without parameters (migrations); inside tx() pass its q. */
  exec(sql: string, q?: Queryable): Promise<void>;
  /** LISTENs on a channel; `onNotify` gets each NOTIFY's payload. Resolves to the unlisten. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
