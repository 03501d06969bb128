// Where the local storage server keeps things, in one place:
//   storage.objects                                  an object's row: its metadata (content type,
//                                                    cache control, size, etag), as hosted Storage
//   <dataDir>/storage/<bucket>/<path>               an object's bytes
//   <dataDir>/storage-meta/<bucket>/<path>.json      the metadata of a photo uploaded before the
//                                                    storage schema (issue 44), read only
//   <dataDir>/storage-render/<bucket>/<path>/<key>   the object's rendered variants (render.ts)
// Files under <dataDir>/storage with no row (the seed's photos, photos uploaded before the storage
// schema) are served from a public bucket all the same, typed by their old metadata or their
// extension. Neither metadata nor renders are under the objects' folder, so they cannot be
// fetched as objects.
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { BackendContext } from '../context.ts';

export interface ObjectMeta {
  contentType: string;
  /** As the upload's cacheControl form field gives it: seconds. */
  cacheControlSeconds: number;
}

/**
 * The segments of `<bucket>/<path>` when it names an object safely: a bucket and at least one
 * path segment, no empty, dot or dot-dot segment, no NUL or backslash. Null otherwise.
 */
function objectParts(relative: string): string[] | null {
  const parts = relative.split('/');
  if (parts.length < 2 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0') || p.includes('\\') || Buffer.byteLength(p) > 255)) {
    return null;
  }
  return parts;
}

/** The segments of an object key (no bucket), by objectParts' rules; null when unsafe. */
export const objectKeyParts = (key: string): string[] | null => objectParts(`bucket/${key}`)?.slice(1) ?? null;

/** Storage's error answer. */
export const storageError = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ statusCode: String(status), error: code, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** What index.ts and api.ts read of an object's row. */
export interface ObjectRow {
  metadata: unknown;
}

/** An object row's content type and cache control. */
export function rowMeta(row: ObjectRow): ObjectMeta | null {
  const meta = row.metadata as { mimetype?: unknown; cacheControl?: unknown } | null;
  if (!meta || typeof meta.mimetype !== 'string') return null;
  const seconds = /max-age=(\d+)/.exec(typeof meta.cacheControl === 'string' ? meta.cacheControl : '');
  return { contentType: meta.mimetype, cacheControlSeconds: seconds ? Number(seconds[1]) : 3600 };
}

/** Whether `bucket` is public: anyone reads its objects by /object/public and renders them. */
export async function publicBucket(ctx: BackendContext, bucket: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucket]);
  return rows[0]?.public === true;
}

/** The object a public route's path names after `prefix` (see objectParts), or null. */
export function objectPartsAfter(pathname: string, prefix: string): string[] | null {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
  return objectParts(relative);
}

/**
 * Sent with every object and render: the browser takes the content type as given (an image typed
 * from its bytes at upload, api.ts), never sniffs one from what is appended to it, and a
 * document opened from it anyway runs nothing and loads nothing (a sandbox with no sources).
 */
export const USER_CONTENT_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

/** Storage's answer to a method a read-only route does not take. */
export const readOnlyRoute = () =>
  new Response(JSON.stringify({ statusCode: '405', error: 'method_not_allowed', message: 'Method not allowed' }), {
    status: 405,
    headers: { 'content-type': 'application/json', allow: 'GET, HEAD' },
  });

/** The object's file under `root`, or null if the parts would leave it. */
function under(root: string, parts: string[]): string | null {
  const base = resolve(root);
  const file = resolve(base, ...parts);
  return file.startsWith(base + sep) ? file : null;
}

export const objectFile = (ctx: BackendContext, parts: string[]) => under(ctx.config.storageDir, parts);

const metaRoot = (ctx: BackendContext) => join(ctx.dataDir, 'storage-meta');
export const renderRoot = (ctx: BackendContext) => join(ctx.dataDir, 'storage-render');

export function legacyMetaFile(ctx: BackendContext, parts: string[]): string | null {
  const file = under(metaRoot(ctx), parts);
  return file && `${file}.json`;
}

/** The folder of an object's rendered variants. */
export const renderDir = (ctx: BackendContext, parts: string[]) => under(renderRoot(ctx), parts);

/** An object's metadata (its row's, else a photo's of before the storage schema), or null for files the seed installed (typed by extension). */
export async function readObjectMeta(ctx: BackendContext, parts: string[]): Promise<ObjectMeta | null> {
  const { rows } = await ctx.db.query<ObjectRow>('select metadata from storage.objects where bucket_id = $1 and name = $2', [
    parts[0],
    parts.slice(1).join('/'),
  ]);
  if (rows[0]) return rowMeta(rows[0]);
  const file = legacyMetaFile(ctx, parts);
  if (!file) return null;
  try {
    const meta = JSON.parse(await readFile(file, 'utf8')) as Partial<ObjectMeta>;
    if (typeof meta.contentType !== 'string' || typeof meta.cacheControlSeconds !== 'number') return null;
    return { contentType: meta.contentType, cacheControlSeconds: meta.cacheControlSeconds };
  } catch {
    return null;
  }
}
