// The Storage API as storage-js calls it (issue 44): buckets, objects, signed URLs, decided by the
// RLS policies on storage.buckets and storage.objects as the caller's role. Each test makes its
// own bucket and policies (service role, SQL through the backend's database), so nothing is
// shared between them. On PostgreSQL as well: the API runs as the authenticator role there, so
// who may do what under RLS is proved for production, and concurrent upserts really race.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver } from './support/checkout.ts';

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

describe.each(databases('server'))('the Storage API on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let alice: User;
  let bob: User;

  /** A private bucket whose policies let a signed-in user read and write only under <their id>/. */
  async function privateBucket(options: { fileSizeLimit?: number | string; allowedMimeTypes?: string[] } = {}): Promise<string> {
    const id = `b-${randomUUID().slice(0, 8)}`;
    const { error } = await service.storage.createBucket(id, { public: false, ...options });
    expect(error).toBeNull();
    await backend.ctx.db.exec(
      ['select', 'insert', 'update', 'delete']
        .map(
          (command) => `create policy "${id} ${command}" on storage.objects for ${command} to authenticated
          ${command === 'insert' ? 'with check' : 'using'} (bucket_id = '${id}' and (storage.foldername(name))[1] = (select auth.uid())::text)`,
        )
        .join(';\n'),
    );
    return id;
  }

  const text = (body: string, type = 'text/plain') => new Blob([body], { type });

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
    service = backend.client(backend.keys.serviceRoleKey);
    anon = backend.client();
    const driver = checkoutDriver(backend, `storage-${kind}-`);
    [alice, bob] = [await driver.signedInUser(), await driver.signedInUser()];
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('buckets: the service role creates, reads, lists, updates, empties and deletes them; others are refused by RLS', async () => {
    const id = `crud-${randomUUID().slice(0, 8)}`;
    expect((await service.storage.createBucket(id, { public: false, fileSizeLimit: '1mb', allowedMimeTypes: ['text/plain'] })).data).toEqual({ name: id });
    expect((await service.storage.createBucket(id)).error).toMatchObject({ status: 409 });
    expect((await service.storage.getBucket(id)).data).toMatchObject({ id, name: id, public: false, file_size_limit: 1048576, allowed_mime_types: ['text/plain'] });
    expect((await service.storage.listBuckets()).data!.map((b) => b.id)).toEqual(expect.arrayContaining([id, 'listing-photos']));
    expect((await service.storage.updateBucket(id, { public: true, fileSizeLimit: 10 })).error).toBeNull();
    expect((await service.storage.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: 10, allowed_mime_types: null });

    // No policy on storage.buckets: users see no bucket and make none.
    expect((await alice.client.storage.getBucket(id)).error).toMatchObject({ status: 404 });
    expect((await alice.client.storage.listBuckets()).data).toEqual([]);
    expect((await alice.client.storage.createBucket(`mine-${randomUUID().slice(0, 8)}`)).error).toMatchObject({ status: 403 });
    expect((await anon.storage.deleteBucket(id)).error).toMatchObject({ status: 404 });

    expect((await service.storage.from(id).upload('a.txt', text('0123456789'))).error).toBeNull();
    expect((await service.storage.from(id).upload('b.txt', text('01234567890'))).error).toMatchObject({ status: 413 });
    expect((await service.storage.deleteBucket(id)).error).toMatchObject({ status: 409 });
    expect((await service.storage.emptyBucket(id)).error).toBeNull();
    expect(existsSync(join(backend.dataDir, 'storage', id, 'a.txt'))).toBe(false);
    expect((await service.storage.deleteBucket(id)).error).toBeNull();
    expect((await service.storage.getBucket(id)).error).toMatchObject({ status: 404 });
    for (const bad of ['', '..', 'a/b', 'x'.repeat(101)]) expect((await service.storage.createBucket(bad)).error, bad).not.toBeNull();
  });

  it('objects: a user uploads, reads, lists, moves, copies and removes under their folder; another user, anon and other folders are refused', async () => {
    const id = await privateBucket();
    const mine = alice.client.storage.from(id);
    expect((await mine.upload(`${alice.id}/notes/one.txt`, text('one'))).data).toMatchObject({ path: `${alice.id}/notes/one.txt`, fullPath: `${id}/${alice.id}/notes/one.txt` });
    expect((await mine.upload(`${alice.id}/notes/one.txt`, text('again'))).error).toMatchObject({ status: 409 });
    expect((await mine.upload(`${alice.id}/notes/one.txt`, text('ONE'), { upsert: true })).error).toBeNull();
    expect(await (await mine.download(`${alice.id}/notes/one.txt`)).data!.text()).toBe('ONE');
    expect((await mine.update(`${alice.id}/notes/one.txt`, text('One'))).error).toBeNull();
    expect(await (await mine.download(`${alice.id}/notes/one.txt`)).data!.text()).toBe('One');
    expect((await mine.info(`${alice.id}/notes/one.txt`)).data).toMatchObject({ name: `${alice.id}/notes/one.txt`, size: 3, contentType: 'text/plain' });
    expect((await mine.exists(`${alice.id}/notes/one.txt`)).data).toBe(true);
    expect((await mine.exists(`${alice.id}/notes/none.txt`)).data).toBe(false);

    await mine.upload(`${alice.id}/notes/two.txt`, text('two'));
    await mine.upload(`${alice.id}/top.txt`, text('top'));
    expect((await mine.list(alice.id)).data!.map((o) => [o.name, o.id === null])).toEqual([['notes', true], ['top.txt', false]]);
    expect((await mine.list(`${alice.id}/notes`, { search: 'tw' })).data!.map((o) => o.name)).toEqual(['two.txt']);
    expect((await mine.list(`${alice.id}/notes`, { sortBy: { column: 'name', order: 'desc' }, limit: 1, offset: 1 })).data!.map((o) => o.name)).toEqual(['one.txt']);

    expect((await mine.move(`${alice.id}/top.txt`, `${alice.id}/moved.txt`)).error).toBeNull();
    expect((await mine.download(`${alice.id}/top.txt`)).error).not.toBeNull();
    expect((await mine.copy(`${alice.id}/moved.txt`, `${alice.id}/copied.txt`)).data).toEqual({ path: `${id}/${alice.id}/copied.txt` });
    expect(await (await mine.download(`${alice.id}/copied.txt`)).data!.text()).toBe('top');

    // Bob: not into Alice's folder, not her objects, not moving hers into his.
    const his = bob.client.storage.from(id);
    expect((await his.upload(`${alice.id}/x.txt`, text('x'))).error).toMatchObject({ status: 403 });
    expect((await his.download(`${alice.id}/moved.txt`)).error).not.toBeNull();
    expect((await his.list(alice.id)).data).toEqual([]);
    expect((await his.move(`${alice.id}/moved.txt`, `${bob.id}/stolen.txt`)).error).not.toBeNull();
    expect((await his.remove([`${alice.id}/moved.txt`])).data).toEqual([]);
    expect((await anon.storage.from(id).download(`${alice.id}/moved.txt`)).error).not.toBeNull();
    expect((await anon.storage.from(id).upload(`${alice.id}/y.txt`, text('y'))).error).toMatchObject({ status: 403 });
    // A private bucket is not public.
    expect((await fetch(mine.getPublicUrl(`${alice.id}/moved.txt`).data.publicUrl)).status).toBe(404);

    const removed = await mine.remove([`${alice.id}/moved.txt`, `${alice.id}/copied.txt`, `${alice.id}/none.txt`]);
    expect(removed.data!.map((o) => o.name).sort()).toEqual([`${alice.id}/copied.txt`, `${alice.id}/moved.txt`]);
    expect(existsSync(join(backend.dataDir, 'storage', id, alice.id, 'moved.txt'))).toBe(false);
  });

  it('a public bucket serves its objects to anyone by their public URL; the service role reads everything', async () => {
    const id = `pub-${randomUUID().slice(0, 8)}`;
    await service.storage.createBucket(id, { public: true });
    await service.storage.from(id).upload('docs/readme.txt', text('hello'), { cacheControl: '60' });
    const r = await fetch(anon.storage.from(id).getPublicUrl('docs/readme.txt').data.publicUrl);
    expect([r.status, r.headers.get('content-type'), r.headers.get('cache-control'), await r.text()]).toEqual([200, 'text/plain', 'max-age=60', 'hello']);
    const download = await fetch(anon.storage.from(id).getPublicUrl('docs/readme.txt', { download: 'r.txt' }).data.publicUrl);
    expect(download.status).toBe(200);
    expect((await service.storage.from(id).list('docs')).data!.map((o) => o.name)).toEqual(['readme.txt']);
  });

  it('signed URLs: they serve the object until they expire; a changed path or token is refused', async () => {
    const id = await privateBucket();
    const path = `${alice.id}/secret.txt`;
    await alice.client.storage.from(id).upload(path, text('signed'));
    const { data } = await alice.client.storage.from(id).createSignedUrl(path, 60);
    const ok = await fetch(data!.signedUrl);
    expect([ok.status, await ok.text()]).toEqual([200, 'signed']);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    expect((await fetch(data!.signedUrl.replace('secret.txt', 'other.txt'))).status).toBe(400);
    expect((await fetch(data!.signedUrl.replace(token, `${token.slice(0, -2)}xx`))).status).not.toBe(200);
    // Expired: signed for 1 s, read after its expiry (the backend allows 30 s of clock skew).
    const short = await alice.client.storage.from(id).createSignedUrl(path, 1);
    const expired = new URL(short.data!.signedUrl);
    const claims = JSON.parse(Buffer.from(expired.searchParams.get('token')!.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(1);
    // Bob may not sign Alice's object; several at once answer per path.
    expect((await bob.client.storage.from(id).createSignedUrl(path, 60)).error).not.toBeNull();
    const many = await alice.client.storage.from(id).createSignedUrls([path, `${alice.id}/none.txt`], 60);
    expect(many.data!.map((d) => d.error)).toEqual([null, 'Either the object does not exist or you do not have access to it']);
  });

  it('signed upload URLs: the signer may upload there; anyone holding the URL then uploads once', async () => {
    const id = await privateBucket();
    const path = `${alice.id}/dropped.txt`;
    expect((await bob.client.storage.from(id).createSignedUploadUrl(path)).error).toMatchObject({ status: 403 });
    const { data } = await alice.client.storage.from(id).createSignedUploadUrl(path);
    expect((await anon.storage.from(id).uploadToSignedUrl(path, data!.token, text('dropped'))).error).toBeNull();
    expect((await anon.storage.from(id).uploadToSignedUrl(path, data!.token, text('again'))).error).toMatchObject({ status: 409 });
    expect((await anon.storage.from(id).uploadToSignedUrl(`${alice.id}/other.txt`, data!.token, text('x'))).error).not.toBeNull();
    expect(await (await alice.client.storage.from(id).download(path)).data!.text()).toBe('dropped');
    expect((await alice.client.storage.from(id).info(path)).data).toMatchObject({ size: 7 });
  });

  it('hostile keys are refused and write nothing outside the bucket', async () => {
    const id = await privateBucket();
    const hostile = [
      `${alice.id}/../${bob.id}/x.txt`,
      `/${alice.id}//x.txt`,
      `${alice.id}/${'a'.repeat(300)}.txt`,
      `${alice.id}/${'a/'.repeat(600)}x`,
      `${alice.id}/caf\u00e9\u202e.txt`,
      `${alice.id}/nul\u0000.txt`,
      `${alice.id}/back\\slash.txt`,
    ];
    for (const key of hostile) {
      const r = await fetch(`${backend.url}/storage/v1/object/${id}/${encodeURIComponent(key).replaceAll('%2F', '/')}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${alice.accessToken}`, apikey: backend.keys.anonKey, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(r.status, key).toBeGreaterThanOrEqual(400);
      expect(r.status, key).toBeLessThan(500);
    }
    expect(existsSync(join(backend.dataDir, 'storage', bob.id))).toBe(false);
    expect((await service.storage.from(id).list(alice.id)).data).toEqual([]);
  });

  it('a bucket limits size and MIME types (wildcards too)', async () => {
    const id = await privateBucket({ fileSizeLimit: 5, allowedMimeTypes: ['text/*', 'application/json'] });
    const mine = alice.client.storage.from(id);
    expect((await mine.upload(`${alice.id}/a.txt`, text('12345'))).error).toBeNull();
    expect((await mine.upload(`${alice.id}/b.txt`, text('123456'))).error).toMatchObject({ status: 413 });
    expect((await mine.upload(`${alice.id}/c.json`, text('{}', 'application/json'))).error).toBeNull();
    expect((await mine.upload(`${alice.id}/d.bin`, text('12', 'application/octet-stream'))).error).toMatchObject({ status: 415 });
  });

  it('20 concurrent upserts of one key leave one row and one of the bodies sent', async () => {
    const id = await privateBucket();
    const path = `${alice.id}/raced.txt`;
    const bodies = Array.from({ length: 20 }, (_, i) => `body ${i}`);
    const answers = await Promise.all(bodies.map((b) => alice.client.storage.from(id).upload(path, text(b), { upsert: true })));
    expect(answers.filter((a) => a.error !== null)).toEqual([]);
    const stored = await (await alice.client.storage.from(id).download(path)).data!.text();
    expect(bodies).toContain(stored);
    expect((await service.storage.from(id).list(alice.id)).data!.map((o) => [o.name, o.metadata?.size])).toEqual([['raced.txt', stored.length]]);
  });

  it('errors answer in Storage’s shape', async () => {
    const r = await fetch(`${backend.url}/storage/v1/bucket/none-such`, { headers: { Authorization: `Bearer ${backend.keys.serviceRoleKey}`, apikey: backend.keys.anonKey } });
    expect([r.status, await r.json()]).toEqual([404, { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' }]);
    const forged = await fetch(`${backend.url}/storage/v1/bucket`, { headers: { Authorization: `Bearer ${alice.accessToken}x` } });
    expect(forged.status).toBe(401);
  });
});
