// POST /storage/v1/object/listing-photos/hosts/<user id>/<name>: a host's listing photo, as
// supabase-js's storage.from('listing-photos').upload(path, file) sends it (multipart with the
// file as its one file field, or the raw bytes). The rules of hosted Storage's policies for the
// bucket (supabase/migrations/20261126000201_listing_photos_storage.sql) apply here in code: a
// signed-in user writes under hosts/<their id>/ only, at most 10 MB. What the bytes are is read
// from the bytes (sharp), never from the request's content type: JPEG, PNG, WebP or AVIF, at most
// 40 megapixels. The photo is stored as the widths the grid and the listing page use
// (<name>-400.webp, -800.webp, -1200.webp, cropped to the catalogue's 3:2), never as sent, and
// the answer gives the -800 path that "Rooms".images holds.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { BackendContext } from '../context.ts';
import { JwtError } from '../context.ts';

const PREFIX = '/storage/v1/object/';
export const PHOTO_BUCKET = 'listing-photos';
/** 10 MB, the bucket's file_size_limit; the HTTP server reads no more than this (and the form's framing). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;
const MAX_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
export const PHOTO_WIDTHS = [400, 800, 1200] as const;
/** Photos one host may store (each is three files). */
const MAX_PHOTOS_PER_HOST = 200;
/** Names are the client's random ids: 32 hex digits. */
export const PHOTO_NAME = /^[0-9a-f]{32}$/;

export const storageError = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ statusCode: String(status), error: code, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The file's bytes: the one file of a multipart body, or the body itself. */
async function fileBytes(req: Request): Promise<Buffer | null> {
  if ((req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      return null;
    }
    const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
    return files.length === 1 ? Buffer.from(await files[0]!.arrayBuffer()) : null;
  }
  return Buffer.from(await req.arrayBuffer());
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

  const dir = resolve(ctx.config.storageDir, PHOTO_BUCKET, 'hosts', owner);
  const existing = await readdir(dir).catch(() => [] as string[]);
  if (existing.some((file) => file.startsWith(`${name}-`))) return storageError(409, 'Duplicate', 'The resource already exists');
  if (existing.length >= MAX_PHOTOS_PER_HOST * PHOTO_WIDTHS.length) {
    return storageError(413, 'too_many_photos', `A host stores at most ${MAX_PHOTOS_PER_HOST} photos`);
  }

  const bytes = await fileBytes(req);
  if (!bytes || bytes.length === 0) return storageError(400, 'InvalidRequest', 'Send one image file');
  if (bytes.length > MAX_PHOTO_BYTES) return storageError(413, 'Payload too large', 'A photo is at most 10 MB');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !FORMATS.has(format)) {
    return storageError(415, 'invalid_mime_type', 'A photo is a JPEG, PNG, WebP or AVIF image');
  }

  let variants: Buffer[];
  try {
    variants = await Promise.all(
      PHOTO_WIDTHS.map((width) =>
        sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width, height: Math.round((width * 2) / 3), fit: 'cover' })
          .webp({ quality: 80 })
          .toBuffer(),
      ),
    );
  } catch {
    return storageError(415, 'invalid_mime_type', 'The photo could not be read');
  }
  await mkdir(dir, { recursive: true });
  // The 800 px file claims the name (exclusive create): of uploads racing for one name, one wins.
  try {
    await writeFile(join(dir, `${name}-800.webp`), variants[PHOTO_WIDTHS.indexOf(800)]!, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return storageError(409, 'Duplicate', 'The resource already exists');
    throw e;
  }
  await Promise.all(
    PHOTO_WIDTHS.flatMap((width, i) => (width === 800 ? [] : [writeFile(join(dir, `${name}-${width}.webp`), variants[i]!)])),
  );

  const key = `${PHOTO_BUCKET}/hosts/${owner}/${name}`;
  return new Response(
    JSON.stringify({ Key: key, Id: name, path: `/storage/v1/object/public/${PHOTO_BUCKET}/hosts/${owner}/${name}-800.webp` }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}
