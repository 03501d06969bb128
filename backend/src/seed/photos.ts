// Listing photos made locally: procedural SVG scenes (houses, pools, beaches, cabins, mountains,
// lakes, deserts, interiors, castles, and the buildings of their own categories: domes, yurts,
// A-frames, windmills, treehouses, houseboats, towers, barns, trulli, container homes, Cycladic
// houses, East Asian tiled-roof houses, camper vans, vineyard cottages, cave houses, riads, arctic
// cabins, islands, surf beaches, ski chalets, golf villas, mansions, historic townhouses,
// shepherd's huts, an upside-down house, music rooms and kitchens) rendered by sharp to WebP at
// 400, 800 and 1200 px wide. Rendered
// once into a cache folder (backend/.cache/photos) shared by every data folder, then linked into
// <dataDir>/storage/listing-photos/scenes.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mulberry32, pick, between, type Random } from './random.ts';

export const SCENE_KINDS = [
  'house', 'pool', 'beach', 'cabin', 'mountain', 'lake', 'desert', 'interior', 'castle',
  'dome', 'yurt', 'aframe', 'windmill', 'treehouse', 'boat', 'tower', 'barn',
  'trullo', 'container', 'cycladic', 'eastern', 'camper', 'vineyard',
  'cave', 'riad', 'arctic', 'island', 'surf', 'ski', 'golf', 'mansion', 'historic', 'shepherd', 'omg', 'piano', 'kitchen',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

/**
 * Variants of a kind: 16 of the nine settings, 8 of each category's own building (a new kind goes
 * last, so the indices of the others stay): 360 distinct scenes.
 */
const variantsOf = (kind: SceneKind) => (SCENE_KINDS.indexOf(kind) < 9 ? 16 : 8);
export const WIDTHS = [400, 800, 1200] as const;
const WIDTH = 1200;
const HEIGHT = 800;
/** Bump when the drawings change, so caches are re-rendered. */
const CACHE_VERSION = 4;

export const PHOTO_CACHE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/photos');
export const PUBLIC_PHOTOS_PREFIX = '/storage/v1/object/public/listing-photos/scenes';

export interface Scene {
  index: number;
  kind: SceneKind;
  variant: number;
}

export const SCENES: Scene[] = SCENE_KINDS.flatMap((kind) => Array.from({ length: variantsOf(kind) }, (_, variant) => ({ kind, variant }))).map(
  (scene, i) => ({ ...scene, index: i + 1 }),
);

/** Whether a scene is a bedroom (every other interior; the rest are living rooms). */
export const isBedroom = (scene: Scene) => scene.kind === 'interior' && scene.variant % 2 === 0;

export const sceneFile = (index: number, width: (typeof WIDTHS)[number]) =>
  `scene-${String(index).padStart(3, '0')}-${width}.webp`;
export const sceneUrl = (index: number, width: (typeof WIDTHS)[number] = 800) => `${PUBLIC_PHOTOS_PREFIX}/${sceneFile(index, width)}`;
/** The scene a photo URL shows (the inverse of sceneUrl). */
export const sceneOfUrl = (url: string): Scene => SCENES[Number(/scene-(\d+)/.exec(url)![1]) - 1]!;

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
    case 'dome': {
      body = sky(r, horizon) + hills(r, horizon + 40, ['#e3b778', '#d9a45f']);
      const cx = between(r, 320, 880);
      const radius = between(r, 170, 220);
      const ground = HEIGHT - 110;
      body += `<path d="M${cx - radius},${ground} a${radius},${radius} 0 0 1 ${radius * 2},0 z" fill="${pick(r, ['#fbf7ef', '#f1e2c8', '#e8d3b0'])}"/>`;
      body += `<path d="M${cx - radius * 0.55},${ground} a${radius * 0.55},${radius * 0.55} 0 0 1 ${radius * 1.1},0" fill="none" stroke="#d2b48c" stroke-width="4"/>`;
      body += circle(cx - radius * 0.45, ground - radius * 0.55, 26, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"') + circle(cx + radius * 0.45, ground - radius * 0.55, 26, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"');
      body += `<path d="M${cx - 34},${ground} v-70 a34,34 0 0 1 68,0 v70 z" fill="${pick(r, ACCENTS)}"/>`;
      body += rect(0, ground, WIDTH, HEIGHT - ground, '#d9a45f');
      for (let i = 0; i < 2; i++) {
        const x = i === 0 ? between(r, 60, 260) : between(r, 940, 1140);
        body += rect(x - 12, ground - 120, 24, 130, '#4f8a4c', 'rx="12"') + rect(x - 40, ground - 90, 18, 45, '#4f8a4c', 'rx="9"');
      }
      break;
    }
    case 'yurt': {
      body = sky(r, horizon) + hills(r, horizon - 20, ['#8fae6a', '#7a9d57']);
      const ground = HEIGHT - 120;
      const x = between(r, 200, 700);
      const w = between(r, 300, 380);
      const felt = pick(r, ['#f4efe6', '#efe3d3', '#e9d8c4']);
      body += rect(x, ground - 150, w, 150, felt) + rect(x, ground - 115, w, 16, pick(r, ACCENTS));
      body += poly([[x - 20, ground - 150], [x + w / 2, ground - 250], [x + w + 20, ground - 150]], pick(r, ['#c9b79c', '#b8a07e', '#d8c8ad']));
      body += circle(x + w / 2, ground - 246, 16, '#8b5a2b');
      body += rect(x + w / 2 - 30, ground - 100, 60, 100, pick(r, ['#c0392b', '#e07a5f', '#3d405b']));
      body += rect(0, ground, WIDTH, 120, '#7cb35a');
      body += tree(r, between(r, 60, 200), ground + 20, 1.1, '#2f6b3a');
      break;
    }
    case 'aframe': {
      body = sky(r, horizon) + hills(r, horizon - 40, ['#4f7f52']);
      for (let i = 0; i < 7; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 100, 170), between(r, 9, 15) / 10, pick(r, ['#2d5a34', '#24502c', '#356b3b']));
      const ground = HEIGHT - 100;
      const cx = between(r, 300, 900);
      const half = between(r, 170, 210);
      const top = ground - half * 2.1;
      body += poly([[cx - half, ground], [cx, top], [cx + half, ground]], pick(r, ['#3b2a1e', '#2f3b2f', '#4a3526']));
      body += poly([[cx - half * 0.72, ground], [cx, top + half * 0.45], [cx + half * 0.72, ground]], '#9ccbe8');
      for (let y = top + half * 0.9; y < ground; y += 70) body += rect(cx - half, y, half * 2, 5, '#ffffff', 'opacity="0.6"');
      body += rect(cx - half - 40, ground - 14, half * 2 + 80, 14, '#8b6b43');
      body += rect(0, ground, WIDTH, 100, '#5d8c4a');
      break;
    }
    case 'windmill': {
      body = sky(r, horizon) + hills(r, horizon + 30, ['#a8c97f']);
      const ground = HEIGHT - 140;
      for (let i = 0; i < 5; i++) body += rect(0, ground + i * 28, WIDTH, 14, pick(r, ['#e8c547', '#d4a017', '#9cc06a']), 'opacity="0.8"');
      const mx = between(r, 300, 900);
      body += poly([[mx - 80, ground], [mx - 48, ground - 300], [mx + 48, ground - 300], [mx + 80, ground]], pick(r, ['#fbfaf7', '#e9d8c4', '#8c5a3c']));
      body += poly([[mx - 62, ground - 300], [mx, ground - 370], [mx + 62, ground - 300]], pick(r, ROOFS));
      const hub: [number, number] = [mx, ground - 320];
      const turn = between(r, 0, 45);
      for (let k = 0; k < 4; k++) {
        body += `<g transform="rotate(${turn + k * 90} ${hub[0]} ${hub[1]})">${rect(hub[0] - 6, hub[1] - 230, 12, 230, '#5b4a3f')}${rect(hub[0] + 6, hub[1] - 220, 48, 180, '#fbfaf7', 'stroke="#5b4a3f" stroke-width="4" opacity="0.95"')}</g>`;
      }
      body += circle(hub[0], hub[1], 14, '#3d3d3d') + rect(mx - 24, ground - 70, 48, 70, pick(r, ACCENTS));
      body += water(HEIGHT - 50, '#4b9cc2', 50);
      break;
    }
    case 'treehouse': {
      body = sky(r, horizon) + hills(r, horizon - 30, ['#4f7f52']);
      const ground = HEIGHT - 90;
      const tx = between(r, 320, 880);
      body += rect(tx - 40, ground - 420, 80, 420, '#6b4a2b');
      const leaves = pick(r, ['#2f6b3a', '#3b7d46', '#356b3b']);
      body += circle(tx - 150, ground - 470, 130, leaves) + circle(tx + 140, ground - 480, 140, leaves) + circle(tx, ground - 560, 150, leaves);
      const deck = ground - 260;
      body += rect(tx - 190, deck, 380, 18, '#8b6b43') + rect(tx - 180, deck + 18, 10, 60, '#6b4a2b') + rect(tx + 170, deck + 18, 10, 60, '#6b4a2b');
      body += house(r, tx - 130, deck, 260, 130, { wall: pick(r, ['#9c6b3c', '#8b5a2b', '#c7a27c']), roof: pick(r, ['#3b2a1e', '#4a3526']) });
      for (let y = deck + 30; y < ground; y += 34) body += rect(tx + 60, y, 70, 8, '#8b6b43');
      body += rect(tx + 60, deck + 18, 8, ground - deck - 18, '#6b4a2b') + rect(tx + 122, deck + 18, 8, ground - deck - 18, '#6b4a2b');
      body += rect(0, ground, WIDTH, 90, '#5d8c4a');
      break;
    }
    case 'boat': {
      body = sky(r, horizon) + hills(r, horizon - 30, ['#5f8f5a']);
      body += water(horizon + 30, pick(r, ['#3f88b5', '#4b9cc2', '#2f7aa1']));
      const bx = between(r, 260, 420);
      const bw = between(r, 560, 680);
      const deck = HEIGHT - 230;
      body += poly([[bx - 40, deck], [bx + bw + 40, deck], [bx + bw - 20, deck + 90], [bx + 20, deck + 90]], pick(r, ['#35495e', '#a0422a', '#2a9d8f']));
      body += rect(bx + 40, deck - 150, bw - 80, 150, pick(r, WALLS));
      body += rect(bx + 20, deck - 172, bw - 40, 22, pick(r, ROOFS));
      for (let x = bx + 80; x < bx + bw - 120; x += 110) body += rect(x, deck - 115, 70, 55, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"');
      body += rect(bx - 40, deck - 6, bw + 80, 6, '#ffffff');
      body += `<path d="M${bx - 60},${deck + 100} q60,-12 120,0 t120,0 t120,0 t120,0 t120,0 t120,0" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.6"/>`;
      break;
    }
    case 'tower': {
      body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a', '#6fa84f']);
      const ground = HEIGHT - 100;
      const tx = between(r, 250, 760);
      const tw = between(r, 140, 180);
      const top = ground - between(r, 420, 480);
      const stone = pick(r, ['#b9b2a6', '#c7bfae', '#d8c3a5', '#a89f91']);
      body += rect(tx, top, tw, ground - top, stone, 'stroke="#7d766b" stroke-width="3"');
      for (let y = top + 40; y < ground - 20; y += 40) body += rect(tx, y, tw, 2, '#7d766b', 'opacity="0.5"');
      body += poly([[tx - 16, top], [tx + tw / 2, top - tw * 1.1], [tx + tw + 16, top]], pick(r, ['#35495e', '#8c3b2e', '#5b4a3f']));
      for (let y = top + 50; y < ground - 120; y += 110) body += rect(tx + tw / 2 - 16, y, 32, 56, '#9ccbe8', 'stroke="#ffffff" stroke-width="4" rx="14"');
      body += `<path d="M${tx + tw / 2 - 28},${ground} v-70 a28,28 0 0 1 56,0 v70 z" fill="#4a3b2c"/>`;
      body += house(r, tx + tw + 30, ground, 220, 120, { roof: pick(r, ROOFS) });
      body += rect(0, ground, WIDTH, 100, '#7cb35a') + tree(r, between(r, 80, 260), ground + 10, 1.3, '#2f6b3a');
      break;
    }
    case 'barn': {
      body = sky(r, horizon) + hills(r, horizon, ['#a8c97f', '#8fbf6a']);
      const ground = HEIGHT - 120;
      const bx = between(r, 140, 560);
      const bw = between(r, 360, 440);
      const red = pick(r, ['#a0422a', '#b5651d', '#8c3b2e', '#c0392b']);
      body += rect(bx, ground - 210, bw, 210, red);
      body += poly([[bx - 14, ground - 210], [bx + bw * 0.2, ground - 300], [bx + bw * 0.8, ground - 300], [bx + bw + 14, ground - 210]], '#4a3b2c');
      const dx = bx + bw / 2 - 70;
      body += rect(dx, ground - 150, 140, 150, red, 'stroke="#ffffff" stroke-width="8"');
      body += `<path d="M${dx},${ground - 150} L${dx + 140},${ground} M${dx + 140},${ground - 150} L${dx},${ground}" stroke="#ffffff" stroke-width="8"/>`;
      body += rect(bx + bw / 2 - 30, ground - 270, 60, 44, '#ffffff');
      const sx = bx + bw + 50;
      body += rect(sx, ground - 300, 90, 300, '#c9d6df') + `<path d="M${sx},${ground - 300} a45,36 0 0 1 90,0 z" fill="#9aa9b5"/>`;
      body += rect(0, ground, WIDTH, 120, '#7cb35a');
      for (let x = 20; x < WIDTH; x += 60) body += rect(x, ground + 40, 8, 50, '#f4efe6');
      body += rect(0, ground + 52, WIDTH, 6, '#f4efe6');
      break;
    }
    case 'trullo': {
      body = sky(r, horizon) + hills(r, horizon + 20, ['#b9c98f', '#a3b878']);
      const ground = HEIGHT - 130;
      const stone = pick(r, ['#f4efe6', '#efe6d6', '#f7f3ea']);
      const cone = pick(r, ['#8e8a83', '#7d7a74', '#9a958c']);
      const x0 = between(r, 160, 360);
      const sizes = [between(r, 210, 240), between(r, 170, 200), between(r, 140, 170)];
      let x = x0;
      for (const w of sizes) {
        const wallTop = ground - w * 0.9;
        body += rect(x, wallTop, w, w * 0.9, stone);
        body += poly([[x - 8, wallTop], [x + w / 2, wallTop - w * 1.15], [x + w + 8, wallTop]], cone);
        for (let y = wallTop - 20; y > wallTop - w * 1.05; y -= 22) body += rect(x + w / 2 - (wallTop - y) * 0.42, y, (wallTop - y) * 0.84, 3, '#6d6a64', 'opacity="0.5"');
        body += circle(x + w / 2, wallTop - w * 1.17, 9, stone);
        x += w + 6;
      }
      body += `<path d="M${x0 + sizes[0]! / 2 - 26},${ground} v-64 a26,26 0 0 1 52,0 v64 z" fill="${pick(r, ['#3d6b8c', '#2a9d8f', '#8c5a3c'])}"/>`;
      body += rect(x0 + sizes[0]! + 6 + sizes[1]! / 2 - 20, ground - 92, 40, 44, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"');
      body += rect(0, ground, WIDTH, 130, '#c9b27c');
      for (let i = 0; i < 3; i++) body += circle(between(r, 40, WIDTH - 40), ground + between(r, 10, 40), between(r, 26, 44), '#6f8f4a');
      break;
    }
    case 'container': {
      body = sky(r, horizon) + hills(r, horizon - 10, ['#7fa66a', '#6a9458']);
      const ground = HEIGHT - 110;
      const colors = ['#c0392b', '#2a9d8f', '#e9c46a', '#457b9d', '#f4a261', '#6d6875'];
      const x = between(r, 200, 520);
      const boxes: Array<[number, number, number]> = [
        [x, ground - 150, 420],
        [x + between(r, 60, 160), ground - 300, 400],
      ];
      for (const [bx, by, bw] of boxes) {
        const color = pick(r, colors);
        body += rect(bx, by, bw, 150, color);
        for (let rx = bx + 12; rx < bx + bw - 8; rx += 18) body += rect(rx, by + 8, 6, 134, '#000000', 'opacity="0.12"');
        body += rect(bx + bw * 0.35, by + 30, bw * 0.4, 80, '#9ccbe8', 'stroke="#2b2b2b" stroke-width="6"');
      }
      body += rect(x + 20, ground - 100, 56, 100, pick(r, ACCENTS));
      body += rect(boxes[1]![0] - 10, ground - 306, boxes[1]![2] + 20, 8, '#2b2b2b');
      body += rect(0, ground, WIDTH, 110, '#8bb464');
      body += tree(r, between(r, 60, 160), ground + 10, 1.2, '#2f6b3a') + tree(r, between(r, 1020, 1140), ground + 10, 1.4, '#3b7d46');
      break;
    }
    case 'cycladic': {
      body = sky(r, horizon - 60);
      body += water(horizon - 60, pick(r, ['#1f6fb2', '#2a7fc0', '#185a9d']), 160);
      const slope = horizon + 100;
      body += poly([[0, slope], [WIDTH, slope - 80], [WIDTH, HEIGHT], [0, HEIGHT]], '#d8c3a5');
      const blue = pick(r, ['#1d4e9e', '#2563b0', '#1b5fa8']);
      for (let i = 0; i < 5; i++) {
        const w = between(r, 140, 220);
        const h = between(r, 110, 170);
        const bx = 40 + i * 230 + between(r, 0, 30);
        const base = slope - (bx / WIDTH) * 80 + between(r, 20, 90);
        body += rect(bx, base - h, w, h, '#fbfbf8') + rect(bx - 6, base - h - 10, w + 12, 10, '#f0f0ea');
        if (i === 2) body += `<path d="M${bx + w / 2 - 50},${base - h - 10} a50,50 0 0 1 100,0 z" fill="${blue}"/>`;
        body += rect(bx + w / 2 - 20, base - 64, 40, 64, blue) + rect(bx + 18, base - h + 30, 34, 34, blue);
      }
      body += rect(0, HEIGHT - 60, WIDTH, 60, '#cdb595');
      break;
    }
    case 'eastern': {
      body = sky(r, horizon) + hills(r, horizon - 30, ['#5e8c61', '#4f7f52']);
      const ground = HEIGHT - 120;
      const x = between(r, 220, 460);
      const w = between(r, 460, 560);
      const h = between(r, 150, 180);
      body += rect(x - 30, ground - 30, w + 60, 30, '#b9b2a6');
      body += rect(x, ground - 30 - h, w, h, pick(r, ['#f4efe6', '#efe3d3', '#e9e2d0']));
      for (let px = x; px <= x + w; px += w / 6) body += rect(px - 6, ground - 30 - h, 12, h, '#6b4a2b');
      for (let k = 0; k < 3; k++) body += rect(x + 30 + k * (w / 3), ground - 30 - h + 30, w / 3 - 60, h - 50, '#f9f4e8', 'stroke="#6b4a2b" stroke-width="4"');
      const roofTop = ground - 30 - h - between(r, 90, 120);
      const roof = pick(r, ['#3a3f47', '#2f3b4a', '#4a4f56']);
      body += `<path d="M${x - 90},${ground - 30 - h + 10} Q${x - 20},${ground - 30 - h - 10} ${x + 30},${roofTop} L${x + w - 30},${roofTop} Q${x + w + 20},${ground - 30 - h - 10} ${x + w + 90},${ground - 30 - h + 10} Z" fill="${roof}"/>`;
      body += rect(x + 20, roofTop - 12, w - 40, 14, roof);
      body += rect(0, ground, WIDTH, 120, '#7d9b5c');
      const pine = between(r, 60, 160);
      body += rect(pine - 8, ground - 200, 16, 200, '#5b3a24') + circle(pine - 30, ground - 200, 50, '#2f5a3a') + circle(pine + 30, ground - 230, 45, '#2f5a3a');
      break;
    }
    case 'camper': {
      body = sky(r, horizon) + hills(r, horizon - 40, ['#6f9a5c', '#5d8c4a']);
      for (let i = 0; i < 5; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 130, 180), between(r, 9, 13) / 10, pick(r, ['#2d5a34', '#356b3b']));
      const ground = HEIGHT - 110;
      const vx = between(r, 260, 520);
      const vw = between(r, 480, 540);
      const paint = pick(r, ['#e9c46a', '#2a9d8f', '#e07a5f', '#8ecae6', '#f4efe6']);
      body += rect(vx, ground - 250, vw, 215, paint, 'rx="50"') + rect(vx, ground - 140, vw, 18, '#ffffff', 'opacity="0.8"');
      body += rect(vx + vw - 150, ground - 225, 125, 80, '#9ccbe8', 'rx="18"') + rect(vx + 50, ground - 220, 150, 70, '#9ccbe8', 'rx="12"');
      body += rect(vx + 225, ground - 220, 75, 160, pick(r, ACCENTS), 'rx="10"');
      for (const wx of [vx + 110, vx + vw - 110]) body += circle(wx, ground - 35, 44, '#2b2b2b') + circle(wx, ground - 35, 18, '#bbbbbb');
      body += rect(0, ground, WIDTH, 110, '#6f9a4e');
      const fx = vx - 140;
      body += poly([[fx - 30, ground + 40], [fx, ground + 10], [fx + 30, ground + 40]], '#e76f51') + rect(fx - 40, ground + 38, 80, 8, '#6b4a2b');
      break;
    }
    case 'vineyard': {
      body = sky(r, horizon - 40) + hills(r, horizon - 40, ['#9fbf6e', '#86ad57']);
      const ground = HEIGHT;
      for (let i = 0; i < 9; i++) {
        const y = horizon + 10 + i * 38;
        body += `<path d="M0,${y} Q${WIDTH / 2},${y - 40} ${WIDTH},${y}" stroke="${pick(r, ['#4f7f32', '#3f6f2a', '#5d8c3a'])}" stroke-width="${12 + i * 2}" fill="none" stroke-linecap="round"/>`;
        for (let x = 40; x < WIDTH; x += 90) body += circle(x + (i % 2) * 40, y - 8 - Math.sin((x / WIDTH) * Math.PI) * 20, 5, '#6a2c70', 'opacity="0.7"');
      }
      body += house(r, between(r, 720, 900), horizon + 10, 230, 130, { wall: pick(r, ['#efe3d3', '#e9d8c4', '#f4efe6']), roof: pick(r, ['#a0422a', '#b5651d']) });
      body += rect(0, ground - 1, WIDTH, 1, '#86ad57');
      const cy = between(r, 80, 200);
      for (let k = 0; k < 3; k++) body += rect(cy + k * 46, horizon - 150, 18, 160, '#2f4a2a', 'rx="9"');
      break;
    }
    case 'cave': {
      body = sky(r, horizon - 80);
      const rock = pick(r, ['#d9b48f', '#cfa77f', '#e0bf9a']);
      body += `<path d="M0,${horizon - 60} Q${WIDTH * 0.3},${horizon - 200} ${WIDTH * 0.55},${horizon - 120} T${WIDTH},${horizon - 150} V${HEIGHT} H0 Z" fill="${rock}"/>`;
      for (let i = 0; i < 5; i++) {
        const x = between(r, 80, 1050);
        const y = between(r, horizon - 40, HEIGHT - 200);
        body += `<path d="M${x},${y + 90} v-50 a30,30 0 0 1 60,0 v50 z" fill="#5b4030"/>`;
        if (i % 2 === 0) body += rect(x + 90, y + 30, 40, 40, '#9ccbe8', 'stroke="#f4efe6" stroke-width="5" rx="6"');
      }
      body += `<path d="M${between(r, 450, 650)},${HEIGHT - 40} v-110 a55,55 0 0 1 110,0 v110 z" fill="${pick(r, ACCENTS)}"/>`;
      body += rect(0, HEIGHT - 40, WIDTH, 40, '#bf9570');
      break;
    }
    case 'riad': {
      const wall = pick(r, ['#e8b98f', '#f0c9a0', '#deaa7e']);
      body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 0, WIDTH, 90, '#7fc4ec');
      const door = pick(r, ['#2e6f6a', '#1d4e9e', '#8c3b2e', '#3d405b']);
      for (let k = 0; k < 4; k++) {
        const x = 60 + k * 290;
        body += `<path d="M${x},480 v-220 a90,90 0 0 1 180,0 v220 z" fill="#5b3a29" opacity="0.85"/>`;
        body += `<path d="M${x + 20},480 v-210 a70,70 0 0 1 140,0 v210 z" fill="${door}"/>`;
      }
      const tile = pick(r, ['#2a7fa3', '#2e6f6a', '#b5651d']);
      for (let x = 0; x < WIDTH; x += 60) for (let y = 480; y < HEIGHT; y += 60) body += rect(x, y, 60, 60, (x + y) % 120 === 0 ? tile : '#f4efe6');
      body += `<ellipse cx="600" cy="640" rx="170" ry="50" fill="#e9e2d0"/><ellipse cx="600" cy="630" rx="140" ry="36" fill="#5cc2e0"/>`;
      body += rect(592, 560, 16, 70, '#e9e2d0') + circle(600, 556, 16, '#5cc2e0');
      body += palm(between(r, 100, 160), HEIGHT - 40, 0.9) + palm(between(r, 1040, 1100), HEIGHT - 40, 0.85);
      break;
    }
    case 'arctic': {
      body = rect(0, 0, WIDTH, HEIGHT, pick(r, ['#0f1f3d', '#14264a', '#1a1f4a']));
      for (let i = 0; i < 40; i++) body += circle(between(r, 0, WIDTH), between(r, 0, horizon), 2, '#ffffff', 'opacity="0.8"');
      for (let k = 0; k < 3; k++) {
        const y = between(r, 90, 220);
        body += `<path d="M0,${y} Q${WIDTH / 3},${y - 90} ${WIDTH / 2},${y} T${WIDTH},${y - 40}" stroke="${pick(r, ['#3dff9e', '#5fffc0', '#7ce8ff'])}" stroke-width="${between(r, 30, 60)}" fill="none" opacity="0.35"/>`;
      }
      body += hills(r, horizon + 20, ['#dfe8f2', '#eef3f8']);
      body += house(r, between(r, 380, 640), HEIGHT - 120, 260, 150, { wall: pick(r, ['#b23a2e', '#a0422a', '#c0392b']), roof: '#f5f7fa' });
      body += rect(0, HEIGHT - 120, WIDTH, 120, '#f5f8fb');
      for (let i = 0; i < 4; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 60, 120), 1, '#2c4f46');
      break;
    }
    case 'island': {
      body = sky(r, horizon - 40) + water(horizon - 40, pick(r, ['#1aa0c8', '#19b3c9', '#1592b8']));
      const cx = between(r, 420, 780);
      body += `<ellipse cx="${cx}" cy="${HEIGHT - 230}" rx="330" ry="70" fill="#f3dba6"/><ellipse cx="${cx}" cy="${HEIGHT - 250}" rx="250" ry="45" fill="#6fb56a"/>`;
      body += palm(cx - 180, HEIGHT - 250, 0.9) + palm(cx + 170, HEIGHT - 245, 1);
      body += house(r, cx - 90, HEIGHT - 265, 180, 90, { wall: '#f1e2c8', roof: '#b8935a' });
      for (let i = 0; i < 3; i++) body += rect(cx + 250 + i * 40, HEIGHT - 250, 12, 80, '#8b6b43');
      body += rect(cx + 240, HEIGHT - 255, 130, 12, '#a07850');
      break;
    }
    case 'surf': {
      body = sky(r, horizon);
      body += water(horizon, pick(r, ['#1e88c7', '#2aa6c9']), 170);
      for (let k = 0; k < 4; k++) body += `<path d="M${-50 + k * 320},${horizon + 120} q80,-70 160,-10 q-60,-10 -80,30 z" fill="#ffffff" opacity="0.85"/>`;
      body += poly([[0, horizon + 160], [WIDTH, horizon + 130], [WIDTH, HEIGHT], [0, HEIGHT]], '#f1d9a0');
      const colors = ['#e76f51', '#2a9d8f', '#f4a261', '#457b9d', '#e9c46a'];
      const x0 = between(r, 200, 600);
      for (let k = 0; k < 4; k++) body += `<ellipse cx="${x0 + k * 90}" cy="${HEIGHT - 190}" rx="30" ry="130" fill="${pick(r, colors)}" stroke="#ffffff" stroke-width="6" transform="rotate(${between(r, -12, 12)} ${x0 + k * 90} ${HEIGHT - 190})"/>`;
      body += palm(between(r, 900, 1100), HEIGHT - 40, 1.05);
      break;
    }
    case 'ski': {
      body = sky(r, horizon - 60);
      body += poly([[0, horizon + 60], [WIDTH * 0.45, horizon - 260], [WIDTH, horizon + 20], [WIDTH, HEIGHT], [0, HEIGHT]], '#f3f6fa');
      body += poly([[WIDTH * 0.38, horizon - 180], [WIDTH * 0.45, horizon - 260], [WIDTH * 0.55, horizon - 170]], '#dfe6ee');
      body += `<path d="M${WIDTH * 0.15},${HEIGHT - 80} L${WIDTH * 0.5},${horizon - 200}" stroke="#3d3d3d" stroke-width="4"/>`;
      for (let k = 1; k < 5; k++) {
        const x = WIDTH * 0.15 + (WIDTH * 0.35 * k) / 5;
        const y = HEIGHT - 80 - ((HEIGHT - 80 - (horizon - 200)) * k) / 5;
        body += rect(x - 2, y, 4, 30, '#3d3d3d') + rect(x - 20, y + 30, 40, 14, pick(r, ACCENTS), 'rx="4"');
      }
      body += house(r, between(r, 700, 880), HEIGHT - 110, 260, 150, { wall: '#8b5a2b', roof: '#f5f7fa' });
      for (let i = 0; i < 4; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 20, 80), 1, '#2c5a46');
      for (let k = 0; k < 2; k++) body += `<path d="M${300 + k * 30},${HEIGHT - 150} l60,110" stroke="${pick(r, ACCENTS)}" stroke-width="8" stroke-linecap="round"/>`;
      break;
    }
    case 'golf': {
      body = sky(r, horizon) + hills(r, horizon, ['#7fb95a', '#6aa84a']);
      body += `<path d="M0,${HEIGHT - 200} Q${WIDTH / 2},${HEIGHT - 300} ${WIDTH},${HEIGHT - 220} V${HEIGHT} H0 Z" fill="#8fd16a"/>`;
      const gx = between(r, 650, 900);
      body += `<ellipse cx="${gx}" cy="${HEIGHT - 150}" rx="170" ry="45" fill="#a6e07f"/>`;
      body += rect(gx - 3, HEIGHT - 290, 6, 140, '#f4efe6') + poly([[gx + 3, HEIGHT - 290], [gx + 70, HEIGHT - 270], [gx + 3, HEIGHT - 250]], '#e63946');
      body += `<ellipse cx="${gx}" cy="${HEIGHT - 150}" rx="10" ry="4" fill="#2b2b2b"/>` + `<ellipse cx="${between(r, 250, 450)}" cy="${HEIGHT - 90}" rx="120" ry="30" fill="#f3e3b3"/>`;
      body += house(r, between(r, 60, 200), horizon + 40, 300, 130, { flat: true, wall: '#fbfaf7' });
      body += tree(r, between(r, 1050, 1150), HEIGHT - 220, 1.3, '#2f6b3a');
      break;
    }
    case 'mansion': {
      body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a']);
      const x = between(r, 220, 300);
      const w = between(r, 640, 720);
      const ground = HEIGHT - 140;
      const wall = pick(r, ['#f4efe6', '#efe3d3', '#e9eef2']);
      body += rect(x, ground - 280, w, 280, wall) + poly([[x - 30, ground - 280], [x + w / 2, ground - 390], [x + w + 30, ground - 280]], pick(r, ROOFS));
      body += poly([[x + w / 2 - 150, ground - 280], [x + w / 2, ground - 350], [x + w / 2 + 150, ground - 280]], wall, 'stroke="#d8d2c6" stroke-width="4"');
      for (let k = 0; k < 4; k++) body += rect(x + w / 2 - 130 + k * 80, ground - 270, 24, 270, '#ffffff', 'stroke="#d8d2c6" stroke-width="3"');
      for (let row = 0; row < 2; row++) for (let c = 0; c < 6; c++) if (c < 2 || c > 3) body += rect(x + 30 + c * (w - 60) / 6, ground - 250 + row * 120, 50, 70, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"');
      body += rect(x + w / 2 - 35, ground - 110, 70, 110, '#3d405b');
      body += rect(0, ground, WIDTH, 140, '#7cb35a') + rect(x + w / 2 - 60, ground, 120, 140, '#d9cbb3');
      for (const tx of [x - 60, x + w + 60]) body += circle(tx, ground - 40, 50, '#3b7d46') + rect(tx - 6, ground - 10, 12, 20, '#6b4a2b');
      break;
    }
    case 'historic': {
      body = sky(r, horizon - 100);
      const ground = HEIGHT - 90;
      let x = -20;
      while (x < WIDTH) {
        const w = between(r, 170, 230);
        const h = between(r, 300, 400);
        const wall = pick(r, ['#f4efe6', '#efe3d3', '#f2d7b6', '#e8d5c0', '#f3e6cf']);
        body += rect(x, ground - h, w, h, wall);
        for (let y = ground - h + 40; y < ground; y += 80) body += rect(x, y, w, 8, '#5b3a24');
        body += `<path d="M${x},${ground - h} L${x + w},${ground - 40} M${x + w},${ground - h} L${x},${ground - 40}" stroke="#5b3a24" stroke-width="7" opacity="0.7"/>`;
        body += poly([[x - 6, ground - h], [x + w / 2, ground - h - w * 0.6], [x + w + 6, ground - h]], pick(r, ['#8c3b2e', '#6b3a2a', '#4a3b2c']));
        body += rect(x + w / 2 - 22, ground - 90, 44, 90, pick(r, ACCENTS));
        for (let y = ground - h + 60; y < ground - 120; y += 80) body += rect(x + 24, y, 36, 44, '#9ccbe8', 'stroke="#ffffff" stroke-width="4"') + rect(x + w - 60, y, 36, 44, '#9ccbe8', 'stroke="#ffffff" stroke-width="4"');
        x += w + 4;
      }
      body += rect(0, ground, WIDTH, 90, '#9e9a92');
      for (let cx = 0; cx < WIDTH; cx += 40) body += rect(cx, ground + 20, 36, 16, '#8a857d', 'rx="4"');
      break;
    }
    case 'shepherd': {
      body = sky(r, horizon) + hills(r, horizon - 20, ['#8fbf6a', '#7aae58']);
      const ground = HEIGHT - 120;
      const x = between(r, 340, 560);
      const w = between(r, 300, 360);
      body += rect(x, ground - 210, w, 150, pick(r, ['#2f5d50', '#6b4a2b', '#3d405b', '#a0422a']));
      body += `<path d="M${x - 20},${ground - 210} Q${x + w / 2},${ground - 300} ${x + w + 20},${ground - 210} Z" fill="#9aa0a6"/>`;
      body += rect(x + 40, ground - 180, 60, 50, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"') + rect(x + w - 90, ground - 190, 50, 130, pick(r, ['#e9c46a', '#f4efe6']));
      for (const wx of [x + 60, x + w - 60]) body += circle(wx, ground - 40, 40, '#3b2a1e') + circle(wx, ground - 40, 28, '#8b6b43') + circle(wx, ground - 40, 8, '#3b2a1e');
      body += rect(x + w, ground - 80, 40, 10, '#5b3a24') + rect(x + w + 30, ground - 80, 8, 50, '#5b3a24');
      body += rect(0, ground, WIDTH, 120, '#7cb35a');
      for (let i = 0; i < 5; i++) {
        const sx = between(r, 40, 1160);
        const sy = between(r, ground + 20, HEIGHT - 30);
        if (sx > x - 60 && sx < x + w + 60) continue;
        body += `<ellipse cx="${sx}" cy="${sy}" rx="36" ry="24" fill="#fbfaf7"/>` + circle(sx + 34, sy - 8, 12, '#3d3d3d');
      }
      break;
    }
    case 'omg': {
      body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a', '#6fa84f']);
      const ground = HEIGHT - 120;
      const x = between(r, 380, 560);
      const w = between(r, 280, 340);
      const h = between(r, 200, 240);
      const wall = pick(r, ['#f2cc8f', '#81b29a', '#e07a5f', '#8ecae6']);
      // an upside-down house standing on its roof
      body += poly([[x + w / 2, ground], [x - 25, ground - h * 0.55], [x + w + 25, ground - h * 0.55]], pick(r, ROOFS));
      body += rect(x, ground - h * 0.55 - h, w, h, wall);
      for (let c = 0; c < 2; c++) body += rect(x + 40 + c * (w - 130), ground - h * 0.55 - h + 40, 50, 56, '#9ccbe8', 'stroke="#ffffff" stroke-width="5"');
      body += rect(x + w / 2 - 24, ground - h * 0.55 - h, 48, 80, pick(r, ACCENTS));
      body += rect(x + w - 60, ground - h * 0.55 - h - 70, 30, 70, '#8c3b2e');
      body += rect(0, ground, WIDTH, 120, '#7cb35a') + tree(r, between(r, 80, 220), ground + 10, 1.3, '#2f6b3a');
      break;
    }
    case 'piano':
    case 'kitchen': {
      const wall = pick(r, ['#f3ece2', '#e6eef2', '#f1e4dc', '#e9efe4']);
      body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 560, WIDTH, 240, pick(r, ['#b08a63', '#9c7653', '#c7a27c']));
      const wx = between(r, 120, 300);
      body += rect(wx, 110, 300, 280, '#bfe3f7', 'stroke="#ffffff" stroke-width="14"') + rect(wx + 145, 110, 10, 280, '#ffffff');
      if (scene.kind === 'piano') {
        const px = between(r, 520, 640);
        body += `<path d="M${px},430 h420 q60,0 60,60 q0,50 -90,60 l-300,20 h-90 z" fill="#141414"/>`;
        body += rect(px, 430, 140, 40, '#f4f4f4') + rect(px + 20, 555, 14, 90, '#141414') + rect(px + 380, 555, 14, 90, '#141414');
        for (let k = 0; k < 9; k++) body += rect(px + 8 + k * 15, 432, 6, 22, '#141414');
        body += `<path d="M${px + 150},430 L${px + 380},330 L${px + 390},340 L${px + 170},432 z" fill="#262626"/>`;
        body += rect(px - 110, 560, 90, 16, '#5b3a24') + rect(px - 100, 576, 10, 60, '#5b3a24') + rect(px - 40, 576, 10, 60, '#5b3a24');
      } else {
        body += rect(0, 200, WIDTH, 120, pick(r, ['#ffffff', '#dfe7ee', '#2f3b4a']), 'opacity="0.95"');
        for (let x = 40; x < WIDTH; x += 140) body += rect(x, 210, 120, 100, '#ffffff', 'stroke="#c9d6df" stroke-width="4"');
        const ix = between(r, 380, 520);
        body += rect(ix, 460, 520, 120, pick(r, ['#3d405b', '#81b29a', '#f4efe6']), 'rx="6"') + rect(ix - 20, 440, 560, 24, '#e9e2d0');
        body += circle(ix + 120, 420, 18, '#c0392b') + rect(ix + 300, 400, 90, 40, '#9aa9b5', 'rx="8"');
        for (let k = 0; k < 3; k++) body += rect(ix + 80 + k * 160, 580, 12, 70, '#3d3d3d') + rect(ix + 60 + k * 160, 570, 52, 12, '#3d3d3d');
      }
      body += rect(1000, 300, 14, 280, '#3d3d3d') + poly([[960, 300], [1054, 300], [1030, 240], [984, 240]], '#f2cc8f');
      break;
    }
    case 'interior': {
      const wall = pick(r, ['#f3ece2', '#e6eef2', '#f1e4dc', '#e9efe4', '#efe7f3']);
      body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 560, WIDTH, 240, pick(r, ['#b08a63', '#9c7653', '#c7a27c', '#8d6e63']));
      const wx = between(r, 640, 820);
      body += rect(wx, 110, 320, 300, '#bfe3f7', 'stroke="#ffffff" stroke-width="14"') + rect(wx + 155, 110, 10, 300, '#ffffff');
      body += rect(wx + 14, 300, 292, 100, '#8fbf6a', 'opacity="0.7"');
      if (isBedroom(scene)) {
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
