// /storage/v1 as hosted Supabase Storage answers storage-js (issue 44): buckets (/bucket) and
// objects (/object: upload, upsert, update, download, info, exists, list, move, copy, remove,
// signed URLs and signed upload URLs). Every request runs as the caller's role with its JWT claims
// (db/role.ts, as /rest/v1 does), so the RLS policies on storage.buckets and storage.objects
// decide what it may do, as on hosted Supabase; service_role bypasses them. The rows live in
// storage.objects (supabase/migrations/20261206000300_storage_platform.sql), the bytes under
// <storageDir>/<bucket>/<name> (objects.ts), written inside the row's transaction so a refused or
// failed request leaves neither. Public reads and renders: index.ts and render.ts.
//
// One rule beyond hosted Storage: in a bucket that takes only images sharp reads (JPEG, PNG,
// WebP, AVIF, as listing-photos), the bytes decide the content type, never the request: anything
// that does not decode whole, or is over 40 megapixels, is refused 415.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { CLIENT_IP_HEADER } from '../auth/body.ts';
import type { BackendContext, JwtClaims } from '../context.ts';
import { JwtError } from '../context.ts';
import type { TxQueryable } from '../db/index.ts';
import { asRole } from '../db/role.ts';
import { sendObject } from './index.ts';
import { legacyMetaFile, objectFile, objectKeyParts, storageError, type ObjectRow } from './objects.ts';
import { imageQueue, QueueRefusal, slowDown, type QueuePlace } from './queue.ts';
import { removeRenders } from './render.ts';

