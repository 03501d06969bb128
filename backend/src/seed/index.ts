// First-start data: listing photos and avatars in storage, and the listings (SEED_ROOMS of them, default 1,000; 100000 for benchmarks) with their facts, when
// "Rooms" is empty.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEMO_ACCOUNTS } from '../auth/demo-accounts.ts';
import type { BackendContext } from '../context.ts';
import { installPhotos } from './photos.ts';
import { seedReviews } from './reviews.ts';
import { avatarSvg, HOST_AVATAR_COUNT, hostAvatarPath, hostAvatarSvg, roomAt, type RoomRow } from './rooms.ts';

const BATCH = 1000;

const ROOM_COLUMNS = Object.keys(roomAt(0)) as Array<keyof RoomRow>;

/** True when the database has the tables and columns this seed writes (not a test fixture schema). */
async function schemaMatches(ctx: BackendContext): Promise<boolean> {
  const { rows } = await ctx.db.query<{ n: number; auth: boolean }>(
    `select count(*)::int as n, to_regclass('auth.users') is not null as auth
     from information_schema.columns
     where table_schema = 'public' and table_name = 'Rooms' and column_name = any($1)`,
    [ROOM_COLUMNS],
  );
  return rows[0]!.auth && rows[0]!.n === ROOM_COLUMNS.length;
}

async function writeAvatars(storageDir: string): Promise<void> {
  const files: Array<[string, string]> = [];
  for (let i = 1; i <= HOST_AVATAR_COUNT; i++) files.push([hostAvatarPath(i), hostAvatarSvg(i)]);
  DEMO_ACCOUNTS.forEach((a, i) => files.push([a.picture.split('/avatars/')[1]!, avatarSvg(a.given_name[0]!, ['#1a73e8', '#e8710a', '#188038'][i % 3]!)]));
  for (const [path, svg] of files) {
    const file = join(storageDir, 'avatars', path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, svg);
  }
}

/** Inserts listings 0..count-1 in batches (one JSON parameter per batch). */
export async function insertRooms(ctx: BackendContext, count: number): Promise<void> {
  const columns = ROOM_COLUMNS.map((c) => `"${c}"`).join(', ');
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => roomAt(start + i));
    await ctx.db.query(
      `insert into public."Rooms" (${columns})
       select ${columns} from jsonb_populate_recordset(null::public."Rooms", $1::jsonb)`,
      [JSON.stringify(rows)],
    );
  }
}

export async function seedIfEmpty(ctx: BackendContext): Promise<void> {
  if (!(await schemaMatches(ctx))) return;
  await installPhotos(ctx.config.storageDir);
  await writeAvatars(ctx.config.storageDir);
  const { rows } = await ctx.db.query<{ any: boolean }>('select exists (select 1 from public."Rooms") as any');
  if (rows[0]!.any) return;
  const count = ctx.config.seed.rooms;
  const started = Date.now();
  await insertRooms(ctx, count);
  // The spec's fixed listing texts become the catalogue's own data (amenities, house rules,
  // check-in, host figures), stored as a host's are (migration 20261128000200_listing_facts.sql).
  await ctx.db.query('select private.add_catalogue_facts()');
  await seedReviews(ctx);
  // Fresh statistics and visibility maps: search_rooms matches and counts by index-only scans
  // of the letter data (kept by a trigger on "Rooms") and of "Rooms" from the start.
  await ctx.db.exec('vacuum analyze public."Rooms", search.room_letters, search.places');
  if (count > 0) console.log(`[seed] ${count} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
