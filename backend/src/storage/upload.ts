// POST /storage/v1/object/listing-photos/hosts/<user id>/<name>: a host's listing photo, as
// supabase-js's storage.from('listing-photos').upload(path, file) sends it (multipart with the
// file as its one file field and cacheControl beside it, or the raw bytes with a Cache-Control
// header). The rules of hosted Storage's policies for the bucket
// (supabase/migrations/20261126000201_listing_photos_storage.sql) apply here in code: a signed-in
// user writes under hosts/<their id>/ only, at most 10 MB, a name once (409 after), at most 200
// photos however many uploads race (claim: counted and claimed under a lock). What the bytes
// are is read from the bytes (sharp), never from the request's content type: JPEG, PNG, WebP or
// AVIF that decodes, at most 40 megapixels, decoded in the image queue as the user's job
// (queue.ts: 429 or 503 with Retry-After when the user or the queue is over its share). The photo is stored as sent, the original, with the
// content type its bytes have, as hosted Storage stores it (objects.ts); the widths the grid and
// the listing page show are rendered from it on request (render.ts), as hosted Storage's image
// transformations render them (shared/src/ui/listing-card/photoUrls.ts makes their URLs).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { BackendContext } from '../context.ts';
import { JwtError } from '../context.ts';
import { metaFile, type ObjectMeta } from './objects.ts';
import { imageQueue, QueueRefusal, slowDown } from './queue.ts';

const PREFIX = '/storage/v1/object/';
export const PHOTO_BUCKET = 'listing-photos';
/** 10 MB, the bucket's file_size_limit; the HTTP server reads no more than this (and the form's framing). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;
const MAX_PIXELS = 40_000_000;
/** sharp's format (and, for HEIF, its compression) -> the content type the object is stored with. */
const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', 'heif/av1': 'image/avif' };
/** Photos one host may store. */
const MAX_PHOTOS_PER_HOST = 200;
/** Names are the client's random ids: 32 hex digits. */
export const PHOTO_NAME = /^[0-9a-f]{32}$/;
/**
 * Before originals, the local backend stored a photo as three WebP widths, <name>-400.webp,
 * -800.webp and -1200.webp, and "Rooms".images held the -800 path. Such photos on a data folder
 * of then still show and are removed whole; the -800 file stands for the photo.
 */
export const LEGACY_WIDTHS = [400, 800, 1200] as const;
export const LEGACY_PHOTO_FILE = /^([0-9a-f]{32})-800\.webp$/;
/** An original's metadata file (objects.ts), there from the upload's claim on. */
const CLAIMED_NAME = /^[0-9a-f]{32}\.json$/;
/** Storage's default Cache-Control for an upload: max-age=3600. */
const DEFAULT_CACHE_SECONDS = 3600;

export const storageError = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ statusCode: String(status), error: code, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Seconds from a cacheControl form field ('3600') or a Cache-Control header ('max-age=3600'). */
function cacheSeconds(value: string | null | undefined): number {
  const m = /^(?:max-age=)?(\d{1,9})$/.exec((value ?? '').trim());
  return m ? Number(m[1]) : DEFAULT_CACHE_SECONDS;
}

/** The file's bytes and cache control: the one file of a multipart body, or the body itself. */
async function fileOf(req: Request): Promise<{ bytes: Buffer; cacheControlSeconds: number } | null> {
  if ((req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      return null;
    }
    const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
    const cacheControl = form.get('cacheControl');
    return files.length === 1
      ? { bytes: Buffer.from(await files[0]!.arrayBuffer()), cacheControlSeconds: cacheSeconds(typeof cacheControl === 'string' ? cacheControl : null) }
      : null;
  }
  return { bytes: Buffer.from(await req.arrayBuffer()), cacheControlSeconds: cacheSeconds(req.headers.get('cache-control')) };
}

/** The content type of an image sharp decodes whole within the pixel cap, or null. */
async function imageType(bytes: Buffer): Promise<string | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    const type = CONTENT_TYPES[meta.format === 'heif' ? `heif/${meta.compression}` : (meta.format ?? '')];
    if (!type) return null;
    // Decoding it (to a thumbnail) proves the bytes are the whole image, not a header.
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(64).raw().toBuffer();
    return type;
  } catch {
    return null;
  }
}

/** A host's photos: originals by their metadata (written first, so claimed names count), older ones by their 800 px file. */
async function photoCount(dir: string, meta: string): Promise<number> {
  const [claimed, files] = await Promise.all([
    readdir(dirname(meta)).catch(() => [] as string[]),
    readdir(dir).catch(() => [] as string[]),
  ]);
  return claimed.filter((file) => CLAIMED_NAME.test(file)).length + files.filter((file) => LEGACY_PHOTO_FILE.test(file)).length;
}

