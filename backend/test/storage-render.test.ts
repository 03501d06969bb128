// Issue 16, hosts' photos: the local backend's counterpart of hosted Storage's image
// transformations, /storage/v1/render/image/public/<bucket>/<path>, against the real backend on
// PGlite: the URLs supabase-js's getPublicUrl(path, { transform }) builds render
// the photo a host uploaded at the asked size and format, bad parameters are refused as Storage
// refuses them, only listing-photos' existing objects are rendered, and renders are cached once.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_SIZE, renderStats } from '../src/storage/render.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver } from './support/checkout.ts';

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

/** The render cache's bound for these tests: 2 MiB. */
const CACHE_LIMIT = 2 * 1024 * 1024;

/** The bytes of every file under `dir`. */
const bytesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);

describe.each(databases())('rendering listing photos on %s', (kind) => {
  let backend: TestBackend;
  let host: User;
  let bucket: ReturnType<SupabaseClient['storage']['from']>;

  /** A 1600x1200 photo (4:3) with EXIF orientation 6 (shown rotated a quarter turn) and a camera tag. */
  const camera = () =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Homestory Test Camera' } } })
      .toBuffer();

  async function uploaded(bytes: Buffer, type = 'image/jpeg'): Promise<string> {
    const name = `hosts/${host.id}/${crypto.randomUUID().replaceAll('-', '')}`;
    const { error } = await bucket.upload(name, new Blob([new Uint8Array(bytes)], { type }));
    if (error) throw error;
    return name;
  }

  /** The URL supabase-js gives for the object at `name` with `transform`. */
  const renderUrl = (name: string, transform: Record<string, unknown>) =>
    bucket.getPublicUrl(name, { transform }).data.publicUrl;

  const get = (url: string, accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8', headers: Record<string, string> = {}) =>
    fetch(url, { headers: { accept, ...headers } });

  async function image(response: Response) {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, meta: await sharp(bytes).metadata() };
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '4', STORAGE_RENDER_CACHE_BYTES: String(CACHE_LIMIT) } });
    host = await checkoutDriver(backend, `render-${kind}-`).signedInUser();
    bucket = host.client.storage.from('listing-photos');
  });
  afterAll(async () => {
    await backend?.close();
  });

  it.each([
    [400, 267],
    [800, 533],
    [1200, 800],
  ])("renders a host's photo at %i x %i, cropped to cover, upright, as WebP for a browser that takes it, with no metadata", async (width, height) => {
    const name = await uploaded(await camera());
    const url = renderUrl(name, { width, height, resize: 'cover', quality: 80 });
    expect(url).toBe(
      `${backend.url}/storage/v1/render/image/public/listing-photos/${name}?width=${width}&height=${height}&resize=cover&quality=80`,
    );
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const { bytes, meta } = await image(response);
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('applies EXIF orientation: a 1600x1200 photo shot on its side renders taller than wide', async () => {
    const name = await uploaded(await camera());
    const { meta } = await image(await get(renderUrl(name, { width: 300 })));
    expect([meta.width, meta.height]).toEqual([300, 400]);
  });

  it('resize: cover crops to the box, contain fits inside it, fill stretches to it; never enlarged', async () => {
    const name = await uploaded(await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#48c' } }).png().toBuffer(), 'image/png');
    const size = async (transform: Record<string, unknown>) => {
      const { meta } = await image(await get(renderUrl(name, transform)));
      return [meta.width, meta.height];
    };
    expect(await size({ width: 300, height: 300, resize: 'cover' })).toEqual([300, 300]);
    expect(await size({ width: 300, height: 300 })).toEqual([300, 300]);
    expect(await size({ width: 300, height: 300, resize: 'contain' })).toEqual([300, 150]);
    expect(await size({ width: 300, height: 300, resize: 'fill' })).toEqual([300, 300]);
    expect(await size({ height: 100 })).toEqual([200, 100]);
    expect(await size({ width: 2400 })).toEqual([1200, 600]);
    expect(await size({ width: 0 })).toEqual([1200, 600]);
    // Above Storage's limit a side is clamped to it (and the source, smaller, is not enlarged).
    expect(await size({ width: 999999 })).toEqual([1200, 600]);
    expect(RENDER_SIZE.max).toBe(2500);
  });

  it("format: WebP only when the request's Accept allows it; origin keeps the source's; webp and avif when asked", async () => {
    const name = await uploaded(await camera());
    const typeOf = async (transform: Record<string, unknown>, accept: string) => {
      const response = await get(renderUrl(name, transform), accept);
      const { meta } = await image(response);
      return [response.headers.get('content-type'), meta.format];
    };
    expect(await typeOf({ width: 200 }, 'image/webp,*/*')).toEqual(['image/webp', 'webp']);
    expect(await typeOf({ width: 200 }, 'image/jpeg,*/*')).toEqual(['image/jpeg', 'jpeg']);
    expect(await typeOf({ width: 200 }, '')).toEqual(['image/jpeg', 'jpeg']);
    expect(await typeOf({ width: 200, format: 'origin' }, 'image/webp,*/*')).toEqual(['image/jpeg', 'jpeg']);
    expect(await typeOf({ width: 200, format: 'webp' }, '*/*')).toEqual(['image/webp', 'webp']);
    expect(await typeOf({ width: 200, format: 'avif' }, '*/*')).toEqual(['image/avif', 'heif']);
  });

  it('quality changes the bytes: 20 is smaller than 100', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 400 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 600, height: 400, channels: 3 },
    })
      .png()
      .toBuffer();
    const name = await uploaded(noisy, 'image/png');
    const low = (await image(await get(renderUrl(name, { width: 600, quality: 20 })))).bytes.length;
    const high = (await image(await get(renderUrl(name, { width: 600, quality: 100 })))).bytes.length;
    expect(low).toBeLessThan(high);
  });

  it("refuses bad parameters with 400 and Storage's validation message, before looking for the object", async () => {
    const base = `${backend.url}/storage/v1/render/image/public/listing-photos/hosts/${host.id}/${'0'.repeat(32)}`;
    const cases: Array<[string, string]> = [
      ['width=abc', 'querystring/width must be integer'],
      ['width=1.5', 'querystring/width must be integer'],
      ['width=', 'querystring/width must be integer'],
      ['width=-1', 'querystring/width must be >= 0'],
      ['height=-5', 'querystring/height must be >= 0'],
      ['width=100&width=200', 'querystring/width must be integer'],
      ['resize=cover&resize=fill', 'querystring/resize must be string'],
      ['resize=crop', 'querystring/resize must be equal to one of the allowed values'],
      ['resize=cover%0Amalicious', 'querystring/resize must be equal to one of the allowed values'],
      ['format=png', 'querystring/format must be equal to one of the allowed values'],
      ['quality=19', 'querystring/quality must be >= 20'],
      ['quality=101', 'querystring/quality must be <= 100'],
      ['quality=high', 'querystring/quality must be integer'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`${base}?${query}`);
      expect([response.status, await response.json()], query).toEqual([400, { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message }]);
    }
  });

  it("answers 404 in Storage's format for a missing object, another bucket, or a path out of the bucket", async () => {
    const notFound = { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' };
    const root = `${backend.url}/storage/v1/render/image/public`;
    const name = await uploaded(await camera());
    const cases: Array<[string, unknown]> = [
      [`${root}/listing-photos/hosts/${host.id}/${'0'.repeat(32)}?width=400`, notFound],
      [`${root}/listing-photos/${name}/extra?width=400`, notFound],
      [`${root}/listing-photos?width=400`, notFound],
      [`${root}/listing-photos/hosts/${host.id}/%252e%252e?width=400`, notFound],
      [`${root}/listing-photos/hosts%2F..%2F..%2F..%2Fkeys.json?width=400`, notFound],
      [`${root}/listing-photos/hosts/${host.id}/..%5C..%5Ckeys.json?width=400`, notFound],
      [`${root}/listing-photos/%00?width=400`, notFound],
      [`${root}/avatars/google-alex.svg?width=400`, { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' }],
      // URLs resolve dot segments, encoded or not, before anything reads them: out of the bucket is another bucket.
      [`${root}/listing-photos/hosts/%2e%2e/%2e%2e/avatars/google-alex.svg?width=400`, { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' }],
    ];
    for (const [url, body] of cases) {
      const response = await get(url);
      expect([response.status, await response.json()], url).toEqual([404, body]);
    }
    // The same sent as raw bytes, past any client's normalising.
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port: new URL(backend.url).port, path, method: 'GET' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
    for (const path of [
      '/storage/v1/render/image/public/listing-photos/../../../../../keys.json?width=400',
      '/storage/v1/render/image/public/listing-photos/hosts/../../avatars/google-alex.svg?width=400',
      `/storage/v1/render/image/public/listing-photos/hosts/${host.id}/..\\..\\..\\keys.json?width=400`,
    ]) {
      expect(await raw(path), path).toBe(404);
    }
    // Nothing outside the bucket was read into the cache.
    expect(readdirSync(join(backend.dataDir, 'storage-render'), { recursive: true }).some((f) => String(f).includes('avatars'))).toBe(false);
  });

  it('a stored file that is no image it can read answers 400, as Storage answers a source it cannot render', async () => {
    const folder = join(backend.dataDir, 'storage', 'listing-photos', 'hosts', host.id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'broken.webp'), 'RIFF\0\0\0\0WEBPnot really');
    const response = await get(renderUrl(`hosts/${host.id}/broken.webp`, { width: 400 }));
    expect([response.status, await response.json()]).toEqual([
      400,
      { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message: 'The source image is invalid or unsupported for rendering' },
    ]);
  });

  it('renders the catalogue photos too (the seed installs them in the bucket)', async () => {
    const response = await get(renderUrl('scenes/scene-001-800.webp', { width: 400, height: 267, resize: 'cover' }));
    expect(response.status).toBe(200);
    const { meta } = await image(response);
    expect([meta.width, meta.height]).toEqual([400, 267]);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('50 identical requests at once make one render, and every answer is its bytes; later ones come from the cache', async () => {
    const name = await uploaded(await camera());
    const url = renderUrl(name, { width: 800, height: 533, resize: 'cover', quality: 80 });
    const before = renderStats.rendered;
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(url)));
    const bodies = await Promise.all(answers.map(async (r) => [r.status, Buffer.from(await r.arrayBuffer())] as const));
    expect(renderStats.rendered - before).toBe(1);
    expect(bodies.every(([status]) => status === 200)).toBe(true);
    expect(new Set(bodies.map(([, bytes]) => bytes.toString('base64'))).size).toBe(1);
    const cached = join(backend.dataDir, 'storage-render', 'listing-photos', name);
    expect(readdirSync(cached).filter((f) => f.endsWith('.webp'))).toHaveLength(1);
    expect(readdirSync(cached).some((f) => f.endsWith('.part'))).toBe(false);

    const again = await get(url);
    expect(renderStats.rendered - before).toBe(1);
    expect(Buffer.from(await again.arrayBuffer()).equals(bodies[0]![1])).toBe(true);
    // Revalidation by ETag.
    const etag = again.headers.get('etag')!;
    const revalidated = await get(url, undefined, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    // Another format of the same size is another cache entry.
    expect((await get(url, 'image/jpeg')).headers.get('content-type')).toBe('image/jpeg');
    expect(renderStats.rendered - before).toBe(2);
    expect(existsSync(cached)).toBe(true);
  });

  it('the cache stays within its bound: the least recently used renders go first, and are rendered again when asked', async () => {
    // Noise compresses badly: each render of it is hundreds of kilobytes.
    const noise = await sharp(randomBytes(1000 * 700 * 3), { raw: { width: 1000, height: 700, channels: 3 } }).png().toBuffer();
    const name = await uploaded(noise, 'image/png');
    const urlAt = (width: number) => renderUrl(name, { width, quality: 100 });
    const before = renderStats.rendered;
    let written = 0;
    let width = 1000;
    while (written < 2 * CACHE_LIMIT) {
      const response = await get(urlAt(width));
      expect(response.status).toBe(200);
      written += (await response.arrayBuffer()).byteLength;
      width -= 10;
    }
    const root = join(backend.dataDir, 'storage-render');
    expect(bytesUnder(root)).toBeLessThanOrEqual(CACHE_LIMIT);
    const rendered = renderStats.rendered - before;
    // The most recent is still cached; the first was evicted and is rendered again.
    await get(urlAt(width + 10));
    expect(renderStats.rendered - before).toBe(rendered);
    await get(urlAt(1000));
    expect(renderStats.rendered - before).toBe(rendered + 1);
    expect(bytesUnder(root)).toBeLessThanOrEqual(CACHE_LIMIT);
  });

  it('HEAD answers the headers of GET with no body; other methods are refused', async () => {
    const name = await uploaded(await camera());
    const url = renderUrl(name, { width: 400, height: 267, resize: 'cover' });
    const head = await fetch(url, { method: 'HEAD', headers: { accept: 'image/webp' } });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(405);
  });
});
