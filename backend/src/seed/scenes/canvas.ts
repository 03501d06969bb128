// The canvas of the listing photos (1200 x 800 SVG) and what scenes are drawn with: skies, hills,
// trees, palms, houses and water, from a scene's own random sequence.
import { pick, between, type Random } from '../random.ts';
import type { Scene } from './kinds.ts';

export const WIDTH = 1200;
export const HEIGHT = 800;

/** One scene's drawing: its random sequence, its horizon's height and the scene; returns SVG elements. */
export type Draw = (context: { r: Random; horizon: number; scene: Scene }) => string;

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

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;
export const poly = (points: Array<[number, number]>, fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;
export const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" ${extra}/>`;

export function sky(r: Random, horizon: number): string {
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

export function hills(r: Random, base: number, colors: string[]): string {
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

export function tree(r: Random, x: number, ground: number, scale: number, color: string): string {
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

export function palm(x: number, ground: number, scale: number): string {
  const top = ground - 260 * scale;
  const leaves = [-60, -25, 10, 45, 80]
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      return `<path d="M${x},${top} q${Math.cos(rad) * 80 * scale},${-40 * scale} ${Math.cos(rad) * 150 * scale},${Math.sin(rad) * 60 * scale + 40 * scale}" stroke="#2e8b57" stroke-width="${16 * scale}" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<path d="M${x - 10 * scale},${ground} Q${x + 25 * scale},${ground - 140 * scale} ${x},${top}" stroke="#8b6b43" stroke-width="${14 * scale}" fill="none"/>${leaves}`;
}

export const WALLS = ['#f4efe6', '#e9d8c4', '#d7e3ea', '#f7e1d7', '#e0e6d5', '#fdf6e3', '#c9d6df', '#efe3d3'];
export const ROOFS = ['#a0422a', '#5b4a3f', '#35495e', '#8c5a3c', '#6b7b8c', '#b5651d'];
export const ACCENTS = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#457b9d', '#e63946', '#2a9d8f'];

export function house(r: Random, x: number, ground: number, w: number, h: number, opts: { flat?: boolean; wall?: string; roof?: string } = {}): string {
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

export function water(y: number, color: string, h = HEIGHT - y): string {
  const ripples = Array.from({ length: 6 }, (_, i) => {
    const ry = y + 20 + i * (h / 7);
    return `<path d="M${80 + i * 130},${ry} q40,-10 80,0 t80,0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.5"/>`;
  }).join('');
  return rect(0, y, WIDTH, h, color) + ripples;
}
