// Where the auth rate limiters (rate-limit.ts) count: in the database by default (schema
// rate_limit, migration backend/migrations/20261127000200_rate_limits.sql), or in Redis when
// REDIS_URL is set. Either way every backend process on that database or Redis shares the counts,
// so N processes do not allow N times a limit. A reservation is one statement (or one script):
// it checks every bucket and takes a slot in each, or in none, atomically across processes.
//
// Redis down: the limiters fail closed. A request that needs a slot is answered 503 (LimitsUnavailable)
// rather than let through uncounted, and the client reconnects by itself; a backend whose
// REDIS_URL cannot be reached at start does not start, as with DATABASE_URL.
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';

/** Gives a reservation's slots back (the work it limited does not count). */
export type Release = () => Promise<void>;

/** An (account, address) pair that, once trusted, has a bucket of its own instead of the others. */
export interface TrustedPair {
  pair: string;
  bucket: string;
}

export interface LimitStore {
  /**
   * One slot in every bucket of `buckets` (or in `trusted.bucket` alone when `trusted.pair` is
   * trusted), each holding at most `limit` slots taken in the last `windowMs`; none when any is
   * full (then undefined).
   */
  reserve(buckets: string[], limit: number, windowMs: number, trusted?: TrustedPair): Promise<Release | undefined>;
  /** Trusts `pair` for `forMs` from now. */
  trust(pair: string, forMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The limiters' Redis cannot be reached: the request is refused (503), never let through uncounted. */
export class LimitsUnavailable extends Error {
  constructor(cause: unknown) {
    super(`Rate limits cannot be counted: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'LimitsUnavailable';
  }
}

/** The counts in the database, through the backend's own connection (never a request's role). */
export function databaseLimits(db: Db): LimitStore {
  return {
    async reserve(buckets, limit, windowMs, trusted) {
      const { rows } = await db.query<{ id: number | null }>(
        'select rate_limit.reserve($1::text[], $2::int, $3::int, $4::text, $5::text) as id',
        [buckets, limit, windowMs, trusted?.pair ?? null, trusted?.bucket ?? null],
      );
      const id = rows[0]?.id;
      if (id === null || id === undefined) return undefined;
      return async () => {
        await db.query('delete from rate_limit.slots where reservation = $1', [id]);
      };
    },
    async trust(pair, forMs) {
      // Pairs whose trust ran out are swept on the way (a few at a time).
      await db.query(
        `with swept as (
           delete from rate_limit.trusted_pairs where pair in (
             select pair from rate_limit.trusted_pairs where trusted_until <= now() limit 100 for update skip locked))
         insert into rate_limit.trusted_pairs (pair, trusted_until) values ($1, now() + make_interval(secs => $2::bigint / 1000.0))
         on conflict (pair) do update set trusted_until = excluded.trusted_until`,
        [pair, forMs],
      );
    },
    close: async () => {},
  };
}

/** How long a Redis command may take before the request is refused. */
const REDIS_TIMEOUT_MS = 2000;

// KEYS: the buckets (ARGV[4] of them), then the trusted pair's key and its bucket when given.
// ARGV: limit, window (ms), this reservation's member, number of buckets. Each bucket is a sorted
// set of reservations scored by their expiry (Redis's clock, so every process agrees). Returns
// the keys it took a slot in, or nil when one is full. A script runs alone: atomic.
const RESERVE = `
local limit, window, member, n = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local used = {}
if #KEYS > n and redis.call('EXISTS', KEYS[n + 1]) == 1 then
  used[1] = KEYS[n + 2]
else
  for i = 1, n do used[i] = KEYS[i] end
end
for _, key in ipairs(used) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= limit then return nil end
end
for _, key in ipairs(used) do
  redis.call('ZADD', key, now + window, member)
  redis.call('PEXPIRE', key, window)
end
return used
`;

/** REDIS_URL without its password, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * The counts in Redis (one server or primary, not a Cluster), under `prefix`. Connects before it
 * resolves; throws when Redis cannot be reached.
 */
export async function redisLimits(url: string, prefix: string): Promise<LimitStore> {
  // No offline queue and no retries: a command while Redis is down fails at once (503), and
  // one that gets no answer fails after REDIS_TIMEOUT_MS; the connection is re-made meanwhile.
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_TIMEOUT_MS });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) console.error(`[auth] rate limits: Redis ${shown(url)} unreachable, limited requests answer 503:`, error.message);
    down = true;
  });
  client.on('ready', () => {
    if (down) console.error(`[auth] rate limits: Redis ${shown(url)} reachable again`);
    down = false;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`REDIS_URL: cannot connect to ${shown(url)}: ${(error as Error).message}`);
  }
  const counted = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new LimitsUnavailable(error);
    }
  };
  return {
    async reserve(buckets, limit, windowMs, trusted) {
      const member = randomUUID();
      const keys = buckets.map((bucket) => prefix + bucket);
      if (trusted) keys.push(`${prefix}trusted:${trusted.pair}`, prefix + trusted.bucket);
      const used = (await counted(() => client.eval(RESERVE, keys.length, ...keys, limit, windowMs, member, buckets.length))) as string[] | null;
      if (!used) return undefined;
      return async () => {
        await counted(() => client.pipeline(used.map((key) => ['zrem', key, member])).exec());
      };
    },
    async trust(pair, forMs) {
      await counted(() => client.set(`${prefix}trusted:${pair}`, '1', 'PX', forMs));
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
