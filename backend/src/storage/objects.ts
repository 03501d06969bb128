// Where the local storage server keeps things, in one place:
//   <dataDir>/storage/<bucket>/<path>               an object's bytes (what /object/public serves)
//   <dataDir>/storage-meta/<bucket>/<path>.json      an uploaded object's metadata (content type,
//                                                    cache control), as hosted Storage keeps it in
//                                                    storage.objects.metadata
//   <dataDir>/storage-render/<bucket>/<path>/<key>   the object's rendered variants (render.ts)
// Only the first is under the folder /object/public serves, so neither metadata nor renders can be
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
  if (parts.length < 2 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0') || p.includes('\\'))) {
    return null;
  }
  return parts;
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
 * from its bytes at upload, upload.ts), never sniffs one from what is appended to it, and a
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

export function metaFile(ctx: BackendContext, parts: string[]): string | null {
  const file = under(metaRoot(ctx), parts);
  return file && `${file}.json`;
}

/** The folder of an object's rendered variants. */
export const renderDir = (ctx: BackendContext, parts: string[]) => under(renderRoot(ctx), parts);

/** An uploaded object's metadata, or null for files the seed installed (typed by extension). */
export async function readObjectMeta(ctx: BackendContext, parts: string[]): Promise<ObjectMeta | null> {
  const file = metaFile(ctx, parts);
  if (!file) return null;
  try {
    const meta = JSON.parse(await readFile(file, 'utf8')) as Partial<ObjectMeta>;
    if (typeof meta.contentType !== 'string' || typeof meta.cacheControlSeconds !== 'number') return null;
    return { contentType: meta.contentType, cacheControlSeconds: meta.cacheControlSeconds };
  } catch {
    return null;
  }
}
