// GET/HEAD /storage/v1/object/public/<bucket>/<path>: files under <dataDir>/storage/<bucket>/<path>.
// Files the seed installed are typed by their extension and cached for a year (their names
// never change); a host's upload is served with the content type read from its bytes and the
// cache control it was uploaded with, as hosted Storage serves an object (objects.ts); both with
// nosniff and a sandboxing Content-Security-Policy (objects.ts, USER_CONTENT_HEADERS).
import { open, type FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { BackendContext } from '../context.ts';
import { objectFile, objectPartsAfter, readObjectMeta, readOnlyRoute, USER_CONTENT_HEADERS, type ObjectMeta } from './objects.ts';

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
  if (!parts || !file) return notFound();
  // Opened first, then read through the handle: a file removed meanwhile (a host removing the
  // photo) is still read whole, instead of failing between a stat and the stream's open.
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return notFound();
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
    return notFound();
  }

  const etag = objectEtag(info);
  const headers: Record<string, string> = {
    ...objectHeaders(file, await readObjectMeta(ctx, parts)),
    etag,
    'last-modified': info.mtime.toUTCString(),
    ...USER_CONTENT_HEADERS,
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