/** Hosted Storage's default upload limit (50 MB); a bucket's file_size_limit may lower it. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** What the HTTP server reads of an upload: the file and its form's framing. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
const MAX_PIXELS = 40_000_000;
/** sharp's format (and, for HEIF, its compression) -> the content type of an image bucket's object. */
const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', 'heif/av1': 'image/avif' };
const DEFAULT_CACHE_SECONDS = 3600;
/** A signed upload URL's lifetime (hosted Storage's: two hours). */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;
const MAX_PREFIXES = 1000;
const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]{1,100}$/;
/** Hosted Storage's key characters (isValidKey). */
const KEY_CHARS = /^[\w/!.*'() &$@=;:+,?-]+$/;
const LIST_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

const json = (body: unknown, status = 200) => Response.json(body, { status });
const notFound = () => storageError(404, 'not_found', 'Object not found');
const noBucket = () => storageError(404, 'Bucket not found', 'Bucket not found');
const invalidKey = (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key}`);

interface Caller {
  role: string;
  claims: JwtClaims;
}

/** The caller the bearer token (else the apikey) names, or the answer refusing it. */
async function callerOf(req: Request, ctx: BackendContext): Promise<Caller | Response> {
  const m = /^bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  const token = m?.[1] ?? req.headers.get('apikey');
  if (!token) return storageError(400, 'Error', "headers must have required property 'authorization'");
  try {
    const claims = await ctx.verifyJwt(token);
    return { role: claims.role, claims };
  } catch (e) {
    if (e instanceof JwtError) return storageError(401, 'InvalidJWT', e.message);
    throw e;
  }
}

/** Runs fn in one transaction as the caller (RLS applies unless service_role). */
function asCaller<T>(ctx: BackendContext, who: Caller, req: Request, fn: (q: TxQueryable) => Promise<T>): Promise<T> {
  return ctx.apiDb.tx(async (q) => {
    await asRole(q, { role: who.role, claims: who.claims, method: req.method, path: new URL(req.url).pathname, headers: {} });
    return fn(q);
  });
}

/** A database refusal as Storage answers it; null for anything else (rethrown). */
function dbRefusal(e: unknown): Response | null {
  const { code, message } = e as { code?: string; message?: string };
  if (code === '42501') return storageError(403, 'Unauthorized', 'new row violates row-level security policy');
  if (code === '23505') return storageError(409, 'Duplicate', 'The resource already exists');
  if (code === '23503') return noBucket();
  if (code === '54000') return storageError(413, 'Payload too large', message ?? 'Limit exceeded');
  return null;
}

async function guarded(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    const refusal = dbRefusal(e);
    if (refusal) return refusal;
    throw e;
  }
}

async function bucketExists(ctx: BackendContext, id: string): Promise<boolean> {
  return (await ctx.db.query('select 1 from storage.buckets where id = $1', [id])).rows.length > 0;
}

function validKey(name: string): boolean {
  return Buffer.byteLength(name) <= 1024 && KEY_CHARS.test(name) && objectKeyParts(name) !== null;
}

const validBucket = (id: string) => BUCKET_NAME.test(id) && id !== '.' && id !== '..';

/** `<bucket>/<key>` of a path's rest, decoded; null when it is not one. */
function bucketAndKey(rest: string): { bucket: string; key: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0) return null;
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
}

async function jsonBody(req: Request): Promise<Record<string, unknown> | Response> {
  try {
    const body = (await req.json()) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  return storageError(400, 'InvalidRequest', 'The body must be a JSON object');
}

// ---------------------------------------------------------------------------------------------
// Buckets

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: string;
  updated_at: string;
}

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, type, created_at, updated_at';
const bucketJson = (b: BucketRow) => ({ ...b, file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit) });

/** A file_size_limit as storage-js sends it: bytes, or '20mb'-like text. Undefined when invalid. */
function sizeLimit(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const m = typeof value === 'string' ? /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(value.trim()) : null;
  if (!m) return undefined;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Number(m[1]) * unit;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((t) => typeof t !== 'string' || !/^[\w.+-]+\/[\w.+*-]+$/.test(t))) return undefined;
  return value.length ? (value as string[]) : null;
}

async function bucketRoute(req: Request, ctx: BackendContext, who: Caller, rest: string): Promise<Response> {
  const [id, action, extra] = rest.split('/').map((s) => decodeURIComponent(s));
  if (extra !== undefined || (action !== undefined && action !== 'empty')) return storageError(404, 'not_found', 'Route not found');
  if (!id) {
    if (req.method === 'GET') {
      const url = new URL(req.url);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000) || 1000, 1000);
      const offset = Math.max(Number(url.searchParams.get('offset') ?? 0) || 0, 0);
      const search = url.searchParams.get('search') ?? '';
      const column = ['id', 'name', 'created_at', 'updated_at'].includes(url.searchParams.get('sortColumn') ?? '') ? url.searchParams.get('sortColumn')! : 'name';
      const order = url.searchParams.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
      const { rows } = await asCaller(ctx, who, req, (q) =>
        q.query<BucketRow>(
          `select ${BUCKET_COLUMNS} from storage.buckets where name ilike $1 || '%' order by ${column} ${order} limit $2 offset $3`,
          [search.replace(/[\\%_]/g, '\\$&'), limit, offset],
        ),
      );
      return json(rows.map(bucketJson));
    }
    if (req.method === 'POST') return createBucket(req, ctx, who);
    return storageError(405, 'method_not_allowed', 'Method not allowed');
  }
  if (action === 'empty') {
    if (req.method !== 'POST') return storageError(405, 'method_not_allowed', 'Method not allowed');
    return guarded(async () => {
      const found = await asCaller(ctx, who, req, async (q) => {
        if ((await q.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0) return null;
        return (await q.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id])).rows;
      });
      if (!found) return noBucket();
      await Promise.all(found.map((r) => removeBytes(ctx, id, r.name)));
      return json({ message: 'Successfully emptied' });
    });
  }
  if (req.method === 'GET') {
    const { rows } = await asCaller(ctx, who, req, (q) => q.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]));
    return rows[0] ? json(bucketJson(rows[0])) : noBucket();
  }
  if (req.method === 'PUT') {
    const body = await jsonBody(req);
    if (body instanceof Response) return body;
    const limit = sizeLimit(body.file_size_limit);
    const types = mimeTypes(body.allowed_mime_types);
    if (limit === undefined) return storageError(400, 'InvalidRequest', 'file_size_limit is a number of bytes or a size such as 20mb');
    if (types === undefined) return storageError(400, 'InvalidRequest', 'allowed_mime_types is a list of MIME types');
    return guarded(async () => {
      const updated = await asCaller(ctx, who, req, (q) =>
        q.query(
          `update storage.buckets set public = coalesce($2, public), file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1`,
          [id, typeof body.public === 'boolean' ? body.public : null, limit, types],
        ),
      );
      return updated.rowCount ? json({ message: 'Successfully updated' }) : noBucket();
    });
  }
  if (req.method === 'DELETE') {
    return guarded(async () => {
      const answer = await asCaller(ctx, who, req, async (q) => {
        if ((await q.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0) return noBucket();
        const deleted = await q.query('delete from storage.buckets where id = $1', [id]).catch((e: unknown) => {
          if ((e as { code?: string }).code === '23503') return null;
          throw e;
        });
        if (!deleted) return storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
        return deleted.rowCount ? null : storageError(403, 'Unauthorized', 'You may not delete this bucket');
      });
      return answer ?? json({ message: 'Successfully deleted' });
    });
  }
  return storageError(405, 'method_not_allowed', 'Method not allowed');
}

async function createBucket(req: Request, ctx: BackendContext, who: Caller): Promise<Response> {
  const body = await jsonBody(req);
  if (body instanceof Response) return body;
  const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
  const id = typeof body.id === 'string' ? body.id : name;
  if (!validBucket(id) || !validBucket(name)) return storageError(400, 'InvalidBucketName', `Bucket name invalid`);
  const limit = sizeLimit(body.file_size_limit);
  const types = mimeTypes(body.allowed_mime_types);
  if (limit === undefined) return storageError(400, 'InvalidRequest', 'file_size_limit is a number of bytes or a size such as 20mb');
  if (types === undefined) return storageError(400, 'InvalidRequest', 'allowed_mime_types is a list of MIME types');
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : null;
  return guarded(async () => {
    await asCaller(ctx, who, req, (q) =>
      q.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3::uuid, $4, $5, $6, $7)`,
        [id, name, sub, sub, body.public === true, limit, types],
      ),
    );
    return json({ name: id });
  });
}

