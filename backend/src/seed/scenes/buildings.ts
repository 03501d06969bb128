// Each category's own building, in its setting.
import { pick, between } from '../random.ts';
import { rect, poly, circle, sky, hills, tree, palm, house, water, WIDTH, HEIGHT, WALLS, ROOFS, ACCENTS, type Draw } from './canvas.ts';
import type { SceneKind } from './kinds.ts';

export const BUILDINGS = {
  dome: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon + 40, ['#e3b778', '#d9a45f']);
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
    return body;
  },
  yurt: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 20, ['#8fae6a', '#7a9d57']);
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
    return body;
  },
  aframe: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 40, ['#4f7f52']);
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
    return body;
  },
  windmill: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon + 30, ['#a8c97f']);
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
    return body;
  },
  treehouse: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 30, ['#4f7f52']);
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
    return body;
  },
  boat: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 30, ['#5f8f5a']);
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
    return body;
  },
  tower: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a', '#6fa84f']);
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
    return body;
  },
  barn: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#a8c97f', '#8fbf6a']);
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
    return body;
  },
  trullo: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon + 20, ['#b9c98f', '#a3b878']);
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
    return body;
  },
  container: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 10, ['#7fa66a', '#6a9458']);
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
    return body;
  },
  cycladic: ({ r, horizon }) => {
    let body = sky(r, horizon - 60);
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
    return body;
  },
  eastern: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 30, ['#5e8c61', '#4f7f52']);
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
    return body;
  },
  camper: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 40, ['#6f9a5c', '#5d8c4a']);
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
    return body;
  },
  vineyard: ({ r, horizon }) => {
    let body = sky(r, horizon - 40) + hills(r, horizon - 40, ['#9fbf6e', '#86ad57']);
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
    return body;
  },
  cave: ({ r, horizon }) => {
    let body = sky(r, horizon - 80);
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
    return body;
  },
  riad: ({ r }) => {
    const wall = pick(r, ['#e8b98f', '#f0c9a0', '#deaa7e']);
    let body = rect(0, 0, WIDTH, HEIGHT, wall) + rect(0, 0, WIDTH, 90, '#7fc4ec');
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
    return body;
  },
  arctic: ({ r, horizon }) => {
    let body = rect(0, 0, WIDTH, HEIGHT, pick(r, ['#0f1f3d', '#14264a', '#1a1f4a']));
    for (let i = 0; i < 40; i++) body += circle(between(r, 0, WIDTH), between(r, 0, horizon), 2, '#ffffff', 'opacity="0.8"');
    for (let k = 0; k < 3; k++) {
      const y = between(r, 90, 220);
      body += `<path d="M0,${y} Q${WIDTH / 3},${y - 90} ${WIDTH / 2},${y} T${WIDTH},${y - 40}" stroke="${pick(r, ['#3dff9e', '#5fffc0', '#7ce8ff'])}" stroke-width="${between(r, 30, 60)}" fill="none" opacity="0.35"/>`;
    }
    body += hills(r, horizon + 20, ['#dfe8f2', '#eef3f8']);
    body += house(r, between(r, 380, 640), HEIGHT - 120, 260, 150, { wall: pick(r, ['#b23a2e', '#a0422a', '#c0392b']), roof: '#f5f7fa' });
    body += rect(0, HEIGHT - 120, WIDTH, 120, '#f5f8fb');
    for (let i = 0; i < 4; i++) body += tree(r, between(r, 0, WIDTH), HEIGHT - between(r, 60, 120), 1, '#2c4f46');
    return body;
  },
  island: ({ r, horizon }) => {
    let body = sky(r, horizon - 40) + water(horizon - 40, pick(r, ['#1aa0c8', '#19b3c9', '#1592b8']));
    const cx = between(r, 420, 780);
    body += `<ellipse cx="${cx}" cy="${HEIGHT - 230}" rx="330" ry="70" fill="#f3dba6"/><ellipse cx="${cx}" cy="${HEIGHT - 250}" rx="250" ry="45" fill="#6fb56a"/>`;
    body += palm(cx - 180, HEIGHT - 250, 0.9) + palm(cx + 170, HEIGHT - 245, 1);
    body += house(r, cx - 90, HEIGHT - 265, 180, 90, { wall: '#f1e2c8', roof: '#b8935a' });
    for (let i = 0; i < 3; i++) body += rect(cx + 250 + i * 40, HEIGHT - 250, 12, 80, '#8b6b43');
    body += rect(cx + 240, HEIGHT - 255, 130, 12, '#a07850');
    return body;
  },
  surf: ({ r, horizon }) => {
    let body = sky(r, horizon);
    body += water(horizon, pick(r, ['#1e88c7', '#2aa6c9']), 170);
    for (let k = 0; k < 4; k++) body += `<path d="M${-50 + k * 320},${horizon + 120} q80,-70 160,-10 q-60,-10 -80,30 z" fill="#ffffff" opacity="0.85"/>`;
    body += poly([[0, horizon + 160], [WIDTH, horizon + 130], [WIDTH, HEIGHT], [0, HEIGHT]], '#f1d9a0');
    const colors = ['#e76f51', '#2a9d8f', '#f4a261', '#457b9d', '#e9c46a'];
    const x0 = between(r, 200, 600);
    for (let k = 0; k < 4; k++) body += `<ellipse cx="${x0 + k * 90}" cy="${HEIGHT - 190}" rx="30" ry="130" fill="${pick(r, colors)}" stroke="#ffffff" stroke-width="6" transform="rotate(${between(r, -12, 12)} ${x0 + k * 90} ${HEIGHT - 190})"/>`;
    body += palm(between(r, 900, 1100), HEIGHT - 40, 1.05);
    return body;
  },
  ski: ({ r, horizon }) => {
    let body = sky(r, horizon - 60);
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
    return body;
  },
  golf: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#7fb95a', '#6aa84a']);
    body += `<path d="M0,${HEIGHT - 200} Q${WIDTH / 2},${HEIGHT - 300} ${WIDTH},${HEIGHT - 220} V${HEIGHT} H0 Z" fill="#8fd16a"/>`;
    const gx = between(r, 650, 900);
    body += `<ellipse cx="${gx}" cy="${HEIGHT - 150}" rx="170" ry="45" fill="#a6e07f"/>`;
    body += rect(gx - 3, HEIGHT - 290, 6, 140, '#f4efe6') + poly([[gx + 3, HEIGHT - 290], [gx + 70, HEIGHT - 270], [gx + 3, HEIGHT - 250]], '#e63946');
    body += `<ellipse cx="${gx}" cy="${HEIGHT - 150}" rx="10" ry="4" fill="#2b2b2b"/>` + `<ellipse cx="${between(r, 250, 450)}" cy="${HEIGHT - 90}" rx="120" ry="30" fill="#f3e3b3"/>`;
    body += house(r, between(r, 60, 200), horizon + 40, 300, 130, { flat: true, wall: '#fbfaf7' });
    body += tree(r, between(r, 1050, 1150), HEIGHT - 220, 1.3, '#2f6b3a');
    return body;
  },
  mansion: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a']);
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
    return body;
  },
  historic: ({ r, horizon }) => {
    let body = sky(r, horizon - 100);
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
    return body;
  },
  shepherd: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon - 20, ['#8fbf6a', '#7aae58']);
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
    return body;
  },
  omg: ({ r, horizon }) => {
    let body = sky(r, horizon) + hills(r, horizon, ['#8fbf6a', '#6fa84f']);
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
    return body;
  },
} satisfies Partial<Record<SceneKind, Draw>>;
