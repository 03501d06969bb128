// The process around REST: CORS, body limits, keys and public config, storage, geocode and the
// edge-function gateway, against the real backend on PGlite.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestBackend, type TestBackend } from './support/backend.ts';
import { userToken } from './support/tokens.ts';

const FUNCTION_SOURCE = `
export default async function handler(req) {
  if (req.method === 'OPTIONS') {
    return new Response('ok', { headers: { 'access-control-allow-origin': '*', 'x-from': 'function' } });
  }
  const url = new URL(req.url);
  if (url.searchParams.get('crash')) throw new Error('boom');
  const body = req.headers.get('content-type')?.includes('json') ? await req.json() : null;
  return Response.json({
    method: req.method,
    body,
    authorization: req.headers.get('authorization'),
    env: { url: process.env.SUPABASE_URL, anon: process.env.SUPABASE_ANON_KEY?.length > 0, service: process.env.SUPABASE_SERVICE_ROLE_KEY?.length > 0 },
  });
}
`;

describe('backend process', () => {
  let backend: TestBackend;
  let functionsDir: string;

  beforeAll(async () => {
    functionsDir = mkdtempSync(join(tmpdir(), 'hs-functions-'));
    mkdirSync(join(functionsDir, 'echo'));
    writeFileSync(join(functionsDir, 'echo', 'index.ts'), FUNCTION_SOURCE);
    mkdirSync(join(functionsDir, 'no-default'));
    writeFileSync(join(functionsDir, 'no-default', 'index.ts'), 'export const x = 1;\n');
    backend = await startRestBackend('pglite', { functionsDir });
    const photos = join(backend.dataDir, 'storage', 'listing-photos', 'http-test');
    mkdirSync(photos, { recursive: true });
    writeFileSync(join(photos, 'scene 1.webp'), Buffer.from('RIFF0000WEBPVP8 fake'));
    writeFileSync(join(backend.dataDir, 'storage', 'secret.txt'), 'outside any bucket path');
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(functionsDir, { recursive: true, force: true });
  });

  describe('keys and runtime config', () => {
    it('keeps the JWT secret and keys in keys.json, readable by the owner only', () => {
      const file = join(backend.dataDir, 'keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const keys = JSON.parse(readFileSync(file, 'utf8'));
      expect(keys.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(keys.anonKey).toBe(backend.keys.anonKey);
      const claims = JSON.parse(Buffer.from(keys.anonKey.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ iss: 'supabase', role: 'anon' });
      expect(claims.exp - claims.iat).toBeGreaterThan(5 * 365 * 24 * 3600);
    });

    it('writes public-config.json for the front end', () => {
      const config = JSON.parse(readFileSync(join(backend.dataDir, 'public-config.json'), 'utf8'));
      expect(config).toMatchObject({
        supabaseUrl: backend.url,
        supabaseAnonKey: backend.keys.anonKey,
        paymentMode: 'test',
        stripePublishableKey: null,
        mapTileUrl: null,
      });
      // No shared guest account: the guest button signs each visitor in anonymously.
      expect(config).not.toHaveProperty('guestPassword');
    });

    it('answers /health', async () => {
      const r = await fetch(`${backend.url}/health`);
      expect(await r.json()).toEqual({ status: 'ok', database: 'pglite' });
    });
  });

  describe('CORS and HTTP limits', () => {
    it('a request line over the header limit is answered 431, never a connection reset (20 at once)', async () => {
      const { port } = new URL(backend.url);
      const once = () =>
        new Promise<string>((resolve) => {
          // The client is still sending when the server has seen enough to refuse.
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.write(`GET /auth/v1/authorize?provider=${'a'.repeat(40_000)}`);
            setTimeout(() => socket.end(`&redirect_to=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 100);
          });
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
          socket.on('end', () => resolve(answer.split('\r\n', 1)[0]!));
          socket.on('error', (error) => resolve(String(error)));
        });
      const answers = await Promise.all(Array.from({ length: 20 }, once));
      expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 431 Request Header Fields Too Large']));
    });

    it('answers a preflight with the methods, echoed headers and max age', async () => {
      const requested = 'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, range, x-supabase-api-version, x-retry-count';
      const r = await fetch(`${backend.url}/rest/v1/Rooms`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': requested },
      });
      expect([200, 204]).toContain(r.status);
      expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(r.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(r.headers.get('access-control-allow-headers')).toBe(requested);
      expect(r.headers.get('access-control-max-age')).toBe('86400');
    });

    it('exposes Content-Range and the auth headers on responses', async () => {
      const r = await fetch(`${backend.url}/rest/v1/Rooms?select=id&limit=1`, {
        headers: { origin: 'http://localhost:3001', apikey: backend.keys.anonKey, prefer: 'count=exact' },
      });
      expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
      const exposed = r.headers.get('access-control-expose-headers')!.toLowerCase().split(/,\s*/);
      for (const h of ['content-range', 'content-location', 'content-type', 'location', 'range-unit', 'x-supabase-api-version', 'x-total-count', 'link']) {
        expect(exposed).toContain(h);
      }
      expect(r.headers.get('content-range')).toBe('0-0/40');
    });

    it('refuses a body over 1 MB with 413 JSON', async () => {
      const r = await fetch(`${backend.url}/rest/v1/Favorites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
      });
      expect(r.status).toBe(413);
      expect((await r.json()).message).toMatch(/too large/i);
    });

    it('answers a malformed escape or Host header without a 500', async () => {
      expect((await fetch(`${backend.url}/rest/v1/%ZZ`)).status).toBe(404);
      expect((await fetch(`${backend.url}/functions/v1/%ZZ`, { method: 'POST' })).status).toBe(404);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${backend.url}/rest/v1/Rooms?select=id&limit=1`, { headers: { host: 'bad host\\x' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
    });

    it('answers an unknown path with 404 JSON and an unsupported method with 405', async () => {
      const r = await fetch(`${backend.url}/nowhere`);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toContain('application/json');
      const put = await fetch(`${backend.url}/rest/v1/Rooms`, { method: 'PUT', body: '{}' });
      expect(put.status).toBe(405);
      expect((await put.json()).code).toBe('PGRST117');
    });
  });

  describe('storage', () => {
    const url = () => `${backend.url}/storage/v1/object/public/listing-photos/http-test/scene%201.webp`;

    it('serves a public object with type, ETag, Last-Modified and an immutable cache policy', async () => {
      const r = await fetch(url());
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/webp');
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('etag')).toMatch(/^".+"$/);
      expect(r.headers.get('last-modified')).toBeTruthy();
      expect(Buffer.from(await r.arrayBuffer()).toString()).toBe('RIFF0000WEBPVP8 fake');
    });

    it('answers If-None-Match with 304 and HEAD without a body', async () => {
      const etag = (await fetch(url())).headers.get('etag')!;
      const again = await fetch(url(), { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      const head = await fetch(url(), { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('20');
    });

    it('answers a missing object with the 404 JSON of Storage', async () => {
      const r = await fetch(`${backend.url}/storage/v1/object/public/listing-photos/none.webp`);
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    });

    it('refuses path traversal', async () => {
      for (const path of ['listing-photos/..%2F..%2Fkeys.json', 'listing-photos/%2E%2E/secret.txt', '..%2Fkeys.json/x']) {
        const r = await fetch(`${backend.url}/storage/v1/object/public/${path}`);
        expect(r.status, path).toBe(404);
      }
    });
  });

  describe('geocode', () => {
    it('finds the most populous place of a name, Nominatim-shaped', async () => {
      const r = await fetch(`${backend.url}/geocode?q=Paris&format=json&limit=1`);
      const places = await r.json();
      expect(places).toHaveLength(1);
      expect(places[0].display_name).toBe('Paris, France');
      expect(Number(places[0].lat)).toBeCloseTo(48.85, 1);
      expect(Number(places[0].lon)).toBeCloseTo(2.35, 1);
    });

    it('narrows by country and ignores accents and case', async () => {
      const [paris] = await (await fetch(`${backend.url}/geocode?q=${encodeURIComponent('paris, canada')}&format=json`)).json();
      expect(paris.display_name).toBe('Paris, Canada');
      const [zurich] = await (await fetch(`${backend.url}/geocode?q=ZURICH&format=json`)).json();
      expect(zurich.display_name).toBe('Zürich, Switzerland');
    });

    it('answers [] for an unknown place', async () => {
      expect(await (await fetch(`${backend.url}/geocode?q=Nowhereville+Xyz&format=json&limit=1`)).json()).toEqual([]);
    });
  });

  describe('edge functions gateway', () => {
    const fn = (name: string, init: RequestInit = {}) => fetch(`${backend.url}/functions/v1/${name}`, init);

    it('runs the function with the verified caller and the Supabase environment', async () => {
      const token = await userToken(backend.keys.jwtSecret, '11111111-1111-4111-8111-111111111111');
      const r = await fn('echo', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ roomId: 3 }),
      });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({
        method: 'POST',
        body: { roomId: 3 },
        authorization: `Bearer ${token}`,
        env: { url: backend.url, anon: true, service: true },
      });
    });

    it('works through supabase-js functions.invoke with the anon key', async () => {
      const { data, error } = await backend.client().functions.invoke('echo', { body: { a: 1 } });
      expect(error).toBeNull();
      expect(data.body).toEqual({ a: 1 });
    });

    it('lets OPTIONS through unauthenticated', async () => {
      const r = await fn('echo', { method: 'OPTIONS' });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-from')).toBe('function');
    });

    it('refuses a missing, non-bearer, or invalid JWT with 401', async () => {
      const missing = await fn('echo', { method: 'POST' });
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });
      expect((await fn('echo', { method: 'POST', headers: { authorization: 'Basic abc' } })).status).toBe(401);
      const expired = await userToken(backend.keys.jwtSecret, '11111111-1111-4111-8111-111111111111', -3600);
      const invalid = await fn('echo', { method: 'POST', headers: { authorization: `Bearer ${expired}` } });
      expect(invalid.status).toBe(401);
      expect(await invalid.json()).toEqual({ msg: 'Invalid JWT' });
    });

    it('answers 404 Function not found for an unknown name', async () => {
      const r = await fn('nope', { method: 'POST', headers: { authorization: `Bearer ${backend.keys.anonKey}` } });
      expect(r.status).toBe(404);
      expect(await r.text()).toBe('Function not found');
    });

    it('turns a crash or a module without a handler into 500 JSON', async () => {
      const auth = { authorization: `Bearer ${backend.keys.anonKey}` };
      const expected = { code: 'Internal Server Error', message: 'Request failed due to an internal server error' };
      const crash = await fn('echo?crash=1', { method: 'POST', headers: auth });
      expect(crash.status).toBe(500);
      expect(await crash.json()).toEqual(expected);
      const broken = await fn('no-default', { method: 'POST', headers: auth });
      expect(broken.status).toBe(500);
      expect(await broken.json()).toEqual(expected);
    });
  });
});