// ---------------------------------------------------------------------------------------------
// Objects

async function writeBytes(ctx: BackendContext, bucket: string, key: string, bytes: Buffer): Promise<void> {
  const file = objectFile(ctx, [bucket, ...key.split('/')])!;
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.part`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  }
}

async function removeBytes(ctx: BackendContext, bucket: string, key: string): Promise<void> {
  const parts = [bucket, ...key.split('/')];
  // The bytes first: a render starting after this finds no source, so none is cached anew.
  await rm(objectFile(ctx, parts)!, { force: true });
  await removeRenders(ctx, parts);
}

interface Upload {
  bytes: Buffer;
  cacheSeconds: number;
  contentType: string;
  userMetadata: unknown;
}

function cacheSeconds(value: string | null | undefined): number {
  const m = /^(?:max-age=)?(\d{1,9})$/.exec((value ?? '').trim());
  return m ? Number(m[1]) : DEFAULT_CACHE_SECONDS;
}

function parseMetadata(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The upload's file: the one file of a multipart body (with its cacheControl and metadata fields), or the body itself. */
async function uploadOf(req: Request): Promise<Upload | null> {
  const type = req.headers.get('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      return null;
    }
    const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
    if (files.length !== 1) return null;
    const cache = form.get('cacheControl');
    const metadata = form.get('metadata');
    return {
      bytes: Buffer.from(await files[0]!.arrayBuffer()),
      cacheSeconds: cacheSeconds(typeof cache === 'string' ? cache : null),
      contentType: files[0]!.type || 'application/octet-stream',
      userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null),
    };
  }
  const header = req.headers.get('x-metadata');
  return {
    bytes: Buffer.from(await req.arrayBuffer()),
    cacheSeconds: cacheSeconds(req.headers.get('cache-control')),
    contentType: type || 'application/octet-stream',
    userMetadata: header ? parseMetadata(Buffer.from(header, 'base64').toString('utf8')) : null,
  };
}

/** The content type of an image sharp decodes whole within the pixel cap, or null. */
async function imageType(bytes: Buffer): Promise<string | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    const type = IMAGE_TYPES[meta.format === 'heif' ? `heif/${meta.compression}` : (meta.format ?? '')];
    if (!type) return null;
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(64).raw().toBuffer();
    return type;
  } catch {
    return null;
  }
}

const allowed = (types: string[], type: string) =>
  types.some((t) => t === type.split(';')[0]!.trim() || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))));

interface BucketLimits {
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

/**
 * Reads and checks an upload against its bucket's limits: the answer refusing it, or the upload
 * with the content type it is stored with.
 */
async function checkedUpload(req: Request, ctx: BackendContext, who: Caller, bucket: string): Promise<Upload | Response> {
  // A place in the image queue first, before anything is read: a caller over its share is
  // refused at once. Given back unless the bucket takes only images (decoded in that place).
  const client = typeof who.claims.sub === 'string' ? `user:${who.claims.sub}` : `address:${req.headers.get(CLIENT_IP_HEADER) ?? ''}`;
  let place: QueuePlace | null;
  try {
    place = imageQueue(ctx).take(client);
  } catch (e) {
    if (e instanceof QueueRefusal) return slowDown(e);
    throw e;
  }
  const { rows } = await ctx.db.query<BucketLimits>('select file_size_limit, allowed_mime_types from storage.buckets where id = $1', [bucket]).catch((e: unknown) => {
    place?.cancel();
    throw e;
  });
  const limits = rows[0];
  const types = limits?.allowed_mime_types ?? [];
  if (!limits || !(types.length > 0 && types.every((t) => Object.values(IMAGE_TYPES).includes(t)))) {
    place.cancel();
    place = null;
  }
  if (!limits) return noBucket();
  const upload = await uploadOf(req).catch((e: unknown) => {
    place?.cancel();
    throw e;
  });
  const limit = Math.min(MAX_UPLOAD_BYTES, limits.file_size_limit === null ? Infinity : Number(limits.file_size_limit));
  const refusal = !upload
    ? storageError(400, 'InvalidRequest', 'Send one file')
    : upload.bytes.length > limit
      ? storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size')
      : null;
  if (!upload || refusal) {
    place?.cancel();
    return refusal!;
  }
  if (place) {
    const sniffed = await place.run(() => imageType(upload.bytes));
    if (!sniffed || !types.includes(sniffed)) return storageError(415, 'invalid_mime_type', `mime type ${upload.contentType} is not supported`);
    upload.contentType = sniffed;
  } else if (types.length > 0 && !allowed(types, upload.contentType)) {
    return storageError(415, 'invalid_mime_type', `mime type ${upload.contentType} is not supported`);
  }
  return upload;
}

type WriteMode = 'create' | 'upsert' | 'update';

/** Stores an upload as `who` (RLS) or, for a signed upload URL, as its signer's `owner`. */
async function storeObject(
  req: Request,
  ctx: BackendContext,
  who: Caller,
  bucket: string,
  key: string,
  mode: WriteMode,
  owner: string | null,
): Promise<Response> {
  if (!validKey(key)) return invalidKey(key);
  const upload = await checkedUpload(req, ctx, who, bucket);
  if (upload instanceof Response) return upload;
  const now = new Date();
  const metadata = {
    eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
    size: upload.bytes.length,
    mimetype: upload.contentType,
    cacheControl: `max-age=${upload.cacheSeconds}`,
    lastModified: now.toUTCString(),
    contentLength: upload.bytes.length,
    httpStatusCode: 200,
  };
  const id = randomUUID();
  return guarded(async () => {
    const stored = await asCaller(ctx, who, req, async (q) => {
      const values = [id, bucket, key, owner, JSON.stringify(metadata), JSON.stringify(upload.userMetadata), randomUUID()];
      if (mode === 'update') {
        const r = await q.query<{ id: string }>(
          `update storage.objects set metadata = $3::jsonb, user_metadata = $4::jsonb, version = $5, updated_at = now(), last_accessed_at = now()
           where bucket_id = $1 and name = $2 returning id`,
          values.slice(1, 3).concat(values.slice(4)),
        );
        if (!r.rows[0]) return null;
        await writeBytes(ctx, bucket, key, upload.bytes);
        return r.rows[0].id;
      }
      await q.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4::uuid, $4, $5::jsonb, $6::jsonb, $7)` +
          (mode === 'upsert'
            ? ` on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
            : ''),
        values,
      );
      await writeBytes(ctx, bucket, key, upload.bytes);
      return id;
    });
    if (!stored) return notFound();
    if (mode !== 'create') await removeRenders(ctx, [bucket, ...key.split('/')]);
    return json({ Id: stored, Key: `${bucket}/${key}` });
  });
}

interface ObjectInfoRow extends ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  user_metadata: unknown;
}

/** The object's row if the caller may read it. */
async function readable(ctx: BackendContext, who: Caller, req: Request, bucket: string, key: string): Promise<ObjectInfoRow | null> {
  const { rows } = await asCaller(ctx, who, req, (q) =>
    q.query<ObjectInfoRow>(
      'select id, name, bucket_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key],
    ),
  );
  return rows[0] ?? null;
}

async function download(req: Request, ctx: BackendContext, bucket: string, key: string, row: ObjectRow): Promise<Response> {
  const file = objectFile(ctx, [bucket, ...key.split('/')]);
  if (!file) return notFound();
  const download = new URL(req.url).searchParams.get('download');
  const extra: Record<string, string> = {};
  if (download !== null) {
    const name = download || key.split('/').pop()!;
    extra['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  return (await sendObject(req, file, row, extra)) ?? notFound();
}

async function listObjects(req: Request, ctx: BackendContext, who: Caller, bucket: string): Promise<Response> {
  const body = await jsonBody(req);
  if (body instanceof Response) return body;
  let prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000);
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && LIST_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  if (!(await bucketExists(ctx, bucket))) return noBucket();
  const { rows } = await asCaller(ctx, who, req, (q) =>
    q.query(
      `select name, id, updated_at, created_at, last_accessed_at, metadata from (
         select distinct on (part) part as name,
           case when folder then null else o.id end as id,
           case when folder then null else o.updated_at end as updated_at,
           case when folder then null else o.created_at end as created_at,
           case when folder then null else o.last_accessed_at end as last_accessed_at,
           case when folder then null else o.metadata end as metadata
         from (
           select o.*, split_part(substr(o.name, $2::int + 1), '/', 1) as part, strpos(substr(o.name, $2::int + 1), '/') > 0 as folder
           from storage.objects as o
           where o.bucket_id = $1 and left(o.name, $2::int) = $3
         ) as o
         where part ilike $4 || '%'
         order by part, folder desc
       ) as items
       order by ${column} ${order} nulls first, name ${order}
       limit $5 offset $6`,
      [bucket, prefix.length, prefix, search.replace(/[\\%_]/g, '\\$&'), limit, offset],
    ),
  );
  return json(rows);
}

interface MoveBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket: string;
}

function moveBody(body: Record<string, unknown>): MoveBody | Response {
  const { bucketId, sourceKey, destinationKey } = body;
  const destinationBucket = body.destinationBucket ?? bucketId;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string' || typeof destinationBucket !== 'string') {
    return storageError(400, 'InvalidRequest', 'bucketId, sourceKey and destinationKey are required');
  }
  if (!validKey(sourceKey)) return invalidKey(sourceKey);
  if (!validKey(destinationKey)) return invalidKey(destinationKey);
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

async function moveOrCopy(req: Request, ctx: BackendContext, who: Caller, copy: boolean): Promise<Response> {
  const body = await jsonBody(req);
  if (body instanceof Response) return body;
  const m = moveBody(body);
  if (m instanceof Response) return m;
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : null;
  return guarded(async () => {
    const answer = await asCaller(ctx, who, req, async (q) => {
      const source = await q.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [m.bucketId, m.sourceKey]);
      if (!source.rows[0]) return notFound();
      const id = randomUUID();
      if (copy) {
        await q.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           select $1, $2, $3, $4::uuid, $4, metadata, user_metadata, $5 from storage.objects where bucket_id = $6 and name = $7`,
          [id, m.destinationBucket, m.destinationKey, sub, randomUUID(), m.bucketId, m.sourceKey],
        );
      } else {
        const moved = await q.query(
          `update storage.objects set bucket_id = $1, name = $2, updated_at = now() where bucket_id = $3 and name = $4`,
          [m.destinationBucket, m.destinationKey, m.bucketId, m.sourceKey],
        );
        if (!moved.rowCount) return storageError(403, 'Unauthorized', 'You may not move this object');
      }
      const from = objectFile(ctx, [m.bucketId, ...m.sourceKey.split('/')])!;
      const to = objectFile(ctx, [m.destinationBucket, ...m.destinationKey.split('/')])!;
      await mkdir(dirname(to), { recursive: true });
      if (copy) await copyFile(from, to);
      else await rename(from, to);
      return copy ? json({ Id: id, Key: `${m.destinationBucket}/${m.destinationKey}` }) : json({ message: 'Successfully moved' });
    });
    if (!copy && answer.status === 200) await removeRenders(ctx, [m.bucketId, ...m.sourceKey.split('/')]);
    return answer;
  });
}

