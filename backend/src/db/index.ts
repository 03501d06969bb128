// The database seen by every part of the backend: PGlite (embedded) or PostgreSQL (pg.Pool).
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  /** Rows affected (DML) or returned (SELECT). */
  rowCount: number;
}

export interface Queryable {
  /** One statement, values bound as $1..$n. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs fn inside one transaction on one connection: COMMIT when it resolves, ROLLBACK when it
   * throws (the error is re-thrown). PGlite transactions are serialized.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations), outside any transaction of ours. */
  exec(sql: string, q?: Queryable): Promise<void>;
  close(): Promise<void>;
}
