// Image work (an upload's decode, a render) in one bounded, fair queue per backend process:
//   - at most STORAGE_IMAGE_SLOTS jobs run at once. sharp runs each job on one thread of libuv's
//     pool, the pool that also serves file reads (photos), dns and crypto, so the slots are kept
//     below its size (config.ts checks UV_THREADPOOL_SIZE - 2): the pool always has threads free
//     for the rest of the server. Each job decodes on one libvips thread (sharp.concurrency(1)),
//     so image work takes at most that many cores, and at most that many images are decoded in
//     memory at once (a 40 megapixel PNG is 160 MB decoded).
//   - a client (a render's client address, an upload's user) runs at most slots - 1 jobs when
//     there are two slots or more, so another client always finds a slot; waiting jobs start in
//     turn, one client after another (round robin), not in arrival order.
//   - a client has at most STORAGE_IMAGE_CLIENT_JOBS jobs running or waiting: over that, 429
//     with Retry-After; at most STORAGE_IMAGE_QUEUE_MAX jobs wait in all, besides those running:
//     over that, 503 with Retry-After (Storage's SlowDown error). A request takes its place
//     first, before any slower step (an upload's claim of its name), so a refusal is cheap.
// A queue is a process's: with several processes (WEB_CONCURRENCY) each has its own slots and
// shares; this bounds the work of one process, it is no rate limiter.
import sharp from 'sharp';
import type { BackendContext } from '../context.ts';

sharp.concurrency(1);
// Renders are kept on disk (render.ts); libvips' own cache of operations would only hold memory.
sharp.cache(false);

interface ClientJobs {
  running: number;
  waiting: Array<() => void>;
  /** Places taken (take) whose job has not been handed over yet. */
  held: number;
}

/** Why a job was not queued: its client is over its share (429) or the queue is full (503). */
export class QueueRefusal extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(status === 429 ? 'Too many image requests from this client' : 'The image queue is full');
  }
}

/** A place in the queue: run hands it a job (which waits for a slot), cancel gives it back. */
export interface QueuePlace {
  run<T>(work: () => Promise<T>): Promise<T>;
  cancel(): void;
}

export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  private held = 0;
  private readonly clients = new Map<string, ClientJobs>();
  /** Clients with waiting jobs, the next to start first. */
  private readonly turns: string[] = [];
  /** How long a job takes, on average (exponentially weighted), for Retry-After. */
  private averageMs = 1000;
  private readonly clientRunning: number;

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    private readonly clientJobs: number,
  ) {
    this.clientRunning = Math.max(1, slots - 1);
  }

  /** Jobs running and waiting (or about to: their places taken), for the metrics. */
  get depth(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount + this.held };
  }

  /** Seconds until about `jobs` more jobs have run, at least 1. */
  private retryAfter(jobs: number): number {
    return Math.max(1, Math.ceil((jobs * this.averageMs) / this.slots / 1000));
  }

  private forgetIdle(client: string, jobs: ClientJobs): void {
    if (jobs.running === 0 && jobs.waiting.length === 0 && jobs.held === 0) this.clients.delete(client);
  }

  /**
   * A place for one of `client`'s jobs, taken at once (before any slower step of the request, so
   * a refused request costs nothing more): QueueRefusal when the client has its share, or when
   * the slots and the waiting places are all taken.
   */
  take(client: string): QueuePlace {
    let jobs = this.clients.get(client);
    if (!jobs) this.clients.set(client, (jobs = { running: 0, waiting: [], held: 0 }));
    const mine = jobs.running + jobs.waiting.length + jobs.held;
    const all = this.running + this.waitingCount + this.held;
    if (mine >= this.clientJobs || all >= this.slots + this.maxWaiting) {
      this.forgetIdle(client, jobs);
      throw mine >= this.clientJobs ? new QueueRefusal(429, this.retryAfter(mine)) : new QueueRefusal(503, this.retryAfter(all - this.slots + 1));
    }
    jobs.held += 1;
    this.held += 1;
    let handed = false;
    const handOver = () => {
      if (handed) throw new Error('A queue place takes one job');
      handed = true;
      jobs.held -= 1;
      this.held -= 1;
    };
    return {
      run: (work) => {
        handOver();
        return this.start(client, jobs, work);
      },
      cancel: () => {
        if (handed) return;
        handOver();
        this.forgetIdle(client, jobs);
      },
    };
  }

  private async start<T>(client: string, jobs: ClientJobs, work: () => Promise<T>): Promise<T> {
    if (this.running < this.slots && jobs.running < this.clientRunning) {
      this.running += 1;
      jobs.running += 1;
    } else {
      this.waitingCount += 1;
      if (jobs.waiting.length === 0) this.turns.push(client);
      // Started by next(), which counts it as running.
      await new Promise<void>((resolve) => jobs.waiting.push(resolve));
    }
    const started = Date.now();
    try {
      return await work();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - started);
      this.running -= 1;
      jobs.running -= 1;
      this.forgetIdle(client, jobs);
      this.next();
    }
  }

  /** Starts waiting jobs while slots are free, taking clients in turn. */
  private next(): void {
    while (this.running < this.slots) {
      const index = this.turns.findIndex((client) => this.clients.get(client)!.running < this.clientRunning);
      if (index < 0) return;
      const client = this.turns.splice(index, 1)[0]!;
      const jobs = this.clients.get(client)!;
      const start = jobs.waiting.shift()!;
      if (jobs.waiting.length > 0) this.turns.push(client);
      this.waitingCount -= 1;
      this.running += 1;
      jobs.running += 1;
      start();
    }
  }
}

const queues = new WeakMap<BackendContext, FairQueue>();

/** The backend's image queue. */
export function imageQueue(ctx: BackendContext): FairQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    const { slots, queueMax, clientJobs } = ctx.config.storageImages;
    queues.set(ctx, (queue = new FairQueue(slots, queueMax, clientJobs)));
  }
  return queue;
}

/** Runs `work` (sharp's) in the backend's image queue as `client`'s job; rejects with QueueRefusal. */
export async function imageJob<T>(ctx: BackendContext, client: string, work: () => Promise<T>): Promise<T> {
  return imageQueue(ctx).take(client).run(work);
}

/** Storage's answer to a refused job: SlowDown, with Retry-After. */
export const slowDown = (refusal: QueueRefusal) =>
  new Response(
    JSON.stringify({
      statusCode: String(refusal.status),
      code: 'SlowDown',
      error: refusal.status === 429 ? 'Too Many Requests' : 'Service Unavailable',
      message: `${refusal.message}, retry in ${refusal.retryAfterSeconds} seconds`,
    }),
    {
      status: refusal.status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': String(refusal.retryAfterSeconds) },
    },
  );
