// Listing photos made locally: the procedural SVG scenes of ./scenes (the nine settings, each
// category's own building, rooms) rendered by sharp to WebP at 400, 800 and 1200 px wide, once
// into a cache folder (backend/.cache/photos) shared by every data folder, then linked into
// <dataDir>/storage/listing-photos/scenes.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism, hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { WIDTH } from './scenes/canvas.ts';
import { drawScene } from './scenes/index.ts';
import { SCENES, type Scene } from './scenes/kinds.ts';

export const WIDTHS = [400, 800, 1200] as const;
/** Bump when the drawings change, so caches are re-rendered. */
const CACHE_VERSION = 4;

export const PHOTO_CACHE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/photos');
export const PUBLIC_PHOTOS_PREFIX = '/storage/v1/object/public/listing-photos/scenes';

export const sceneFile = (index: number, width: (typeof WIDTHS)[number]) =>
  `scene-${String(index).padStart(3, '0')}-${width}.webp`;
export const sceneUrl = (index: number, width: (typeof WIDTHS)[number] = 800) => `${PUBLIC_PHOTOS_PREFIX}/${sceneFile(index, width)}`;
/** The scene a photo URL shows (the inverse of sceneUrl). */
export const sceneOfUrl = (url: string): Scene => SCENES[Number(/scene-(\d+)/.exec(url)![1]) - 1]!;

async function renderScene(scene: Scene, dir: string): Promise<void> {
  const raster = await sharp(Buffer.from(drawScene(scene))).resize(WIDTH).png().toBuffer();
  for (const width of WIDTHS) {
    await sharp(raster).resize(width).webp({ quality: 78 }).toFile(join(dir, sceneFile(scene.index, width)));
  }
}

const CACHE_STAMP = JSON.stringify({ version: CACHE_VERSION, scenes: SCENES.length, widths: WIDTHS });
/**
 * A lock older than this is taken over whoever holds it: a render takes under a minute, so its
 * holder hangs. A holder on this machine that died is found at once (its PID), not after this.
 */
const STALE_LOCK_MS = 10 * 60_000;
/** A lock with no owner file yet is new for this long (mkdir, then the file is written). */
const OWNERLESS_LOCK_MS = 10_000;
/** Who holds a cache lock: the lock folder's owner.json. */
interface LockOwner {
  pid: number;
  host: string;
  token: string;
}
/** The tokens of the locks this process holds (several backends may start in one process). */
const heldTokens = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function lockOwner(lock: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(join(lock, 'owner.json'), 'utf8')) as LockOwner;
    return typeof owner.token === 'string' && /^[0-9a-f-]{36}$/.test(owner.token) ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Whether `lock` was left by a holder that will never remove it: a process of this machine that
 * is gone (or whose PID is now this process's, as after a container restart, without holding it),
 * a lock that never got its owner file, or one held longer than any render takes.
 */
async function lockIsStale(lock: string, owner: LockOwner | null): Promise<boolean> {
  const held = await stat(lock).catch(() => null);
  if (!held) return false;
  const age = Date.now() - held.mtimeMs;
  if (!owner) return age > OWNERLESS_LOCK_MS;
  if (owner.host === hostname()) {
    if (owner.pid === process.pid) return !heldTokens.has(owner.token);
    if (!processAlive(owner.pid)) return true;
  }
  return age > STALE_LOCK_MS;
}

async function cacheIsComplete(dir: string): Promise<boolean> {
  const stamp = join(dir, 'version.json');
  return existsSync(stamp) && (await readFile(stamp, 'utf8')) === CACHE_STAMP;
}

/**
 * Takes the cache's lock (a folder beside it: mkdir is atomic, and the owner.json it holds names
 * the process), answering its token, or returns null once another process holding it has
 * completed the cache. A lock whose holder is gone is taken over at once (lockIsStale): a backend
 * killed during its first render does not hold the next start back. The end-to-end and backend
 * suites start side by side on a fresh clone, and both need the photos.
 */
export async function lockCache(lock: string, dir: string): Promise<string | null> {
  for (;;) {
    try {
      await mkdir(lock);
      const token = randomUUID();
      heldTokens.add(token);
      await writeFile(join(lock, 'owner.json'), JSON.stringify({ pid: process.pid, host: hostname(), token } satisfies LockOwner));
      return token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await lockOwner(lock);
    if (await lockIsStale(lock, owner)) {
      await rm(lock, { recursive: true, force: true });
      // What the gone holder had rendered so far.
      if (owner) await rm(`${dir}.staging-${owner.token}`, { recursive: true, force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (await cacheIsComplete(dir)) return null;
  }
}

/** Lets the lock go, unless another process took it over meanwhile (it thought this one gone). */
async function unlockCache(lock: string, token: string): Promise<void> {
  heldTokens.delete(token);
  if ((await lockOwner(lock))?.token === token) await rm(lock, { recursive: true, force: true });
}

/**
 * Renders every scene into the cache unless it is already complete for this CACHE_VERSION. One
 * process renders at a time, into a staging folder renamed into place when complete, so no process
 * ever reads a half-written cache.
 */
export async function ensurePhotoCache(dir = PHOTO_CACHE_DIR): Promise<string> {
  if (await cacheIsComplete(dir)) return dir;
  await mkdir(dirname(dir), { recursive: true });
  const lock = `${dir}.lock`;
  const token = await lockCache(lock, dir);
  if (token === null) return dir;
  // Its own staging folder: should two processes ever both hold the lock (each found the other's
  // stale), each renders whole and the last rename wins.
  const staging = `${dir}.staging-${token}`;
  try {
    if (await cacheIsComplete(dir)) return dir;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging);
    const queue = [...SCENES];
    const workers = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
      for (let scene = queue.shift(); scene; scene = queue.shift()) await renderScene(scene, staging);
    });
    await Promise.all(workers);
    await writeFile(join(staging, 'version.json'), CACHE_STAMP);
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
    return dir;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await unlockCache(lock, token);
  }
}

/** Makes <storageDir>/listing-photos/scenes the cached photos (a symlink, or a copy where links fail). */
export async function installPhotos(storageDir: string): Promise<void> {
  const cache = await ensurePhotoCache();
  const target = join(storageDir, 'listing-photos', 'scenes');
  if (existsSync(join(target, 'version.json'))) return;
  await mkdir(dirname(target), { recursive: true });
  await rm(target, { recursive: true, force: true });
  try {
    await symlink(cache, target, 'dir');
  } catch {
    await cp(cache, target, { recursive: true });
  }
}
