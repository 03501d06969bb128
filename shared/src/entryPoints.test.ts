/**
 * shared is imported only through its entry points (package.json `exports`), and Module
 * Federation shares each browser entry as one instance for the page (build/sharedDependencies).
 * A relative import from one entry's folder into another's ('../api/baseApi' in session/)
 * bypasses that share and bundles a second copy of the module into whichever app imports it:
 * for modules with state (a React context, the RTK Query api instance, module-level variables)
 * a real bug, a provider the consumer cannot see, endpoints injected into an api the store
 * never mounted. So across entries, shared's own files import by package path too; within
 * one, by relative path: an entry that imports itself by name waits on its own loading under
 * Module Federation, and the page never starts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import { sharedDependencies } from './build/sharedDependencies';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(PACKAGE, 'src');

type Target = string | Record<string, string>;
const targetFile = (target: Target) => (typeof target === 'string' ? target : Object.values(target)[0]!);
const entries = Object.entries(manifest.exports as Record<string, Target>).map(([key, target]) => ({
  specifier: `shared${key.slice(1)}`,
  file: join(PACKAGE, targetFile(target)),
}));

/** The entry a source file belongs to: the one it is, or the one whose folder holds it. */
function entryOf(file: string): string | undefined {
  const own = entries.find((entry) => entry.file === file);
  if (own) return own.specifier;
  return entries.find((entry) => dirname(entry.file) !== SRC && file.startsWith(dirname(entry.file) + sep))?.specifier;
}

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

describe('shared entry points', () => {
  it.each(entries.map((entry) => [entry.specifier, entry.file]))('%s points at a file that exists', (_, file) => {
    expect(existsSync(file)).toBe(true);
  });

  it('every source file belongs to an entry point', () => {
    const orphans = sourceFiles(SRC)
      .filter((file) => !file.endsWith('.d.ts') && entryOf(file) === undefined)
      .map((file) => relative(SRC, file));
    expect(orphans).toEqual([]);
  });

  it('no file imports another entry by a relative path', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolveRelative(file, specifier))
        .filter((target): target is string => target !== undefined && entryOf(target) !== entryOf(file))
        .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)} (${entryOf(target)})`),
    );
    expect(offenders).toEqual([]);
  });

  it('no file imports its own entry by name', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier === entryOf(file))
        .map((specifier) => `${relative(SRC, file)} -> ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('federation shares real entries only, the stateful ones as singletons, never shared/build', () => {
    const shared = Object.keys(sharedDependencies).filter((name) => name.startsWith('shared'));
    const specifiers = entries.map((entry) => entry.specifier);
    expect(shared.filter((name) => !specifiers.includes(name))).toEqual([]);
    expect(shared).not.toContain('shared/build');
    for (const stateful of ['shared/store', 'shared/api', 'shared/state', 'shared/config', 'shared/session', 'shared/ui', 'shared/router']) {
      expect(sharedDependencies[stateful], stateful).toMatchObject({ singleton: true });
    }
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