/** The widths a photo of before originals was stored as: <name>-400.webp, -800.webp, -1200.webp. */
const LEGACY_WIDTHS = [400, 800, 1200] as const;

/**
 * Listing photos stored before the storage schema (issue 44) have no row: originals (whose
 * metadata is in a storage-meta file, objects.ts) and photos of before originals, stored as three
 * widths whose -800 file stands for the photo ("Rooms".images holds its path). Before a removal is
 * decided, such a named photo gets its row, so the policies decide about it as about any object.
 * What was adopted, by name, and the files beside the object's own to remove with it.
 */
async function adoptLegacy(ctx: BackendContext, bucket: string, names: string[]): Promise<Map<string, string[]>> {
  const adopted = new Map<string, string[]>();
  for (const name of names) {
    if (!validKey(name)) continue;
    const parts = [bucket, ...name.split('/')];
    const sibling = (suffix: string) => objectFile(ctx, [...parts.slice(0, -1), `${parts.at(-1)}${suffix}`])!;
    const meta = legacyMetaFile(ctx, parts);
    const files = existsSync(sibling('-800.webp')) ? LEGACY_WIDTHS.map((w) => sibling(`-${w}.webp`)) : meta && existsSync(meta) ? [meta] : null;
    if (!files) continue;
    await ctx.db.query(
      `insert into storage.objects (bucket_id, name)
       select $1, $2 where not exists (select 1 from storage.objects where bucket_id = $1 and name = $2)`,
      [bucket, name],
    );
    adopted.set(name, files);
  }
  return adopted;
}

