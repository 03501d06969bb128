// bcrypt on worker threads: a hash or compare takes tens of milliseconds of CPU, which on the
// main thread would stall every other request (60 sign-ups held the event loop for seconds).
// bcryptjs's async API only slices the work into chunks on the same thread, so it runs here in a
// small pool of workers started on first use; they are unref'd and never keep the process alive.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const POOL_SIZE = Math.max(2, Math.min(4, availableParallelism()));
const WORKER_URL = new URL('./bcrypt-worker.mjs', import.meta.url);

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const workers: Worker[] = [];
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(slot: number): Worker {
  const worker = new Worker(WORKER_URL);
  worker.unref();
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (error !== undefined) job?.reject(new Error(error));
    else job?.resolve(result);
  });
  worker.on('error', (error) => {
    // A crashed worker is replaced; its jobs fail rather than hang.
    console.error('[auth] bcrypt worker failed:', error);
    workers[slot] = startWorker(slot);
    for (const [id, job] of pending) {
      if (id % POOL_SIZE !== slot) continue;
      pending.delete(id);
      job.reject(error);
    }
  });
  return worker;
}

function run<T>(job: Job): Promise<T> {
  const id = nextId++;
  const slot = id % POOL_SIZE;
  const worker = (workers[slot] ??= startWorker(slot));
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve, reject });
    worker.postMessage({ id, ...job });
  });
}

export const bcryptHash = (password: string, cost: number) => run<string>({ op: 'hash', password, cost });
export const bcryptCompare = (password: string, hash: string) => run<boolean>({ op: 'compare', password, hash });
