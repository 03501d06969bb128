// Broadcast and presence between the backend processes of one deployment: Redis pub/sub when
// REDIS_URL is set (channel <REDIS_KEY_PREFIX>realtime), else PostgreSQL's LISTEN/NOTIFY on the
// shared database (channel realtime_bus; a message past NOTIFY's 8000 bytes waits in
// _realtime.bus and the NOTIFY carries its id). PGlite has one process: no bus. Each process
// delivers to its own sockets at once and skips what it published itself; messages from one
// process arrive in the order it sent them (published one after another, handled one after another).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BackendContext } from '../context.ts';
import { serialQueue } from './limits.ts';

interface Bus {
  /** This process's id, as its messages carry it. */
  readonly id: string;
  publish(message: Record<string, unknown>): void;
  /** `onMessage` gets every other process's messages. */
  start(onMessage: (from: string, message: Record<string, unknown>) => void): Promise<void>;
  stop(): Promise<void>;
}

const NOTIFY_CHANNEL = 'realtime_bus';
/** NOTIFY's payload limit is 8000 bytes; past this a message goes through _realtime.bus. */
const MAX_NOTIFY_BYTES = 7900;

interface Envelope {
  from: string;
  message: Record<string, unknown>;
}

function parse(text: string): Envelope | undefined {
  try {
    const e = JSON.parse(text) as Partial<Envelope>;
    return typeof e.from === 'string' && typeof e.message === 'object' && e.message !== null ? (e as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

export function createBus(ctx: BackendContext): Bus | undefined {
  const { redisUrl, redisKeyPrefix } = ctx.config.auth;
  if (redisUrl) return redisBus(ctx, redisUrl, `${redisKeyPrefix}realtime`);
  if (ctx.db.kind === 'pg') return postgresBus(ctx);
  return undefined;
}

function postgresBus(ctx: BackendContext): Bus {
  const id = randomUUID();
  const failed = (what: string) => (error: Error) => ctx.observe.log.error({ err: error }, `realtime: ${what} failed`);
  const sending = serialQueue(failed('publishing to other processes'));
  const receiving = serialQueue(failed('reading from other processes'));
  let unlisten: (() => Promise<void>) | undefined;
  let sweep: NodeJS.Timeout | undefined;
  return {
    id,
    publish(message) {
      const text = JSON.stringify({ from: id, message });
      sending(async () => {
        if (Buffer.byteLength(text) <= MAX_NOTIFY_BYTES) {
          await ctx.db.query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, text]);
        } else {
          await ctx.db.query(
            `with m as (insert into _realtime.bus (message) values ($2) returning id)
             select pg_notify($1, '#' || id) from m`,
            [NOTIFY_CHANNEL, text],
          );
        }
      });
    },
    async start(onMessage) {
      unlisten = await ctx.db.listen(NOTIFY_CHANNEL, (payload) => {
        receiving(async () => {
          let text = payload;
          if (payload.startsWith('#')) {
            if (!/^#\d+$/.test(payload)) return;
            const { rows } = await ctx.db.query<{ message: string }>('select message from _realtime.bus where id = $1', [payload.slice(1)]);
            if (!rows[0]) return;
            text = rows[0].message;
          }
          const envelope = parse(text);
          if (envelope && envelope.from !== id) onMessage(envelope.from, envelope.message);
        });
      });
      sweep = setInterval(() => {
        ctx.db.query(`delete from _realtime.bus where sent_at < now() - interval '1 minute'`).catch(() => undefined);
      }, 10_000);
      sweep.unref();
    },
    async stop() {
      clearInterval(sweep);
      await unlisten?.();
    },
  };
}

function redisBus(ctx: BackendContext, url: string, channel: string): Bus {
  const id = randomUUID();
  // Published while Redis is down: dropped (as a broadcast to nobody), never queued without bound.
  const options = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { lazyConnect: true });
  let down = false;
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => {
      if (!down) ctx.observe.log.error({ err: error }, 'realtime: Redis unreachable; broadcast and presence stay in this process');
      down = true;
    });
    client.on('ready', () => {
      down = false;
    });
  }
  return {
    id,
    publish(message) {
      publisher.publish(channel, JSON.stringify({ from: id, message })).catch(() => undefined);
    },
    async start(onMessage) {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (_channel: string, text: string) => {
        const envelope = parse(text);
        if (envelope && envelope.from !== id) onMessage(envelope.from, envelope.message);
      });
      await subscriber.subscribe(channel);
    },
    async stop() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
