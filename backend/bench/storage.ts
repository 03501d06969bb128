// Storage under hostile image load (a script, not a test): `pnpm --filter backend bench:storage`.
//
// Starts the backend in its own process (PGlite; DATABASE_URL=postgres://... for PostgreSQL) and
// measures what another client sees - a stored photo (GET /storage/v1/object/public/...), a REST
// read (GET /rest/v1/Rooms) and about once a second an uncached render of its own photo, each in a
// loop of its own - first on a quiet
// server, then while, from other addresses, BENCH_HOSTILE loops ask for 2500 px AVIF renders of a
// 40 megapixel PNG (each a new variant, never cached) and BENCH_HOSTILE loops upload that PNG as
// one user. Hostile loops do not wait between requests nor honour Retry-After. Prints the other
// client's p50/p99 per kind of request in both phases, the hostile answers by status, the
// backend's peak RSS (sampled from /proc every 100 ms) and the load average.
// Env: BENCH_SECONDS (30: the loaded phase; the quiet one is a third of it), BENCH_HOSTILE (12).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { log, quantile, runBench, startBackend } from './servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const HOSTILE = Number(process.env.BENCH_HOSTILE ?? 12);

interface Answer {
  status: number;
  ms: number;
  body: Buffer;
}

let port = 0;
function call(from: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, localAddress: from, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const backend = await startBackend(process.env.DATABASE_URL, 40);
  port = Number(new URL(backend.url).port);
  const { anonKey } = backend;

  let rss = 0;
  let peakRss = 0;
  const sampler = setInterval(() => {
    const status = readFileSync(`/proc/${backend.pid}/status`, 'utf8');
    rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    peakRss = Math.max(peakRss, rss);
  }, 100);

  async function user(email: string): Promise<{ id: string; token: string }> {
    const answer = await call('127.0.0.1', 'POST', '/auth/v1/signup', { apikey: anonKey, 'content-type': 'application/json' }, JSON.stringify({ email, password: 'correct-horse-battery' }));
    const body = JSON.parse(answer.body.toString()) as { user: { id: string }; access_token: string };
    return { id: body.user.id, token: body.access_token };
  }
  const name = () => crypto.randomUUID().replaceAll('-', '');
  const upload = (from: string, who: { id: string; token: string }, bytes: Buffer, file = name()) =>
    call(from, 'POST', `/storage/v1/object/listing-photos/hosts/${who.id}/${file}`, { apikey: anonKey, authorization: `Bearer ${who.token}`, 'content-type': 'image/png' }, bytes).then(
      (answer) => ({ ...answer, path: `listing-photos/hosts/${who.id}/${file}` }),
    );

  const hugePng = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#4a8' } }).png().toBuffer();
  const photoJpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } }).jpeg().toBuffer();
  const host = await user('bench-host@example.com');
  const uploader = await user('bench-uploader@example.com');
  const huge = await upload('127.0.0.1', host, hugePng);
  const photo = await upload('127.0.0.1', host, photoJpeg);
  if (huge.status !== 200 || photo.status !== 200) throw new Error(`setup uploads: ${huge.status} ${photo.status}`);
  log(`backend on :${port}, 40 MP PNG of ${hugePng.length} bytes stored; RSS after setup ${(rss / 2 ** 20).toFixed(0)} MiB`);

  /** The other client's requests until `until`, each kind in a loop of its own: latencies by kind. */
  async function measure(until: number, tag: string) {
    const times: Record<string, number[]> = { photo: [], rest: [], render: [] };
    const failures: string[] = [];
    const loop = async (kind: string, path: () => string, headers: Record<string, string>, pauseMs: number) => {
      while (Date.now() < until) {
        const answer = await call('127.0.0.3', 'GET', path(), headers);
        times[kind]!.push(answer.ms);
        if (answer.status !== 200) failures.push(`${kind} ${answer.status}`);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    let width = 400;
    await Promise.all([
      loop('photo', () => `/storage/v1/object/public/${photo.path}`, {}, 20),
      loop('rest', () => '/rest/v1/Rooms?select=*&limit=16', { apikey: anonKey }, 20),
      // An uncached render of its own photo, a new width each time, about once a second.
      loop('render', () => `/storage/v1/render/image/public/${photo.path}?width=${(width += 1)}&quality=${tag === 'quiet' ? 70 : 71}`, { accept: 'image/webp' }, 1000),
    ]);
    return { times, failures };
  }

  function report(phase: string, result: Awaited<ReturnType<typeof measure>>) {
    for (const [kind, values] of Object.entries(result.times)) {
      console.log(`${phase.padEnd(7)} ${kind.padEnd(7)} n=${String(values.length).padStart(5)}  p50 ${(quantile(values, 0.5) ?? NaN).toFixed(0).padStart(6)} ms  p99 ${(quantile(values, 0.99) ?? NaN).toFixed(0).padStart(6)} ms  max ${Math.max(...values).toFixed(0).padStart(6)} ms`);
    }
    if (result.failures.length) console.log(`${phase} failures: ${result.failures.slice(0, 10).join(', ')} (${result.failures.length})`);
  }

  const quiet = await measure(Date.now() + (SECONDS * 1000) / 3, 'quiet');
  const quietPeak = peakRss;

  const until = Date.now() + SECONDS * 1000;
  const hostile: Record<string, number> = {};
  const count = (key: string) => (hostile[key] = (hostile[key] ?? 0) + 1);
  let variant = 0;
  const renderLoops = Array.from({ length: HOSTILE }, async () => {
    while (Date.now() < until) {
      variant += 1;
      const answer = await call('127.0.0.2', 'GET', `/storage/v1/render/image/public/${huge.path}?width=${2500 - (variant % 500)}&format=avif&quality=${20 + (variant % 80)}`);
      count(`render ${answer.status}`);
    }
  });
  const uploadLoops = Array.from({ length: HOSTILE }, async () => {
    while (Date.now() < until) count(`upload ${(await upload('127.0.0.4', uploader, hugePng)).status}`);
  });
  const loaded = await measure(until, 'loaded');
  await Promise.all([...renderLoops, ...uploadLoops]);
  clearInterval(sampler);

  console.log(`storage under hostile load (${HOSTILE} render loops + ${HOSTILE} upload loops, ${SECONDS} s; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  report('quiet', quiet);
  report('loaded', loaded);
  console.log(`hostile answers: ${Object.entries(hostile).sort().map(([k, v]) => `${k} x${v}`).join(', ')}`);
  console.log(`backend RSS peak: quiet ${(quietPeak / 2 ** 20).toFixed(0)} MiB, loaded ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
  console.log(`load average (1, 5, 15 min): ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
}

runBench(main);
