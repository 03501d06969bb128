// Hostile requests against the HTTP layer: every one gets an answer with a JSON body, never a reset.
import { request } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObserve } from '../src/observe.ts';
import type { BackendContext } from '../src/context.ts';
import { DbWaitTimeout } from '../src/db/index.ts';
import { Mutex } from '../src/db/mutex.ts';
import { openPg } from '../src/db/pg.ts';
import { roleStatement } from '../src/db/role.ts';
import { createHttpServer, listen } from '../src/http/server.ts';
import { databases, postgresSkipReason, startRestBackend, type TestBackend } from './support/backend.ts';
import { createScratchDb } from './support/postgres.ts';

function send(port: number, method: string, path: string, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('http server', () => {
  let server: Server;
  let port: number;
  // The process's JSON log, written here instead of stdout.
  const logLines: string[] = [];
  const observe = createObserve('info', { write: (line: string) => void logLines.push(line) });

  beforeAll(async () => {
    server = createHttpServer(
      [
        {
          prefix: '/crash',
          handler: async (req) => {
            await req.text();
            throw new Error('handler bug after the body was read');
          },
        },
      ],
      () => ({ config: { allowedOrigins: [], trustedProxies: [] }, observe }) as unknown as BackendContext,
    );
    port = await listen(server, 0);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers TRACE with 405 and an Allow header instead of resetting the connection', async () => {
    const res = await send(port, 'TRACE', '/rest/v1/Rooms');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(JSON.parse(res.body)).toMatchObject({ code: '405' });
  });

  it('answers CONNECT with 405 too, which node:http never hands to the request handler', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('CONNECT /rest/v1/Rooms HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: '405' });
  });

  it('answers an error thrown after the body was read with 500 JSON and logs it', async () => {
    const res = await send(port, 'POST', '/crash', JSON.stringify({ a: 1 }));
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ code: 'XX000', message: 'Internal server error', details: null, hint: null });
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'unhandled error', method: 'POST', path: '/crash', err: expect.objectContaining({ message: 'handler bug after the body was read' }) }),
    );
  });
});

