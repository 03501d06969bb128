// The nine settings' outdoor scenes but the interior: a house in the country, by a pool, on a beach,
// in the woods, the mountains, by a lake, in the desert, and a castle.
import { pick, between } from '../random.ts';
import { rect, poly, sky, hills, tree, palm, house, water, WIDTH, HEIGHT, ROOFS, ACCENTS, type Draw } from './canvas.ts';
import type { SceneKind } from './kinds.ts';

export const SETTINGS = {
  house: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a', '#6fa84f']);
    body += tree(r, between(r, 60, 220), HEIGHT - 120, 1.3, '#2f6b3a') + tree(r, between(r, 980, 1140), HEIGHT - 110, 1.5, '#3b7d46');
    body += house(r, between(r, 330, 480), HEIGHT - 120, between(r, 330, 460), between(r, 190, 260), { flat: r() < 0.35 });
    body += rect(0, HEIGHT - 120, WIDTH, 120, '#7cb35a');
    return body;
  },
  pool: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#9cc5a1']);
    body += house(r, between(r, 250, 420), horizon + 150, between(r, 480, 640), between(r, 170, 220), { flat: true, wall: '#fbfaf7' });
    body += rect(0, horizon + 150, WIDTH, HEIGHT, '#e8dcc8');
    body += `<g>${rect(between(r, 120, 260), horizon + 210, between(r, 700, 880), 170, '#29b6d8', 'rx="14"')}${rect(160, horizon + 225, 600, 10, '#ffffff', 'opacity="0.45"')}</g>`;
    body += palm(between(r, 60, 140), HEIGHT - 60, 0.9) + palm(between(r, 1040, 1140), HEIGHT - 40, 1.05);
    body += rect(between(r, 880, 960), HEIGHT - 130, 120, 24, pick(r, ACCENTS), 'rx="8"');
    return body;
  },
  beach: ({ r, horizon }) => {
    let body = sky(r, horizon);
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
    return body;
  },
  cabin: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 40, ['#4f7f52', '#3f6d45']);
    for (let i = 0; i < 9; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 90, 170), between(r, 8, 15) / 10, pick(r, ['#2d5a34', '#24502c', '#356b3b']));
    const cx = between(r, 380, 560);
    const cw = between(r, 280, 360);
    body += house(r, cx, HEIGHT - 110, cw, 170, { wall: pick(r, ['#8b5a2b', '#7a4b25', '#9c6b3c']), roof: pick(r, ['#3b2a1e', '#4a3526', '#2f3b2f']) });
    for (let y = HEIGHT - 270; y < HEIGHT - 110; y += 22) body += rect(cx, y, cw, 3, '#5c3a1c', 'opacity="0.6"');
    body += rect(0, HEIGHT - 110, WIDTH, 110, '#5d8c4a');
    return body;
  },
  mountain: ({ r, horizon }) => {
    let body = sky(r, horizon);
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
    return body;
  },
  lake: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 30, ['#5f8f5a']);
    body += water(horizon + 40, pick(r, ['#3f88b5', '#4b9cc2', '#2f7aa1']));
    const dx = between(r, 300, 700);
    body += rect(dx, horizon + 160, 300, 18, '#8b6b43') + rect(dx + 20, horizon + 178, 10, 60, '#6b4a2b') + rect(dx + 270, horizon + 178, 10, 60, '#6b4a2b');
    body += `<path d="M${dx + 380},${horizon + 250} h160 l-25,35 h-110 z" fill="${pick(r, ACCENTS)}"/>`;
    body += house(r, between(r, 40, 160), horizon + 38, 220, 130, { roof: pick(r, ROOFS) });
    body += tree(r, between(r, 1000, 1150), horizon + 60, 1.2, '#2f6b3a');
    return body;
  },
  desert: ({ r, horizon }) => {
    let body = sky(r, horizon);
    body += hills(r, horizon + 40, ['#e3b778', '#d9a45f', '#c98f4a']);
    body += house(r, between(r, 380, 560), HEIGHT - 130, between(r, 300, 420), between(r, 160, 220), { flat: true, wall: pick(r, ['#e9c89b', '#d8a878', '#f0d9b5']), roof: '#b07a45' });
    for (let i = 0; i < 3; i++) {
      const cx = between(r, 60, 1140);
      const ch = between(r, 90, 160);
      body += rect(cx - 12, HEIGHT - 60 - ch, 24, ch, '#4f8a4c', 'rx="12"') + rect(cx - 40, HEIGHT - 60 - ch * 0.7, 18, ch * 0.35, '#4f8a4c', 'rx="9"');
    }
    return body;
  },
  castle: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#7fa36a', '#678f55']);
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
    return body;
  },
} satisfies Partial<Record<SceneKind, Draw>>;
