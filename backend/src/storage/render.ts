// GET/HEAD /storage/v1/render/image/public/<bucket>/<path>?width=&height=&resize=&quality=&format=
// The local counterpart of hosted Storage's image transformations, the URL supabase-js's
// storage.from(bucket).getPublicUrl(path, { transform }) builds. Hosted Storage validates the
// query with a JSON schema (storage-api src/http/schemas/transformations.ts) and hands the work
// to imgproxy (src/storage/renderer/image.ts); this does the same with sharp:
//   width, height  integers >= 0 (0 = not given), clamped to 1..2500 (hosted's limit)
//   resize         cover (default: crop to fill the box) | contain (fit inside it) | fill (stretch)
//   quality        integer 20..100, default 80
//   format         origin (the source's format) | webp | avif; not given: WebP when the request's
//                  Accept names image/webp, as hosted answers browsers, else the source's format
// A bad value answers 400 with Storage's validation message ('querystring/width must be integer').
// As imgproxy does by default: never enlarged, EXIF orientation applied, metadata stripped.
// Only the public bucket listing-photos is rendered here, and only objects that exist (404 in
// Storage's format otherwise). Renders are kept on disk (objects.ts: storage-render), keyed by the
// source's validator and the parameters, at most STORAGE_RENDER_CACHE_BYTES in all (256 MiB unless
// set; the least recently used go first, and a file appears whole or not at all); identical
// requests arriving together share one render, and renders run in the image queue (queue.ts) as
// jobs of the request's client address: a client over its share is answered 429, a full queue 503.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import sharp from 'sharp';
import { CLIENT_IP_HEADER } from '../auth/body.ts';
import type { BackendContext } from '../context.ts';
import { notModified, objectEtag, objectHeaders } from './index.ts';
import { objectFile, objectPartsAfter, readObjectMeta, readOnlyRoute, renderDir, renderRoot, USER_CONTENT_HEADERS } from './objects.ts';
import { imageJob, QueueRefusal, slowDown } from './queue.ts';
import { PHOTO_BUCKET } from './upload.ts';

const PREFIX = '/storage/v1/render/image/public/';
/** Hosted Storage's bounds on a rendered side (storage-api clamps to its configured limits). */
export const RENDER_SIZE = { min: 1, max: 2500 } as const;
export const RENDER_QUALITY = { min: 20, max: 100, default: 80 } as const;
/** The largest source rendered (hosted: 50 megapixels). */
const MAX_SOURCE_PIXELS = 50_000_000;

type Resize = 'cover' | 'contain' | 'fill';
type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export interface Transform {
  width?: number;
  height?: number;
  resize: Resize;
  quality: number;
  format?: 'origin' | 'webp' | 'avif';
}

const FORMAT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

const bad = (message: string) =>
  new Response(JSON.stringify({ statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message }), {
    status: 400,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });

/** One query value as the JSON schema's coercion reads it: a lone value, or why not (a repeated one is a list). */
function single(query: URLSearchParams, name: string, type: 'integer' | 'string'): string | undefined | Response {
  const values = query.getAll(name);
  return values.length === 0 ? undefined : values.length === 1 ? values[0]! : bad(`querystring/${name} must be ${type}`);
}

function integer(query: URLSearchParams, name: string, min: number, max?: number): number | undefined | Response {
  const raw = single(query, name, 'integer');
  if (raw === undefined || raw instanceof Response) return raw;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value)) return bad(`querystring/${name} must be integer`);
  if (value < min) return bad(`querystring/${name} must be >= ${min}`);
  if (max !== undefined && value > max) return bad(`querystring/${name} must be <= ${max}`);
  return value;
}

function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | undefined | Response {
  const raw = single(query, name, 'string');
  if (raw === undefined || raw instanceof Response) return raw;
  if (!(allowed as readonly string[]).includes(raw)) return bad(`querystring/${name} must be equal to one of the allowed values`);
  return raw as T;
}

