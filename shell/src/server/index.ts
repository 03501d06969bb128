// The shell's Node entry (server rendering): an async boundary, as the browser's index.ts is, so
// the federation runtime provides the shared libraries before any module uses them.
import type { SsrOptions, SsrRenderer } from './ssr';

export type { SsrOptions, SsrPage, SsrRenderer, SsrRequest } from './ssr';

export async function createRenderer(options: SsrOptions): Promise<SsrRenderer> {
  const { createRenderer: create } = await import('./ssr');
  return create(options);
}
