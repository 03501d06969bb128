// A backend's embedded database served over TCP (npm @electric-sql/pglite-socket), so that a
// PostgreSQL client such as the PostgREST binary talks to the very PGlite session the backend
// runs on. PGlite has one session: pglite-socket multiplexes its clients onto it message by
// message, so every connection shares one set of named statements, portals and settings. Use one
// connection at a time (PostgREST: db-pool 1); a second may open while the first is closing.
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Db } from '../../src/db/index.ts';
import type { PgliteDb } from '../../src/db/pglite.ts';

export interface PgliteSocket {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

const TYPE_QUERY = 'Q'.charCodeAt(0);
const TYPE_SYNC = 'S'.charCodeAt(0);

/** Serves the session of `db`, which must be the backend's PGlite Db (openPglite). */
export async function servePglite(db: Db): Promise<PgliteSocket> {
  if (db.kind !== 'pglite') throw new Error('servePglite: the backend does not run on PGlite');
  const lender = db as PgliteDb;
  const pg = await lender.lend(async (instance) => instance);

  // The backend's lock, taken at a client's first message and kept until PGlite is ready for a
  // query outside a transaction block: a client's transaction, or a statement sent as Parse, Bind,
  // Execute and Sync, is not interleaved with the backend's statements (its requests, its timers).
  let release: (() => void) | undefined;
  let ready = true;
  const borrow = () =>
    new Promise<() => void>((lent) => {
      void lender.lend(() => new Promise<void>((done) => lent(done)));
    });
  const giveBack = () => {
    release?.();
    release = undefined;
  };

  // What PGLiteSocketServer uses of a PGlite instance.
  const shared = {
    waitReady: Promise.resolve(),
    isInTransaction: () => pg.isInTransaction(),
    async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
      release ??= await borrow();
      try {
        return await pg.runExclusive(fn);
      } finally {
        if (ready) giveBack();
      }
    },
    // Not PGlite's execProtocolRawStream: that leaves its output callback set to this client's,
    // where the backend's next execProtocol() would then write its answers.
    async execProtocolRawStream(message: Uint8Array, { onRawData }: { onRawData: (data: Uint8Array) => void }) {
      onRawData(await pg.execProtocolRaw(message, { syncToFs: false }));
      const type = message[0];
      // A startup packet begins with its length (0 first), a Terminate is ignored by PGlite.
      ready = (type === 0 || type === TYPE_SYNC || type === TYPE_QUERY || type === 'X'.charCodeAt(0)) && !pg.isInTransaction();
    },
    // The ROLLBACK of a transaction a client left open when it went away.
    async exec(sql: string) {
      await pg.exec(sql);
      ready = !pg.isInTransaction();
      if (ready) giveBack();
    },
  };

  const server = new PGLiteSocketServer({ db: shared as unknown as PGlite, host: '127.0.0.1', port: 0, maxConnections: 2 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      giveBack();
    },
  };
}