async function removeObjects(req: Request, ctx: BackendContext, who: Caller, bucket: string): Promise<Response> {
  const body = await jsonBody(req);
  if (body instanceof Response) return body;
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_PREFIXES || prefixes.some((p) => typeof p !== 'string')) {
    return storageError(400, 'InvalidRequest', `prefixes is a list of 1 to ${MAX_PREFIXES} object names`);
  }
  if (!(await bucketExists(ctx, bucket))) return noBucket();
  const names = [...new Set(prefixes as string[])];
  return guarded(async () => {
    const adopted = await adoptLegacy(ctx, bucket, names);
    const removed = await asCaller(ctx, who, req, async (q) => {
      const { rows } = await q.query<Record<string, unknown> & { name: string }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning bucket_id, name, id, owner, created_at, updated_at, last_accessed_at, metadata`,
        [bucket, names],
      );
      return rows;
    });
    // The rows are gone (committed): their bytes and renders follow.
    await Promise.all(
      removed.map(async (r) => {
        await removeBytes(ctx, bucket, r.name);
        await Promise.all((adopted.get(r.name) ?? []).map((file) => rm(file, { force: true })));
      }),
    );
    return json(removed);
  });
}

// ---------------------------------------------------------------------------------------------
// Signed URLs

async function signedToken(ctx: BackendContext, claims: Record<string, unknown>, seconds: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return ctx.signJwt({ ...claims, iat, exp: iat + seconds });
}

/** The claims of a signed URL's token for `url`, or the answer refusing it. */
async function tokenFor(ctx: BackendContext, token: string | null, url: string): Promise<JwtClaims | Response> {
  if (!token) return storageError(400, 'InvalidSignature', 'Missing token');
  let claims: JwtClaims;
  try {
    claims = await ctx.verifyJwt(token);
  } catch (e) {
    if (e instanceof JwtError) return storageError(400, 'InvalidJWT', e.message);
    throw e;
  }
  if (claims.url !== url) return storageError(400, 'InvalidSignature', 'The url do not match the signature');
  return claims;
}

const signedPath = (bucket: string, key: string) => `${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;

async function signUrls(req: Request, ctx: BackendContext, who: Caller, bucket: string, key: string | null): Promise<Response> {
  const body = await jsonBody(req);
  if (body instanceof Response) return body;
  const expiresIn = Number(body.expiresIn);
  if (!Number.isSafeInteger(expiresIn) || expiresIn < 1) return storageError(400, 'InvalidRequest', 'expiresIn must be a positive whole number of seconds');
  const sign = async (name: string) => `/object/sign/${signedPath(bucket, name)}?token=${await signedToken(ctx, { url: `${bucket}/${name}` }, expiresIn)}`;
  if (key !== null) {
    if (!validKey(key)) return invalidKey(key);
    if (!(await readable(ctx, who, req, bucket, key))) return notFound();
    return json({ signedURL: await sign(key) });
  }
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.length > MAX_PREFIXES || paths.some((p) => typeof p !== 'string')) {
    return storageError(400, 'InvalidRequest', `paths is a list of 1 to ${MAX_PREFIXES} object names`);
  }
  const { rows } = await asCaller(ctx, who, req, (q) =>
    q.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]),
  );
  const found = new Set(rows.map((r) => r.name));
  return json(
    await Promise.all(
      (paths as string[]).map(async (path) =>
        found.has(path)
          ? { error: null, path, signedURL: await sign(path) }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    ),
  );
}

async function signedDownload(req: Request, ctx: BackendContext, bucket: string, key: string): Promise<Response> {
  const claims = await tokenFor(ctx, new URL(req.url).searchParams.get('token'), `${bucket}/${key}`);
  if (claims instanceof Response) return claims;
  const { rows } = await ctx.db.query<ObjectRow>('select metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
  return rows[0] ? download(req, ctx, bucket, key, rows[0]) : notFound();
}

async function signUpload(req: Request, ctx: BackendContext, who: Caller, bucket: string, key: string): Promise<Response> {
  if (!validKey(key)) return invalidKey(key);
  if (!(await bucketExists(ctx, bucket))) return noBucket();
  const upsert = req.headers.get('x-upsert') === 'true';
  const owner = typeof who.claims.sub === 'string' ? who.claims.sub : null;
  // Whether the caller could upload there: the row is inserted as the caller and rolled back.
  const refused = await guarded(async () => {
    await ctx.apiDb
      .tx(async (q) => {
        await asRole(q, { role: who.role, claims: who.claims, method: req.method, path: new URL(req.url).pathname, headers: {} });
        await q.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3)` +
            (upsert ? ' on conflict (bucket_id, name) do update set updated_at = now()' : ''),
          [bucket, key, owner],
        );
        throw new RollBack();
      })
      .catch((e: unknown) => {
        if (!(e instanceof RollBack)) throw e;
      });
    return json({});
  });
  if (refused.status !== 200) return refused;
  const token = await signedToken(ctx, { url: `${bucket}/${key}`, owner, upsert }, SIGNED_UPLOAD_SECONDS);
  return json({ url: `/object/upload/sign/${signedPath(bucket, key)}?token=${token}`, token });
}

class RollBack extends Error {}

async function signedUpload(req: Request, ctx: BackendContext, bucket: string, key: string): Promise<Response> {
  const claims = await tokenFor(ctx, new URL(req.url).searchParams.get('token'), `${bucket}/${key}`);
  if (claims instanceof Response) return claims;
  const owner = typeof claims.owner === 'string' ? claims.owner : null;
  // Allowed when signed (signUpload): stored as the service role, owned by the signer.
  const service: Caller = { role: 'service_role', claims: { role: 'service_role' } };
  return storeObject(req, ctx, service, bucket, key, claims.upsert === true ? 'upsert' : 'create', owner);
}

// ---------------------------------------------------------------------------------------------
// The router

const ROOT = '/storage/v1/';

export async function storageApiHandler(req: Request, ctx: BackendContext): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.slice(ROOT.length);
  const [service, ...restParts] = path.split('/');
  const rest = restParts.join('/');

  // Signed URLs carry their own authority.
  if (service === 'object' && rest.startsWith('sign/') && (req.method === 'GET' || req.method === 'HEAD')) {
    const target = bucketAndKey(rest.slice('sign/'.length));
    return target && validKey(target.key) ? signedDownload(req, ctx, target.bucket, target.key) : notFound();
  }
  if (service === 'object' && rest.startsWith('upload/sign/') && req.method === 'PUT') {
    const target = bucketAndKey(rest.slice('upload/sign/'.length));
    return target ? signedUpload(req, ctx, target.bucket, target.key) : storageError(400, 'InvalidRequest', 'Invalid path');
  }

  const who = await callerOf(req, ctx);
  if (who instanceof Response) return who;
  if (service === 'bucket') return bucketRoute(req, ctx, who, rest);
  if (service !== 'object') return storageError(404, 'not_found', 'Route not found');

  if (req.method === 'POST' && (rest === 'move' || rest === 'copy')) return moveOrCopy(req, ctx, who, rest === 'copy');
  if (req.method === 'POST' && rest.startsWith('list/')) return listObjects(req, ctx, who, decodeURIComponent(rest.slice('list/'.length)));
  if (req.method === 'POST' && rest.startsWith('sign/')) {
    const target = bucketAndKey(rest.slice('sign/'.length));
    return target ? signUrls(req, ctx, who, target.bucket, target.key) : signUrls(req, ctx, who, decodeURIComponent(rest.slice('sign/'.length)), null);
  }
  if (req.method === 'POST' && rest.startsWith('upload/sign/')) {
    const target = bucketAndKey(rest.slice('upload/sign/'.length));
    return target ? signUpload(req, ctx, who, target.bucket, target.key) : storageError(400, 'InvalidRequest', 'Invalid path');
  }
  if (req.method === 'GET' && rest.startsWith('info/')) {
    const target = bucketAndKey(rest.slice('info/'.length).replace(/^(authenticated|public)\//, ''));
    if (!target || !validKey(target.key)) return notFound();
    const row = await readable(ctx, who, req, target.bucket, target.key);
    if (!row) return notFound();
    const meta = (row.metadata ?? {}) as Record<string, unknown>;
    return json({
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    });
  }
  if (req.method === 'DELETE' && !rest.includes('/')) return removeObjects(req, ctx, who, decodeURIComponent(rest));

  const target = bucketAndKey(rest.replace(/^authenticated\//, ''));
  if (!target) return storageError(400, 'InvalidRequest', 'Invalid path');
  const { bucket, key } = target;
  switch (req.method) {
    case 'GET':
    case 'HEAD': {
      if (!validKey(key)) return notFound();
      const row = await readable(ctx, who, req, bucket, key);
      return row ? download(req, ctx, bucket, key, row) : notFound();
    }
    case 'POST': {
      const owner = typeof who.claims.sub === 'string' ? who.claims.sub : null;
      return storeObject(req, ctx, who, bucket, key, req.headers.get('x-upsert') === 'true' ? 'upsert' : 'create', owner);
    }
    case 'PUT': {
      const owner = typeof who.claims.sub === 'string' ? who.claims.sub : null;
      return storeObject(req, ctx, who, bucket, key, 'update', owner);
    }
    default:
      return storageError(405, 'method_not_allowed', 'Method not allowed');
  }
}