/**
 * Claims `name` for an upload by creating its metadata file (exclusively: of uploads racing for
 * one name, one wins), unless the name is taken or the host has MAX_PHOTOS_PER_HOST photos. The
 * count and the claim happen under a transaction-scoped advisory lock on the host, so uploads
 * racing each other (in this process or another sharing the database) are counted one after
 * another and a burst never stores more than the cap. The refusal, or null once claimed.
 */
async function claim(ctx: BackendContext, owner: string, name: string, dir: string, meta: string): Promise<Response | null> {
  return ctx.db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`storage.listing-photos:${owner}`]);
    if (existsSync(join(dir, `${name}-800.webp`))) return storageError(409, 'Duplicate', 'The resource already exists');
    if ((await photoCount(dir, meta)) >= MAX_PHOTOS_PER_HOST) {
      return storageError(413, 'too_many_photos', `A host stores at most ${MAX_PHOTOS_PER_HOST} photos`);
    }
    await mkdir(dir, { recursive: true });
    await mkdir(dirname(meta), { recursive: true });
    try {
      await writeFile(meta, '{}', { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return storageError(409, 'Duplicate', 'The resource already exists');
      throw e;
    }
    return null;
  });
}

/** The id of the signed-in user the request's bearer token names, or the answer refusing it. */
export async function signedInUserId(req: Request, ctx: BackendContext, signIn: string): Promise<string | Response> {
  const m = /^bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  let claims;
  try {
    claims = m ? await ctx.verifyJwt(m[1]!) : null;
  } catch (e) {
    if (e instanceof JwtError) return storageError(401, 'InvalidJWT', e.message);
    throw e;
  }
  if (!claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string') return storageError(401, 'Unauthorized', signIn);
  return claims.sub;
}

export async function storageUploadHandler(req: Request, ctx: BackendContext): Promise<Response> {
  if (req.method !== 'POST') return storageError(405, 'method_not_allowed', 'Listing photos are uploaded (POST) or removed (DELETE)');
  const url = new URL(req.url);
  const parts = url.pathname.slice(PREFIX.length).split('/');
  if (parts.length !== 4 || parts[0] !== PHOTO_BUCKET || parts[1] !== 'hosts') {
    return storageError(403, 'Unauthorized', 'Uploads go to listing-photos/hosts/<your user id>/<name>');
  }
  const [, , owner, name] = parts as [string, string, string, string];

  const user = await signedInUserId(req, ctx, 'Sign in to upload photos');
  if (user instanceof Response) return user;
  if (owner !== user) return storageError(403, 'Unauthorized', 'new row violates row-level security policy');
  if (!PHOTO_NAME.test(name)) return storageError(400, 'InvalidKey', 'A photo name is 32 hexadecimal digits');

  const file = await fileOf(req);
  if (!file || file.bytes.length === 0) return storageError(400, 'InvalidRequest', 'Send one image file');
  if (file.bytes.length > MAX_PHOTO_BYTES) return storageError(413, 'Payload too large', 'A photo is at most 10 MB');

  const dir = resolve(ctx.config.storageDir, PHOTO_BUCKET, 'hosts', owner);
  const meta = metaFile(ctx, [PHOTO_BUCKET, 'hosts', owner, name])!;
  // A place in the image queue first: a user over its share is refused before anything else.
  let place;
  try {
    place = imageQueue(ctx).take(`user:${user}`);
  } catch (e) {
    if (e instanceof QueueRefusal) return slowDown(e);
    throw e;
  }
  let refused: Response | null;
  try {
    refused = await claim(ctx, owner, name, dir, meta);
  } catch (e) {
    place.cancel();
    throw e;
  }
  if (refused) {
    place.cancel();
    return refused;
  }
  // The name is the upload's from here: any answer but success gives it back.
  let contentType: string | null;
  try {
    contentType = await place.run(() => imageType(file.bytes));
  } catch (e) {
    await rm(meta, { force: true });
    throw e;
  }
  if (!contentType) {
    await rm(meta, { force: true });
    return storageError(415, 'invalid_mime_type', 'A photo is a JPEG, PNG, WebP or AVIF image of at most 40 megapixels');
  }

  // The metadata, then the bytes, written aside and renamed into place: until they are whole the
  // object is not found (and so neither is its metadata read).
  const stored: ObjectMeta = { contentType, cacheControlSeconds: file.cacheControlSeconds };
  const partial = `${meta}.${randomUUID()}.part`;
  try {
    await writeFile(meta, JSON.stringify(stored));
    await writeFile(partial, file.bytes);
    await rename(partial, join(dir, name));
  } catch (e) {
    await Promise.all([rm(partial, { force: true }), rm(meta, { force: true })]);
    throw e;
  }

  const key = `${PHOTO_BUCKET}/hosts/${owner}/${name}`;
  return new Response(
    JSON.stringify({ Key: key, Id: name, path: `/storage/v1/object/public/${PHOTO_BUCKET}/hosts/${owner}/${name}` }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}
