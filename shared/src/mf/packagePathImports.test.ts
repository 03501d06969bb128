/**
 * Module Federation shares this package by the request prefix 'shared/' (sharedDependencies.ts).
 * A relative import inside shared/src ('../api/baseApi') bypasses that share and bundles a second
 * copy of the module into whichever app imports it. For modules that hold state (a React context,
 * the RTK Query api instance, module-level variables) a second copy is a real bug: a provider
 * the consumer cannot see, endpoints injected into an api the store never mounted. So those
 * modules are imported by package path everywhere, shared's own files included.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Modules with state of their own, relative to shared/src, and what that state is. */
const STATEFUL: Record<string, string> = {
  'config/ConfigContext.tsx': 'a React context',
  'api/baseApi.ts': 'the RTK Query api instance',
  'api/roomsApi.ts': 'endpoints injected into the api instance',
  'api/favoritesApi.ts': 'endpoints injected into the api instance',
  'ui/Dialog.tsx': 'the page scroll-lock count',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Specifiers of value imports and re-exports (type-only imports are erased, so they are fine). */
function valueImports(source: string): string[] {
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) =>
    existsSync(candidate) && /\.tsx?$/.test(candidate),
  );
}

describe('imports of stateful shared modules', () => {
  it.each(Object.keys(STATEFUL))('%s exists (the list names real files)', (file) => {
    expect(existsSync(join(SRC, file))).toBe(true);
  });

  it('no file in shared/src imports a stateful module by a relative path', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolveRelative(file, specifier))
        .filter((target): target is string => target !== undefined && relative(SRC, target) in STATEFUL)
        .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)} (${STATEFUL[relative(SRC, target)]})`),
    );
    expect(offenders).toEqual([]);
  });

  it('the import scanner sees value imports and skips type-only ones', () => {
    const source = [
      "import { api } from '../api/baseApi';",
      "import type { Room } from '../api/roomsApi';",
      "export { Dialog } from './Dialog';",
      "import './side-effect';",
    ].join('\n');
    expect(valueImports(source)).toEqual(['../api/baseApi', './Dialog', './side-effect']);
  });
});
