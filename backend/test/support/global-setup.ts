// One freshly initialised PGlite cluster per test run: creating a cluster (initdb in WASM) is the
// slow part of starting the embedded database, so each test copies this one instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/pglite.ts';
import { ensurePhotoCache } from '../../src/seed/photos.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // The seed's listing photos are drawn once per machine; on a fresh clone that takes a while,
  // so it happens here, before any test file's start-up clock runs.
  await ensurePhotoCache();
  const root = mkdtempSync(join(tmpdir(), 'hs-pglite-template-'));
  const dir = join(root, 'pglite');
  const db = await openPglite(dir);
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(root, { recursive: true, force: true });
}
