// A fresh PostgreSQL database per test run (dropped after), or the reason none is available.
import pg from 'pg';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDb {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

/**
 * Creates database hs_test_<random>, a copy of database `template` when given (which nobody may
 * be connected to); throws when the server is unreachable.
 */
export async function createScratchDb(prefix = 'hs_test', template?: string): Promise<ScratchDb> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(ADMIN_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return undefined;
  } catch (error) {
    return `PostgreSQL not reachable at ${ADMIN_URL}: ${(error as Error).message}`;
  }
}
