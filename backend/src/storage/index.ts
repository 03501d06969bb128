// GET/HEAD /storage/v1/object/public/<bucket>/<path>: files under <dataDir>/storage/<bucket>/<path>.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { BackendContext } from '../context.ts';

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

const notFound = () =>
  new Response(JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Object not found' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

export async function storageHandler(req: Request, ctx: BackendContext): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return new Response(JSON.stringify({ statusCode: '405', error: 'method_not_allowed', message: 'Method not allowed' }), {
      status: 405,
      headers: { 'content-type': 'application/json', allow: 'GET, HEAD' },
    });
  }
  const url = new URL(req.url);
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname.slice(PREFIX.length));
  } catch {
    return notFound();
  }
  const parts = relative.split('/');
  // bucket + at least one path segment; no empty, dot or dot-dot segments, no NUL or backslash.
  if (parts.length < 2 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0') || p.includes('\\'))) {
    return notFound();
  }
  const root = resolve(ctx.config.storageDir);
  const file = resolve(root, ...parts);
  if (!file.startsWith(root + sep)) return notFound();
  let info;
  try {
    info = await stat(file);
  } catch {
    return notFound();
  }
  if (!info.isFile()) return notFound();

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    'last-modified': info.mtime.toUTCString(),
  };
  const match = req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*' || t.trim() === `W/${etag}`)) {
    return new Response(null, { status: 304, headers });
  }
  headers['content-length'] = String(info.size);
  if (req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
