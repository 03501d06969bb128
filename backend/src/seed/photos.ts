// Listing photos made locally: the procedural SVG scenes of ./scenes (the nine settings, each
// category's own building, rooms) rendered by sharp to WebP at 400, 800 and 1200 px wide, once
// into a cache folder (backend/.cache/photos) shared by every data folder, then linked into
// <dataDir>/storage/listing-photos/scenes.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
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
/** A lock older than this was left by a process that died while rendering (a render takes under a minute). */
const STALE_LOCK_MS = 10 * 60_000;

async function cacheIsComplete(dir: string): Promise<boolean> {
  const stamp = join(dir, 'version.json');
  return existsSync(stamp) && (await readFile(stamp, 'utf8')) === CACHE_STAMP;
}

/**
 * Takes the cache's lock (a folder beside it: mkdir is atomic), or returns false once another
 * process holding it has completed the cache. The end-to-end and backend suites start side by
 * side on a fresh clone, and both need the photos.
 */
async function lockCache(lock: string, dir: string): Promise<boolean> {
  for (;;) {
    try {
      await mkdir(lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await stat(lock).catch(() => null);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (await cacheIsComplete(dir)) return false;
  }
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
  if (!(await lockCache(lock, dir))) return dir;
  try {
    if (await cacheIsComplete(dir)) return dir;
    const staging = `${dir}.staging`;
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
    await rm(lock, { recursive: true, force: true });
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