/** The query's transformation, or the 400 answering it; checked in the schema's order. */
export function parseTransform(query: URLSearchParams): Transform | Response {
  const height = integer(query, 'height', 0);
  if (height instanceof Response) return height;
  const width = integer(query, 'width', 0);
  if (width instanceof Response) return width;
  const resize = oneOf(query, 'resize', ['cover', 'contain', 'fill'] as const);
  if (resize instanceof Response) return resize;
  const format = oneOf(query, 'format', ['origin', 'avif', 'webp'] as const);
  if (format instanceof Response) return format;
  const quality = integer(query, 'quality', RENDER_QUALITY.min, RENDER_QUALITY.max);
  if (quality instanceof Response) return quality;
  const side = (n: number | undefined) => (n ? Math.min(Math.max(n, RENDER_SIZE.min), RENDER_SIZE.max) : undefined);
  return {
    width: side(width),
    height: side(height),
    resize: resize ?? 'cover',
    quality: quality ?? RENDER_QUALITY.default,
    format,
  };
}

/** The format a render is written in. */
function outputFormat(transform: Transform, source: string, accept: string): OutputFormat | null {
  if (transform.format === 'webp' || transform.format === 'avif') return transform.format;
  if (transform.format !== 'origin' && /\bimage\/webp\b/i.test(accept)) return 'webp';
  return source === 'heif' ? 'avif' : source in FORMAT_TYPES ? (source as OutputFormat) : null;
}