describe.each(databases('server'))('request limits on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startRestBackend(kind);
  });
  afterAll(() => backend?.close());

  const get = async (path: string) => {
    const response = await fetch(`${backend.url}${path}`, { headers: { apikey: backend.keys.anonKey } });
    return { status: response.status, body: (await response.json()) as { code?: string; details?: string } };
  };

  const regexBomb = `/rest/v1/Rooms?select=id&house_description=match.${encodeURIComponent('^(.*)(.*)(.*)\\1\\2\\3$')}`;
  const deepOr = `/rest/v1/Rooms?select=id&or=${'or('.repeat(2200)}id.eq.1${')'.repeat(2200)}`.replace('or=or(', 'or=(');
  const wideSelect = `/rest/v1/Rooms?select=${Array.from({ length: 1700 }, () => 'id').join(',')}`;
  const deepArray = `/rest/v1/Rooms?select=id&images=cs.${encodeURIComponent('{{{{{{{a}}}}}}}')}`;

  it.each([
    ['a back-referencing regex', regexBomb, 'back-references'],
    ['or= nested 2,200 levels', deepOr, 'at most 16 levels'],
    ['1,700 select columns', wideSelect, 'at most 100 columns'],
    ['a 7-dimension array', deepArray, 'at most 6 dimensions'],
  ])('%s is refused with 400 PGRST100 before any SQL runs', async (_label, path, why) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST100');
    expect(body.details).toContain(why);
  });

  const match = (pattern: string, op = 'match') => `/rest/v1/Rooms?select=id&house_description=${op}.${encodeURIComponent(pattern)}`;
  // Patterns that froze PGlite (minutes) or held PostgreSQL to its statement timeout, and their kin.
  const HOSTILE_REGEX: Array<[string, string, string]> = [
    ['nested bounded repetition (issue 27)', match('((.{1,50}){1,50}){1,50}q'), 'already quantified'],
    ['ten .* repeated 20 times (issue 27)', match('(.*.*.*.*.*.*.*.*.*.*){1,20}z'), 'already quantified'],
    ['a starred group of .*', match('(.*){50}z'), 'already quantified'],
    ['40 .* in a row', match(`${'.*'.repeat(40)}z`), 'at most 16 quantifiers'],
    ['a stacked quantifier', match('a**'), 'already quantified'],
    ['a starred alternation of starred branches', match(`(${Array.from({ length: 10 }, () => 'a+').join('|')})*z`), 'already quantified'],
    ['a 1,000-copy bound', match('.{0,1000}z'), 'at most 100 atoms'],
    ['a class repeated 200 times, case-insensitive', match('[[:alpha:]]{1,200}z', 'imatch'), 'at most 100 atoms'],
    ['bounds that add up past the cap', match('.{0,60}x.{0,60}z'), 'at most 100 atoms'],
    ['a lookahead', match('(?=a)a'), 'lookaround'],
    ['a lookbehind', match('(?<!x)a'), 'lookaround'],
    ['embedded options', match('(?b)a\\{1,2\\}'), 'embedded options'],
    ['a director', match('***:a'), 'director'],
    ['a back-reference inside a group', match('(a)(?:\\1)'), 'back-references'],
    ['one item of match(any)', `/rest/v1/Rooms?select=id&house_description=match(any).${encodeURIComponent('{^P,"((.{1,50}){1,50}){1,50}q"}')}`, 'already quantified'],
    ['three costly patterns in one or=', `/rest/v1/Rooms?select=id&or=(${['house_description', 'city', 'country'].map((c) => `${c}.match.${encodeURIComponent('".{0,99}z"')}`).join(',')})`, 'at most 200 atoms together'],
  ];

  it.each(HOSTILE_REGEX)('a regex with %s is refused with 400 PGRST100 at once', async (_label, path, why) => {
    const started = performance.now();
    const { status, body } = await get(path);
    const elapsed = performance.now() - started;
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST100');
    expect(body.details).toContain(why);
    expect(elapsed).toBeLessThan(500);
  });

  it('ordinary patterns still run: anchors, classes, alternation, optional letters, small bounds, lists', async () => {
    const ids = async (path: string) => {
      const response = await fetch(`${backend.url}${path}&order=id`, { headers: { apikey: backend.keys.anonKey } });
      expect(response.status, path).toBe(200);
      return ((await response.json()) as Array<{ id: number }>).map((r) => r.id);
    };
    const all = await ids('/rest/v1/Rooms?select=id');
    expect(all.length).toBeGreaterThan(0);
    expect(await ids(`/rest/v1/Rooms?select=id&city=match.${encodeURIComponent('^P')}&country=imatch.${encodeURIComponent('^fr')}`)).toEqual(
      await ids('/rest/v1/Rooms?select=id&city=like.P*&country=ilike.fr*'),
    );
    expect(await ids(`/rest/v1/Rooms?select=id&house-title=match.${encodeURIComponent('^(?:House|Home) [0-9]{1,2}$')}`)).toEqual(all);
    expect(await ids(`/rest/v1/Rooms?select=id&city=imatch.${encodeURIComponent('colou?r|^ROME$')}`)).toEqual(await ids('/rest/v1/Rooms?select=id&city=eq.Rome'));
    expect(await ids(`/rest/v1/Rooms?select=id&city=match(any).${encodeURIComponent('{^P,^L}')}`)).toEqual(
      await ids('/rest/v1/Rooms?select=id&or=(city.like.P*,city.like.L*)'),
    );
    // At the caps: 16 quantifiers; an expanded size of 100.
    expect(await ids(`/rest/v1/Rooms?select=id&house-title=match.${encodeURIComponent(`${'.*'.repeat(16)}[0-9]`)}`)).toEqual(all);
    expect(await ids(`/rest/v1/Rooms?select=id&house-title=imatch.${encodeURIComponent('[[:alpha:]]{0,99}!')}`)).toEqual([]);
  });

  it('a geocode query of 6,000 words is refused with 400 at once', async () => {
    const started = performance.now();
    // '+' is a space in a query string: 6,000 one-letter words within Node's 16 KiB header limit.
    const response = await fetch(`${backend.url}/geocode?q=${'a+'.repeat(6000)}&format=json`);
    expect(response.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.runIf(kind === 'postgres')('an anonymous statement past its timeout is cancelled with 57014', async () => {
    const started = performance.now();
    const sleep = backend.ctx.db.pipeline([
      roleStatement({ role: 'anon', claims: {}, method: 'GET', path: '/', headers: {}, readOnly: true }),
      { text: 'select pg_sleep(10)', values: [] },
    ]);
    await expect(sleep).rejects.toMatchObject({ code: '57014' });
    expect(performance.now() - started).toBeLessThan(8000);
  });

  it("another client's grid read and /health stay fast while 12 hostile requests run", async () => {
    let hostile = true;
    const paths = [regexBomb, deepOr, wideSelect, deepArray, ...HOSTILE_REGEX.map(([, path]) => path)];
    const attacks = Array.from({ length: 12 }, async (_, i) => {
      for (let n = i; hostile; n += 12) await get(paths[n % paths.length]!);
    });
    const grid: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      let started = performance.now();
      const { status } = await get('/rest/v1/Rooms?select=*&filter=eq.Beach&offset=0&limit=16');
      grid.push(performance.now() - started);
      expect(status).toBe(200);
      started = performance.now();
      expect((await fetch(`${backend.url}/health`)).status).toBe(200);
      health.push(performance.now() - started);
    }
    hostile = false;
    await Promise.all(attacks);
    const percentile = (times: number[], share: number) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * share) - 1]!;
    console.log(
      `[limits] ${kind}: under 12 hostile requests, grid read p50 ${percentile(grid, 0.5).toFixed(1)} ms p99 ${percentile(grid, 0.99).toFixed(1)} ms, /health p99 ${percentile(health, 0.99).toFixed(1)} ms`,
    );
    // The target is a p99 of 200 ms on a quiet machine. The bounds leave room for a loaded CI
    // machine (a run at load 14 read one grid read of 1.2 s): nearly all reads within a second,
    // and none held for more than a few seconds (a regex that froze PGlite held it for minutes).
    for (const times of [grid, health]) {
      expect(percentile(times, 0.95)).toBeLessThan(1000);
      expect(Math.max(...times)).toBeLessThan(5000);
    }
  });
});

