// A scene's SVG: its kind's drawing (settings, buildings, rooms) on its own random sequence.
import { between, mulberry32 } from '../random.ts';
import { BUILDINGS } from './buildings.ts';
import { HEIGHT, WIDTH, type Draw } from './canvas.ts';
import type { Scene, SceneKind } from './kinds.ts';
import { ROOMS } from './rooms.ts';
import { SETTINGS } from './settings.ts';

const DRAWINGS: Record<SceneKind, Draw> = { ...SETTINGS, ...BUILDINGS, ...ROOMS };

export function drawScene(scene: Scene): string {
  const r = mulberry32(1000 + scene.index * 7919);
  const horizon = between(r, 380, 470);
  const body = DRAWINGS[scene.kind]({ r, horizon, scene });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}
