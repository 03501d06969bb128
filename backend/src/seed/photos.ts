// Listing photos made locally: procedural SVG scenes (houses, pools, beaches, cabins, mountains,
// lakes, deserts, interiors, castles) rendered by sharp to WebP at 400, 800 and 1200 px wide. Rendered
// once into a cache folder (backend/.cache/photos) shared by every data folder, then linked into
// <dataDir>/storage/listing-photos/scenes.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mulberry32, pick, between, type Random } from './random.ts';

export const SCENE_KINDS = ['house', 'pool', 'beach', 'cabin', 'mountain', 'lake', 'desert', 'interior', 'castle'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

/** Variants per kind: 9 kinds x 16 = 144 distinct scenes (a new kind goes last: indices stay). */
export const VARIANTS_PER_KIND = 16;
export const WIDTHS = [400, 800, 1200] as const;
const WIDTH = 1200;
const HEIGHT = 800;
/** Bump when the drawings change, so caches are re-rendered. */
const CACHE_VERSION = 1;

export const PHOTO_CACHE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/photos');
export const PUBLIC_PHOTOS_PREFIX = '/storage/v1/object/public/listing-photos/scenes';

export interface Scene {
  index: number;
  kind: SceneKind;
  variant: number;
}

export const SCENES: Scene[] = SCENE_KINDS.flatMap((kind, k) =>
  Array.from({ length: VARIANTS_PER_KIND }, (_, variant) => ({ index: k * VARIANTS_PER_KIND + variant + 1, kind, variant })),
);

export const sceneFile = (index: number, width: (typeof WIDTHS)[number]) =>
  `scene-${String(index).padStart(3, '0')}-${width}.webp`;
export const sceneUrl = (index: number, width: (typeof WIDTHS)[number] = 800) => `${PUBLIC_PHOTOS_PREFIX}/${sceneFile(index, width)}`;

// --- drawing --------------------------------------------------------------------------------

interface Sky {
  top: string;
  bottom: string;
  sun: string;
}
const SKIES: Sky[] = [
  { top: '#4a90d9', bottom: '#bfe0f7', sun: '#fff6c2' }, // day
  { top: '#2f6db5', bottom: '#9fd0f0', sun: '#ffffff' }, // clear noon
  { top: '#f28c52', bottom: '#ffd59e', sun: '#fff0b3' }, // sunset
  { top: '#6a5acd', bottom: '#f6a8a0', sun: '#ffe3b0' }, // dusk
  { top: '#7fb8e6', bottom: '#e8f4fb', sun: '#fffbe6' }, // hazy
];

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;
const poly = (points: Array<[number, number]>, fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" ${extra}/>`;

function sky(r: Random, horizon: number): string {
  const s = pick(r, SKIES);
  const clouds = Array.from({ length: between(r, 1, 4) }, () => {
    const x = between(r, 0, WIDTH);
    const y = between(r, 40, horizon * 0.5);
    const w = between(r, 80, 180);
    return `<g fill="#ffffff" opacity="0.85">${circle(x, y, w * 0.3, '#fff')}${circle(x + w * 0.3, y - 12, w * 0.35, '#fff')}${circle(x + w * 0.65, y, w * 0.28, '#fff')}</g>`;
  }).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient></defs>
${rect(0, 0, WIDTH, HEIGHT, 'url(#sky)')}${circle(between(r, 150, 1050), between(r, 90, horizon * 0.55), between(r, 40, 75), s.sun, 'opacity="0.95"')}${clouds}`;
}

function hills(r: Random, base: number, colors: string[]): string {
  return colors
    .map((color, i) => {
      const y = base + i * 40;
      const pts: Array<[number, number]> = [[0, HEIGHT]];
      for (let x = 0; x <= WIDTH; x += 100) pts.push([x, y - between(r, 0, 70) + Math.sin(x / 180 + i) * 20]);
      pts.push([WIDTH, HEIGHT]);
      return poly(pts, color);
    })
    .join('');
}

function tree(r: Random, x: number, ground: number, scale: number, color: string): string {
  const h = 120 * scale;
  return `${rect(x - 6 * scale, ground - h * 0.35, 12 * scale, h * 0.35, '#6b4a2b')}${poly(
    [
      [x, ground - h],
      [x - 45 * scale, ground - h * 0.3],
      [x + 45 * scale, ground - h * 0.3],
    ],
    color,
  )}${poly(
    [
      [x, ground - h * 1.2],
      [x - 35 * scale, ground - h * 0.6],
      [x + 35 * scale, ground - h * 0.6],
    ],
    color,
  )}`;
}

function palm(x: number, ground: number, scale: number): string {
  const top = ground - 260 * scale;
  const leaves = [-60, -25, 10, 45, 80]
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      return `<path d="M${x},${top} q${Math.cos(rad) * 80 * scale},${-40 * scale} ${Math.cos(rad) * 150 * scale},${Math.sin(rad) * 60 * scale + 40 * scale}" stroke="#2e8b57" stroke-width="${16 * scale}" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<path d="M${x - 10 * scale},${ground} Q${x + 25 * scale},${ground - 140 * scale} ${x},${top}" stroke="#8b6b43" stroke-width="${14 * scale}" fill="none"/>${leaves}`;
}

const WALLS = ['#f4efe6', '#e9d8c4', '#d7e3ea', '#f7e1d7', '#e0e6d5', '#fdf6e3', '#c9d6df', '#efe3d3'];
const ROOFS = ['#a0422a', '#5b4a3f', '#35495e', '#8c5a3c', '#6b7b8c', '#b5651d'];
const ACCENTS = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#457b9d', '#e63946', '#2a9d8f'];

function house(r: Random, x: number, ground: number, w: number, h: number, opts: { flat?: boolean; wall?: string; roof?: string } = {}): string {
  const wall = opts.wall ?? pick(r, WALLS);
  const roof = opts.roof ?? pick(r, ROOFS);
  const top = ground - h;
  const roofShape = opts.flat
    ? rect(x - 10, top - 18, w + 20, 18, roof)
    : poly(
        [
          [x - 25, top],
          [x + w / 2, top - h * 0.55],
          [x + w + 25, top],
        ],
        roof,
      );
  const windows: string[] = [];
  const cols = Math.max(2, Math.floor(w / 90));
  for (let c = 0; c < cols; c++) {
    const wx = x + (w / cols) * c + (w / cols - 42) / 2;
    windows.push(rect(wx, top + h * 0.18, 42, 48, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"'));
  }
  const door = rect(x + w / 2 - 24, ground - 80, 48, 80, pick(r, ACCENTS));
  return `${rect(x, top, w, h, wall)}${roofShape}${windows.join('')}${door}`;
}

function water(y: number, color: string, h = HEIGHT - y): string {
  const ripples = Array.from({ length: 6 }, (_, i) => {
    const ry = y + 20 + i * (h / 7);
    return `<path d="M${80 + i * 130},${ry} q40,-10 80,0 t80,0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.5"/>`;
  }).join('');
  return rect(0, y, WIDTH, h, color) + ripples;
}

function drawScene(scene: Scene): string {
  const r = mulberry32(1000 + scene.index * 7919);
  const horizon = between(r, 380, 470);
  let body = '';
  switch (scene.kind) {
    case 'house': {
      body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a', '#6fa84f']);
      body += tree(r, between(r, 60, 220), HEIGHT - 120, 1.3, '#2f6b3a') + tree(r, between(r, 980, 1140), HEIGHT - 110, 1.5, '#3b7d46');
      body += house(r, between(r, 330, 480), HEIGHT - 120, between(r, 330, 460), between(r, 190, 260), { flat: r() < 0.35 });
      body += rect(0, HEIGHT - 120, WIDTH, 120, '#7cb35a');
      break;
    }
    case 'pool': {
      body = sky(r, horizon) + hills(r, horizon, ['#9cc5a1']);
      body += house(r, between(r, 250, 420), horizon + 150, between(r, 480, 640), between(r, 170, 220), { flat: true, wall: '#fbfaf7' });
      body += rect(0, horizon + 150, WIDTH, HEIGHT, '#e8dcc8');
      body += `<g>${rect(between(r, 120, 260), horizon + 210, between(r, 700, 880), 170, '#29b6d8', 'rx="14"')}${rect(160, horizon + 225, 600, 10, '#ffffff', 'opacity="0.45"')}</g>`;
      body += palm(between(r, 60, 140), HEIGHT - 60, 0.9) + palm(between(r, 1040, 1140), HEIGHT - 40, 1.05);
      body += rect(between(r, 880, 960), HEIGHT - 130, 120, 24, pick(r, ACCENTS), 'rx="8"');
      break;
    }
    case 'beach': {
      body = sky(r, horizon);
      body += water(horizon, pick(r, ['#1e88c7', '#2aa6c9', '#157fa8']), 160);
      body += poly(
        [
          [0, horizon + 140],
          [WIDTH, horizon + 110],
          [WIDTH, HEIGHT],
          [0, HEIGHT],
        ],
        '#f3dba6',
      );
      body += palm(between(r, 80, 300), HEIGHT - 50, between(r, 9, 12) / 10) + palm(between(r, 880, 1100), HEIGHT - 30, 1.1);
      const ux = between(r, 450, 750);
      body += `<path d="M${ux - 90},${HEIGHT - 170} Q${ux},${HEIGHT - 260} ${ux + 90},${HEIGHT - 170} Z" fill="${pick(r, ACCENTS)}"/>${rect(ux - 4, HEIGHT - 170, 8, 130, '#6b4a2b')}`;
      body += `<path d="M${between(r, 700, 1000)},${horizon + 30} l30,-60 l0,60 z" fill="#ffffff"/>`;
      break;
    }
    case 'cabin': {
      body = sky(r, horizon) + hills(r, horizon - 40, ['#4f7f52', '#3f6d45']);
      for (let i = 0; i < 9; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 90, 170), between(r, 8, 15) / 10, pick(r, ['#2d5a34', '#24502c', '#356b3b']));
      const cx = between(r, 380, 560);
      const cw = between(r, 280, 360);
      body += house(r, cx, HEIGHT - 110, cw, 170, { wall: pick(r, ['#8b5a2b', '#7a4b25', '#9c6b3c']), roof: pick(r, ['#3b2a1e', '#4a3526', '#2f3b2f']) });
      for (let y = HEIGHT - 270; y < HEIGHT - 110; y += 22) body += rect(cx, y, cw, 3, '#5c3a1c', 'opacity="0.6"');
      body += rect(0, HEIGHT - 110, WIDTH, 110, '#5d8c4a');
      break;
    }
    case 'mountain': {
      body = sky(r, horizon);
      for (let i = 0; i < 4; i++) {
        const px = between(r, -100, 1100);
        const pw = between(r, 350, 600);
        const ph = between(r, 260, 420);
        body += poly([[px, horizon + 120], [px + pw / 2, horizon + 120 - ph], [px + pw, horizon + 120]], pick(r, ['#6d7b8d', '#5a6878', '#7f8c99']));
        body += poly([[px + pw / 2 - pw * 0.12, horizon + 120 - ph * 0.76], [px + pw / 2, horizon + 120 - ph], [px + pw / 2 + pw * 0.12, horizon + 120 - ph * 0.76]], '#ffffff');
      }
      const snowy = r() < 0.5;
      body += rect(0, horizon + 110, WIDTH, HEIGHT, snowy ? '#eef3f7' : '#7daa5e');
      body += house(r, between(r, 420, 700), HEIGHT - 90, 240, 150, { wall: '#8b5a2b', roof: snowy ? '#f5f7fa' : '#3b2a1e' });
      for (let i = 0; i < 5; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 30, 90), 1, snowy ? '#3c6e5a' : '#2f6b3a');
      break;
    }
    case 'lake': {
      body = sky(r, horizon) + hills(r, horizon - 30, ['#5f8f5a']);
      body += water(horizon + 40, pick(r, ['#3f88b5', '#4b9cc2', '#2f7aa1']));
      const dx = between(r, 300, 700);
      body += rect(dx, horizon + 160, 300, 18, '#8b6b43') + rect(dx + 20, horizon + 178, 10, 60, '#6b4a2b') + rect(dx + 270, horizon + 178, 10, 60, '#6b4a2b');
      body += `<path d="M${dx + 380},${horizon + 250} h160 l-25,35 h-110 z" fill="${pick(r, ACCENTS)}"/>`;
      body += house(r, between(r, 40, 160), horizon + 38, 220, 130, { roof: pick(r, ROOFS) });
      body += tree(r, between(r, 1000, 1150), horizon + 60, 1.2, '#2f6b3a');
      break;
    }
    case 'desert': {
      body = sky(r, horizon);
      body += hills(r, horizon + 40, ['#e3b778', '#d9a45f', '#c98f4a']);
      body += house(r, between(r, 380, 560), HEIGHT - 130, between(r, 300, 420), between(r, 160, 220), { flat: true, wall: pick(r, ['#e9c89b', '#d8a878', '#f0d9b5']), roof: '#b07a45' });
      for (let i = 0; i < 3; i++) {
        const cx = between(r, 60, 1140);
        const ch = between(r, 90, 160);
        body += rect(cx - 12, HEIGHT - 60 - ch, 24, ch, '#4f8a4c', 'rx="12"') + rect(cx - 40, HEIGHT - 60 - ch * 0.7, 18, ch * 0.35, '#4f8a4c', 'rx="9"');
      }
      break;
    }
    case 'castle': {
      body = sky(r, horizon) + hills(r, horizon, ['#7fa36a', '#678f55']);
      const stone = pick(r, ['#b9b2a6', '#a89f91', '#c7bfae', '#9e978b']);
      const dark = '#7d766b';
      const left = between(r, 200, 360);
      const width = between(r, 520, 680);
      const wallTop = HEIGHT - between(r, 300, 360);
      // the curtain wall with its battlements
      body += rect(left, wallTop, width, HEIGHT - wallTop, stone);
      for (let x = left; x < left + width - 10; x += 44) body += rect(x, wallTop - 26, 26, 26, stone);
      // towers at both ends and a keep in the middle, each crenellated, with pointed roofs
      const towers: Array<[number, number, number]> = [
        [left - 60, 130, between(r, 150, 210)],
        [left + width - 70, 130, between(r, 150, 210)],
        [left + width / 2 - 85, 170, between(r, 230, 300)],
      ];
      for (const [tx, tw, extra] of towers) {
        const top = wallTop - extra;
        body += rect(tx, top, tw, HEIGHT - top, stone, `stroke="${dark}" stroke-width="3"`);
        for (let x = tx; x < tx + tw - 10; x += 32) body += rect(x, top - 22, 20, 22, stone);
        if (r() < 0.7) body += poly([[tx - 8, top - 22], [tx + tw / 2, top - 22 - tw * 0.9], [tx + tw + 8, top - 22]], pick(r, ['#35495e', '#5b4a3f', '#8c3b2e']));
        for (let y = top + 40; y < HEIGHT - 160; y += 90) body += rect(tx + tw / 2 - 9, y, 18, 44, '#3b3530', 'rx="9"');
      }
      // the gate and a flag
      const gx = left + width / 2 - 45;
      body += `<path d="M${gx},${HEIGHT - 80} v-90 a45,45 0 0 1 90,0 v90 z" fill="#4a3b2c"/>`;
      const keep = towers[2]!;
      body += rect(keep[0] + keep[1] / 2 - 3, wallTop - keep[2] - 130, 6, 110, '#3d3d3d') + poly([[keep[0] + keep[1] / 2 + 3, wallTop - keep[2] - 130], [keep[0] + keep[1] / 2 + 70, wallTop - keep[2] - 110], [keep[0] + keep[1] / 2 + 3, wallTop - keep[2] - 90]], pick(r, ACCENTS));
      body += rect(0, HEIGHT - 80, WIDTH, 80, '#6f9a52');
      body += tree(r, between(r, 40, 140), HEIGHT - 70, 1.2, '#2f6b3a') + tree(r, between(r, 1060, 1160), HEIGHT - 60, 1.3, '#3b7d46');
      break;
    }
    case 'interior': {
      const wall = pick(r, ['#f3ece2', '#e6eef2', '#f1e4dc', '#e9efe4', '#efe7f3']);
      body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 560, WIDTH, 240, pick(r, ['#b08a63', '#9c7653', '#c7a27c', '#8d6e63']));
      const wx = between(r, 640, 820);
      body += rect(wx, 110, 320, 300, '#bfe3f7', 'stroke="#ffffff" stroke-width="14"') + rect(wx + 155, 110, 10, 300, '#ffffff');
      body += rect(wx + 14, 300, 292, 100, '#8fbf6a', 'opacity="0.7"');
      const bed = r() < 0.5;
      if (bed) {
        body += rect(120, 430, 460, 170, '#ffffff', 'rx="12"') + rect(100, 360, 30, 240, '#6b4a2b') + rect(130, 470, 440, 90, pick(r, ACCENTS), 'rx="10"');
        body += rect(150, 430, 120, 45, '#eeeeee', 'rx="18"') + rect(290, 430, 120, 45, '#eeeeee', 'rx="18"');
      } else {
        body += rect(120, 470, 460, 110, pick(r, ACCENTS), 'rx="20"') + rect(120, 420, 460, 70, pick(r, ACCENTS), 'rx="20" opacity="0.85"');
        body += rect(650, 560, 200, 20, '#6b4a2b') + rect(660, 580, 12, 60, '#6b4a2b') + rect(828, 580, 12, 60, '#6b4a2b');
      }
      body += rect(between(r, 180, 400), 150, 160, 110, pick(r, ACCENTS), 'stroke="#3d3d3d" stroke-width="8"');
      body += rect(1000, 300, 14, 280, '#3d3d3d') + poly([[960, 300], [1054, 300], [1030, 240], [984, 240]], '#f2cc8f');
      body += rect(200, 640, 700, 120, pick(r, ['#d9c2a7', '#c8d5b9', '#e3c5c5']), 'rx="60" opacity="0.8"');
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/** The SVG of one scene (exported for tests and for anyone who wants vector art). */
export const sceneSvg = (scene: Scene) => drawScene(scene);

async function renderScene(scene: Scene, dir: string): Promise<void> {
  const raster = await sharp(Buffer.from(drawScene(scene))).resize(WIDTH).png().toBuffer();
  for (const width of WIDTHS) {
    await sharp(raster).resize(width).webp({ quality: 78 }).toFile(join(dir, sceneFile(scene.index, width)));
  }
}

/** Renders every scene into the cache unless it is already complete for this CACHE_VERSION. */
export async function ensurePhotoCache(dir = PHOTO_CACHE_DIR): Promise<string> {
  const stamp = join(dir, 'version.json');
  const expected = JSON.stringify({ version: CACHE_VERSION, scenes: SCENES.length, widths: WIDTHS });
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === expected) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const queue = [...SCENES];
  const workers = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
    for (let scene = queue.shift(); scene; scene = queue.shift()) await renderScene(scene, dir);
  });
  await Promise.all(workers);
  await writeFile(stamp, expected);
  return dir;
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
