// GET/HEAD /storage/v1/object/public/<bucket>/<path>: an object of a public bucket, for anyone
// (no policy is asked, as hosted Storage serves it): the file under <dataDir>/storage/<bucket>/<path>.
// Files the seed installed are typed by their extension and cached for a year (their names
// never change); an upload is served with the content type and cache control of its row
// (objects.ts); all with nosniff and a sandboxing Content-Security-Policy (USER_CONTENT_HEADERS).
// sendObject also answers api.ts's downloads.
import { open, type FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { BackendContext } from '../context.ts';
import {
  objectFile,
  objectPartsAfter,
  publicBucket,
  readObjectMeta,
  readOnlyRoute,
  rowMeta,
  USER_CONTENT_HEADERS,
  type ObjectMeta,
  type ObjectRow,
} from './objects.ts';

const PREFIX = '/storage/v1/object/public/';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** An object's Content-Type and Cache-Control. */
export function objectHeaders(file: string, meta: ObjectMeta | null): { 'content-type': string; 'cache-control': string } {
  if (meta) return { 'content-type': meta.contentType, 'cache-control': `max-age=${meta.cacheControlSeconds}` };
  return {
    'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
  };
}

/** An object's validator, from its size and modification time. */
export const objectEtag = (info: { size: number; mtimeMs: number }) =>
  `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;

/** Whether the request's If-None-Match names `etag`. */
export function notModified(req: Request, etag: string): boolean {
  const match = req.headers.get('if-none-match');
  return !!match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*' || t.trim() === `W/${etag}`);
}

const notFound = () =>
  new Response(JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Object not found' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

export async function storageHandler(req: Request, ctx: BackendContext): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return readOnlyRoute();
  const parts = objectPartsAfter(new URL(req.url).pathname, PREFIX);
  const file = parts && objectFile(ctx, parts);
  if (!parts || !file || !(await publicBucket(ctx, parts[0]!))) return notFound();
  return (await sendObject(req, file, await readObjectMeta(ctx, parts))) ?? notFound();
}

/**
 * Answers `file` (its row's metadata, or an ObjectMeta already read, or null to type it by its
 * extension) with its validators, 304 on a matching If-None-Match; null when there is no file.
 */
export async function sendObject(
  req: Request,
  file: string,
  meta: ObjectRow | ObjectMeta | null,
  extra: Record<string, string> = {},
): Promise<Response | null> {
  // Opened first, then read through the handle: a file removed meanwhile (a host removing the
  // photo) is still read whole, instead of failing between a stat and the stream's open.
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  let info;
  try {
    info = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (!info.isFile()) {
    await handle.close();
    return null;
  }

  const etag = objectEtag(info);
  const headers: Record<string, string> = {
    ...objectHeaders(file, meta && 'metadata' in meta ? rowMeta(meta) : meta),
    etag,
    'last-modified': info.mtime.toUTCString(),
    ...USER_CONTENT_HEADERS,
    ...extra,
  };
  if (notModified(req, etag)) {
    await handle.close();
    return new Response(null, { status: 304, headers });
  }
  headers['content-length'] = String(info.size);
  if (req.method === 'HEAD') {
    await handle.close();
    return new Response(null, { status: 200, headers });
  }
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
