/**
 * The rooms a test may book. Suites run side by side (two workers, desktop beside mobile), and
 * finding free nights and then booking them are two steps, so two suites booking one room could
 * take each other's nights. Each spec file that books, in each project, owns a block of rooms
 * of its own: the rooms at `offset`..`offset + size - 1` of `Rooms?order=id.asc` (unfiltered, so
 * blocks never overlap whatever a suite filters on afterwards). The blocks start above the low
 * ids: the suites that only read use those, and discovery books rooms at offsets 5 to 8, which
 * its city searches must show on their first page.
 */
import path from 'node:path';
import { test } from '@playwright/test';

/** Spec files that book rooms; a new one is added at the end. */
const BOOKING_SPECS = ['checkout', 'account', 'listing', 'a11y-keyboard', 'trips', 'url-stay', 'account-promises', 'ssr-session'];
const PROJECTS = ['desktop', 'mobile'];
const FIRST = 100;
const SIZE = 40;

export interface RoomBlock {
  offset: number;
  size: number;
}

/** The block of the running test's spec file and project. */
export function roomBlock(): RoomBlock {
  const info = test.info();
  const spec = path.basename(info.file).replace(/\.spec\.ts$/, '');
  const specIndex = BOOKING_SPECS.indexOf(spec);
  const projectIndex = PROJECTS.indexOf(info.project.name);
  if (specIndex < 0) throw new Error(`${spec}.spec.ts books rooms: add it to BOOKING_SPECS in support/rooms.ts`);
  if (projectIndex < 0) throw new Error(`no room blocks for the project ${info.project.name}`);
  return { offset: FIRST + (specIndex * PROJECTS.length + projectIndex) * SIZE, size: SIZE };
}