describe('a bounded wait for the database', () => {
  it("PGlite's one session: a waiter gives up after its wait, and the queue goes on behind it", async () => {
    const lock = new Mutex();
    let finish!: () => void;
    const holder = lock.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await expect(lock.run(async () => 'late', 50, () => new DbWaitTimeout())).rejects.toBeInstanceOf(DbWaitTimeout);
    const after = lock.run(async () => 'next');
    finish();
    await holder;
    await expect(after).resolves.toBe('next');
  });

  it.skipIf(postgresSkipReason !== undefined)('PostgreSQL: a full pool answers DbWaitTimeout after the wait', async () => {
    const scratch = await createScratchDb();
    // The wait also bounds opening a connection (pg-pool's connectionTimeoutMillis): 100 ms failed
    // the first connection of a CI run at load 14.
    const db = await openPg(scratch.url, 1, 2000);
    try {
      let finish!: () => void;
      const holder = db.tx(() => new Promise<void>((resolve) => (finish = resolve)));
      await expect(db.pipeline([{ text: 'select 1', values: [] }])).rejects.toBeInstanceOf(DbWaitTimeout);
      finish();
      await holder;
      await expect(db.pipeline([{ text: 'select 1', values: [] }])).resolves.toEqual([[1]]);
    } finally {
      await db.close();
      await scratch.drop();
    }
  });
});