async function renderImage(bytes: Buffer, transform: Transform, format: OutputFormat): Promise<Buffer> {
  let image = sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
  if (transform.width || transform.height) {
    const both = transform.width !== undefined && transform.height !== undefined;
    image = image.resize({
      width: transform.width,
      height: transform.height,
      fit: !both ? 'inside' : transform.resize === 'cover' ? 'cover' : transform.resize === 'contain' ? 'inside' : 'fill',
      withoutEnlargement: true,
    });
  }
  const quality = transform.quality;
  switch (format) {
    case 'webp':
      return image.webp({ quality }).toBuffer();
    case 'avif':
      return image.avif({ quality }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

/** A bounded account of the cache folder's files: sizes and when each was last used. */
class RenderCache {
  private files = new Map<string, { size: number; used: number }>();
  private total = 0;
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly root: string,
    private readonly limit: number,
  ) {}

  /** What is on disk already (a restart keeps the cache). */
  load(): Promise<void> {
    return (this.loaded ??= (async () => {
      const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        const file = join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (info) this.note(file, info.size, info.mtimeMs);
      }
    })());
  }

  private note(file: string, size: number, used: number): void {
    const known = this.files.get(file);
    if (known) this.total -= known.size;
    this.files.set(file, { size, used });
    this.total += size;
  }

  touch(file: string, size: number): void {
    this.note(file, size, Date.now());
  }

  async add(file: string, size: number): Promise<void> {
    // A render larger than the whole cache is served, not kept.
    if (size > this.limit) {
      await rm(file, { force: true });
      return;
    }
    this.touch(file, size);
    if (this.total <= this.limit) return;
    const oldest = [...this.files].sort((a, b) => a[1].used - b[1].used);
    for (const [victim, { size: victimSize }] of oldest) {
      if (this.total <= this.limit) break;
      if (victim === file) continue;
      this.files.delete(victim);
      this.total -= victimSize;
      await rm(victim, { force: true });
    }
  }

  /** Drops what it knows of the files under `dir` (removed with their object). */
  forget(dir: string): void {
    for (const [file, { size }] of this.files) {
      if (file.startsWith(dir + sep)) {
        this.files.delete(file);
        this.total -= size;
      }
    }
  }
}

const caches = new Map<string, RenderCache>();
const cacheOf = (ctx: BackendContext) => {
  const root = renderRoot(ctx);
  let cache = caches.get(root);
  if (!cache) caches.set(root, (cache = new RenderCache(root, ctx.config.renderCacheBytes)));
  return cache;
};

/** Renders in progress by their cache file: identical requests share one. */
const inFlight = new Map<string, Promise<Buffer>>();

/** Removes every cached render of an object (its removal's last step, remove.ts). */
export async function removeRenders(ctx: BackendContext, parts: string[]): Promise<void> {
  const dir = renderDir(ctx, parts);
  if (!dir) return;
  cacheOf(ctx).forget(dir);
  await rm(dir, { recursive: true, force: true });
}

/** Storage's error body: { statusCode, code, error, message } (storage-api's error handler). */
const storageFailure = (status: number, code: string, error: string, message: string) =>
  new Response(JSON.stringify({ statusCode: String(status), code, error, message }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
const notFound = () => storageFailure(404, 'NoSuchKey', 'not_found', 'Object not found');

/** sharp could not render the source (its bytes, not the server, are at fault: 400). */
class UnreadableSource extends Error {
  constructor(cause: unknown) {
    super('The source image is invalid or unsupported for rendering', { cause });
  }
}

/** The source was removed between its stat and its read (a host removing the photo): a 404. */
class SourceGone extends Error {}

const readSource = (source: string) =>
  readFile(source).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new SourceGone(source) : error;
  });

/** How many renders the process has made (not served from cache); for tests and logs. */
export const renderStats = { rendered: 0 };

export async function storageRenderHandler(req: Request, ctx: BackendContext): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return readOnlyRoute();
  const url = new URL(req.url);
  const transform = parseTransform(url.searchParams);
  if (transform instanceof Response) return transform;

  const parts = objectPartsAfter(url.pathname, PREFIX);
  if (!parts) return notFound();
  if (parts[0] !== PHOTO_BUCKET) return storageFailure(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
  const source = objectFile(ctx, parts);
  const cacheDir = renderDir(ctx, parts);
  if (!source || !cacheDir) return notFound();
  const info = await stat(source).catch(() => null);
  if (!info?.isFile()) return notFound();

  const client = `address:${req.headers.get(CLIENT_IP_HEADER) ?? ''}`;
  const sourceEtag = objectEtag(info);
  const base = objectHeaders(source, await readObjectMeta(ctx, parts));
  let bytes: Buffer | undefined;
  let sourceFormat = base['content-type'].replace(/^image\//, '');
  if (sourceFormat === 'avif') sourceFormat = 'heif';
  if (!['jpeg', 'png', 'webp', 'heif', 'gif'].includes(sourceFormat)) {
    // Typed by the bytes when the name says nothing.
    bytes = await readSource(source).catch((error: unknown) => {
      if (error instanceof SourceGone) return undefined;
      throw error;
    });
    if (!bytes) return notFound();
    const sourceBytes = bytes;
    try {
      sourceFormat = (await imageJob(ctx, client, () => sharp(sourceBytes).metadata().catch(() => null)))?.format ?? '';
    } catch (error) {
      if (error instanceof QueueRefusal) return slowDown(error);
      throw error;
    }
  }
  const format = outputFormat(transform, sourceFormat, req.headers.get('accept') ?? '');
  if (!format) return bad('The source image is invalid or unsupported for rendering');

  const key = createHash('sha256')
    .update(JSON.stringify([sourceEtag, transform.width, transform.height, transform.resize, transform.quality, format]))
    .digest('hex')
    .slice(0, 32);
  const cached = join(cacheDir, `${key}.${format}`);
  const etag = `"${key}"`;
  const headers: Record<string, string> = {
    'content-type': FORMAT_TYPES[format],
    'cache-control': base['cache-control'],
    etag,
    'last-modified': info.mtime.toUTCString(),
    vary: 'Accept',
    'x-robots-tag': 'none',
    ...USER_CONTENT_HEADERS,
  };
  if (notModified(req, etag)) return new Response(null, { status: 304, headers });

  const cache = cacheOf(ctx);
  await cache.load();
  // A render under way is joined; else the cached file; else this request renders.
  let rendering = inFlight.get(cached);
  let body: Buffer | null = rendering ? null : await readFile(cached).catch(() => null);
  if (body) {
    cache.touch(cached, body.length);
  } else {
    rendering ??= inFlight.get(cached);
    if (!rendering) {
      rendering = imageJob(ctx, client, async () => {
        const sourceBytes = bytes ?? (await readSource(source));
        const output = await renderImage(sourceBytes, transform, format).catch((error: unknown) => {
          throw new UnreadableSource(error);
        });
        renderStats.rendered += 1;
        await mkdir(cacheDir, { recursive: true });
        const partial = `${cached}.${randomUUID()}.part`;
        await writeFile(partial, output);
        await rename(partial, cached);
        await cache.add(cached, output.length);
        // Removed while rendering: what was just cached of it goes too.
        if (!(await stat(source).catch(() => null))) await removeRenders(ctx, parts);
        return output;
      }).finally(() => inFlight.delete(cached));
      inFlight.set(cached, rendering);
    }
    try {
      body = await rendering;
    } catch (error) {
      if (error instanceof UnreadableSource) return bad('The source image is invalid or unsupported for rendering');
      if (error instanceof SourceGone) return notFound();
      if (error instanceof QueueRefusal) return slowDown(error);
      throw error;
    }
  }
  headers['content-length'] = String(body.length);
  if (req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(body), { status: 200, headers });
}
