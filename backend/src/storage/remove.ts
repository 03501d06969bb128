// DELETE /storage/v1/object/listing-photos with { prefixes: [names] }: removing a host's listing
// photos, as supabase-js's storage.from('listing-photos').remove([...]) asks it. Hosted Storage's
// delete policy for the bucket (supabase/migrations/20261126000320_delete_draft_listing.sql) is
// applied here in code: a signed-in user removes objects under hosts/<their id>/ only, and only
// photos no place still shows (private.listing_photo_in_use), so no listing is left pointing at
// a missing image. An object is hosts/<id>/<name> as uploaded; removing it removes the original,
// its metadata and every variant the render endpoint cached of it (render.ts), or, for a photo of
// before originals, its three widths (upload.ts, LEGACY_WIDTHS). As Storage does under RLS, what
// the caller may not remove, or what does not exist, is left out of the answer, not refused: the
// answer lists what was removed.
import { rm, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BackendContext } from '../context.ts';
import { metaFile } from './objects.ts';
import { removeRenders } from './render.ts';
import { LEGACY_WIDTHS, PHOTO_BUCKET, PHOTO_NAME, signedInUserId, storageError } from './upload.ts';

/** Unlinks `file`; false when it was not there. */
async function unlinked(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

const PREFIX = '/storage/v1/object/';
/** Storage's own bound on one request's prefixes. */
const MAX_PREFIXES = 1000;
/** A delete request's body: a thousand names of about 80 characters, framed. */
const REMOVE_BODY_LIMIT = 128 * 1024;

export async function storageRemoveHandler(req: Request, ctx: BackendContext): Promise<Response> {
  const bucket = new URL(req.url).pathname.slice(PREFIX.length);
  if (bucket !== PHOTO_BUCKET) return storageError(404, 'Bucket not found', 'Bucket not found');
  const user = await signedInUserId(req, ctx, 'Sign in to remove photos');
  if (user instanceof Response) return user;

  let prefixes: unknown;
  try {
    const body = await req.text();
    if (body.length > REMOVE_BODY_LIMIT) return storageError(413, 'Payload too large', 'Too many names at once');
    prefixes = (JSON.parse(body) as { prefixes?: unknown }).prefixes;
  } catch {
    return storageError(400, 'InvalidRequest', 'The body is { "prefixes": [names] }');
  }
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_PREFIXES || prefixes.some((p) => typeof p !== 'string')) {
    return storageError(400, 'InvalidRequest', `prefixes is a list of 1 to ${MAX_PREFIXES} object names`);
  }

  // The caller's own photos, by their exact names; anything else is nothing the caller may remove.
  const own = [...new Set(prefixes as string[])].filter((p) => {
    const parts = p.split('/');
    return parts.length === 3 && parts[0] === 'hosts' && parts[1] === user && PHOTO_NAME.test(parts[2]!);
  });
  if (own.length === 0) return Response.json([]);
  const { rows } = await ctx.db.query<{ name: string }>(
    'select n as name from unnest($1::text[]) as n where not private.listing_photo_in_use(n)',
    [own],
  );

  const dir = resolve(ctx.config.storageDir, PHOTO_BUCKET, 'hosts', user);
  const removed: string[] = [];
  for (const { name } of rows) {
    const file = name.split('/')[2]!;
    const parts = [PHOTO_BUCKET, 'hosts', user, file];
    // The original's bytes are the object: of concurrent removals of one photo, the one that
    // unlinks them reports it. Then what hangs on it: its metadata and its cached renders.
    if (await unlinked(join(dir, file))) {
      await Promise.all([rm(metaFile(ctx, parts)!, { force: true }), removeRenders(ctx, parts)]);
      removed.push(name);
      continue;
    }
    // A photo of before originals: its 800 px file stands for it.
    if (await unlinked(join(dir, `${file}-800.webp`))) {
      await Promise.all(LEGACY_WIDTHS.filter((w) => w !== 800).map((w) => rm(join(dir, `${file}-${w}.webp`), { force: true })));
      removed.push(name);
    }
  }
  return Response.json(removed.map((name) => ({ bucket_id: PHOTO_BUCKET, name })));
}
