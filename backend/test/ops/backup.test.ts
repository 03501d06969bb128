// npm run backup / restore (scripts/backup.ts): a site with a booking, an account and a host's
// uploaded photo, backed up, restored into a new data folder (and, on PostgreSQL, a new
// database), started again: everything is there and the old sessions' keys still hold.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../src/main.ts';
import { databases, startTestBackend } from '../support/backend.ts';
import { createScratchDb } from '../support/postgres.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/backup.ts', import.meta.url));

/** The script as `npm run backup|restore -- <folder>` runs it, on DATA_DIR and DATABASE_URL. */
async function run(command: 'backup' | 'restore', folder: string, dataDir: string, databaseUrl: string | undefined): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, command, folder], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
  });
}

describe.each(databases('server'))('backup and restore (%s)', (kind) => {
  it('restores a site with a booking and a photo into a new data folder, where everything is found', async () => {
    const site = await startTestBackend(kind, { env: { SEED_ROOMS: '3' } });
    const folder = join(mkdtempSync(join(tmpdir(), 'hs-backup-')), 'backup');
    const restoredDir = mkdtempSync(join(tmpdir(), 'hs-restored-'));
    const target = kind === 'postgres' ? await createScratchDb('hs_restore') : undefined;
    try {
      const email = `backup-${Date.now()}@example.com`;
      const password = 'backup-password-1';
      const signedUp = await site.client().auth.signUp({ email, password });
      const user = signedUp.data.user!;
      const host = site.client(signedUp.data.session!.access_token);
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4a8' } }).png().toBuffer();
      const name = crypto.randomUUID().replaceAll('-', '');
      expect((await host.storage.from('listing-photos').upload(`hosts/${user.id}/${name}`, new Blob([photo], { type: 'image/png' }))).error).toBeNull();
      const booked = await site.ctx.db.query<{ id: string }>(
        `insert into public."Bookings" (user_id, user_email, room_id, "startDate", "endDate", "numOfDays")
         values ($1, $2, (select min(id) from public."Rooms"), current_date + 30, current_date + 32, 2) returning id`,
        [user.id, email],
      );
      const rooms = (await site.ctx.db.query<{ n: number }>('select count(*)::int as n from public."Rooms"')).rows[0]!.n;
      // PGlite is one process's: its backup is taken with the backend stopped.
      if (kind === 'pglite') await site.stop();
      await run('backup', folder, site.dataDir, site.ctx.config.databaseUrl);
      await expect(run('backup', folder, site.dataDir, site.ctx.config.databaseUrl)).rejects.toThrow(/exists: a backup goes into a new folder/);

      await run('restore', folder, restoredDir, target?.url);
      await expect(run('restore', folder, restoredDir, target?.url)).rejects.toThrow(/restore into a new data folder/);
      const restored = await createBackend({ dataDir: restoredDir, port: 0, databaseUrl: target?.url, quiet: true });
      try {
        expect(restored.keys).toEqual(site.keys);
        const { db } = restored.ctx;
        expect((await db.query<{ n: number }>('select count(*)::int as n from public."Rooms"')).rows[0]!.n).toBe(rooms);
        const bookings = await db.query('select user_email from public."Bookings" where id = $1', [booked.rows[0]!.id]);
        expect(bookings.rows).toEqual([{ user_email: email }]);
        const headers = { apikey: restored.keys.anonKey, 'content-type': 'application/json' };
        const signIn = await fetch(`${restored.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
        expect(signIn.status).toBe(200);
        const served = await fetch(`${restored.url}/storage/v1/object/public/listing-photos/hosts/${user.id}/${name}`);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
        // A seeded listing photo (the storage folder whole).
        const seeded = (await db.query<{ images: string[] }>('select images from public."Rooms" order by id limit 1')).rows[0]!.images[0]!;
        expect((await fetch(`${restored.url}${seeded.startsWith('/') ? seeded : `/${seeded}`}`)).status).toBe(200);
      } finally {
        await restored.stop();
      }
    } finally {
      await site.close();
      await target?.drop();
      rmSync(join(folder, '..'), { recursive: true, force: true });
      rmSync(restoredDir, { recursive: true, force: true });
    }
  }, 120_000);
});
