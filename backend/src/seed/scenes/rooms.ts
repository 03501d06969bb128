// Indoors: living rooms and bedrooms, and the music rooms and kitchens of their categories.
import { pick, between } from '../random.ts';
import { rect, poly, circle, WIDTH, HEIGHT, ACCENTS, type Draw } from './canvas.ts';
import { isBedroom, type SceneKind } from './kinds.ts';

/** A music room with a grand piano, or a kitchen with an island. */
const pianoOrKitchen: Draw = ({ r, scene }) => {
  const wall = pick(r, ['#f3ece2', '#e6eef2', '#f1e4dc', '#e9efe4']);
  let body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 560, WIDTH, 240, pick(r, ['#b08a63', '#9c7653', '#c7a27c']));
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
  return body;
};

export const ROOMS = {
  interior: ({ r, scene }) => {
    const wall = pick(r, ['#f3ece2', '#e6eef2', '#f1e4dc', '#e9efe4', '#efe7f3']);
    let body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 560, WIDTH, 240, pick(r, ['#b08a63', '#9c7653', '#c7a27c', '#8d6e63']));
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
    return body;
  },
  piano: pianoOrKitchen,
  kitchen: pianoOrKitchen,
} satisfies Partial<Record<SceneKind, Draw>>;
