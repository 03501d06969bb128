// npm run backup / restore (scripts/backup.ts): a site with a booking, an account and a host's
// uploaded photo, backed up, restored into a new data folder (and, on PostgreSQL, a database the
// restore makes), started again: everything is there, the photo with its content type, and the old
// sessions' keys still hold. A restore it refuses says why in one line, with no stack.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../src/main.ts';
import { databases, startTestBackend } from '../support/backend.ts';
import { ADMIN_URL } from '../support/postgres.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/backup.ts', import.meta.url));

/** The script as `npm run backup|restore -- <folder>` runs it, on DATA_DIR and DATABASE_URL. */
async function run(command: 'backup' | 'restore', folder: string, dataDir: string, databaseUrl: string | undefined): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, command, folder], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
  });
}

/** What a refused run printed on stderr: one line (no stack). */
async function refusal(command: 'backup' | 'restore', folder: string, dataDir: string, databaseUrl: string | undefined): Promise<string> {
  const failed = await run(command, folder, dataDir, databaseUrl).then(
    () => null,
    (error: { stderr: string }) => error.stderr,
  );
  expect(failed).not.toBeNull();
  const lines = failed!.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** A database name the server does not have: the restore makes it. */
function missingDatabase(): { url: string; drop(): Promise<void> } {
  const name = `hs_restore_new_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

describe.each(databases('server'))('backup and restore (%s)', (kind) => {
  it('restores a site with a booking and a photo into a new data folder, where everything is found', async () => {
    const site = await startTestBackend(kind, { env: { SEED_ROOMS: '3' } });
    const folder = join(mkdtempSync(join(tmpdir(), 'hs-backup-')), 'backup');
    const restoredDir = mkdtempSync(join(tmpdir(), 'hs-restored-'));
    const target = kind === 'postgres' ? missingDatabase() : undefined;
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

      await expect(refusal('restore', join(folder, '..'), restoredDir, target?.url)).resolves.toMatch(/^restore failed: .* holds no backup \(no manifest\.json\)$/);
      await run('restore', folder, restoredDir, target?.url);
      await expect(refusal('restore', folder, restoredDir, target?.url)).resolves.toMatch(/^restore failed: .* exists: restore into a new data folder$/);
      if (target) {
        // The database it made now holds the site: another restore into it is refused.
        const again = mkdtempSync(join(tmpdir(), 'hs-restored-'));
        try {
          await expect(refusal('restore', folder, again, target.url)).resolves.toMatch(/^restore failed: the database hs_restore_new_\S+ on \S+ is not empty: restore into a new database$/);
        } finally {
          rmSync(again, { recursive: true, force: true });
        }
      }
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
        // Its metadata came back too: the type it was uploaded with, not application/octet-stream.
        expect(served.headers.get('content-type')).toBe('image/png');
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
