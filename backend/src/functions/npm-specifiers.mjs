// Node module-resolution hook of the local function runner (registered by ./index.ts; plain
// JavaScript because Node loads hooks before any TypeScript loader). Edge functions import
// packages as Supabase's Deno runtime does, by a pinned `npm:name@version` specifier. Here that
// resolves to the backend's installed copy of `name`, which must be that very version, so the
// functions run locally on the code they deploy with.
import { readFileSync } from 'node:fs';

const BACKEND_PACKAGE = new URL('../../package.json', import.meta.url);
const PINNED = /^npm:((?:@[^/@]+\/)?[^/@]+)@(\d+\.\d+\.\d+(?:-[\w.]+)?)(\/.*)?$/;

/**
 * The bare specifier that an `npm:` specifier stands for in the backend (`npm:stripe@23.1.0` ->
 * `stripe`), or null for any other specifier. Throws for an unpinned one or a version the
 * backend does not have installed.
 * @param {string} specifier
 * @returns {string | null}
 */
export function installedSpecifier(specifier) {
  if (!specifier.startsWith('npm:')) return null;
  const match = PINNED.exec(specifier);
  if (!match) throw new Error(`${specifier}: an edge function pins an exact version (npm:name@1.2.3)`);
  const [, name, version, subpath = ''] = match;
  let installed;
  try {
    installed = /** @type {{ version: string }} */ (
      JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, BACKEND_PACKAGE), 'utf8'))
    ).version;
  } catch {
    throw new Error(`${specifier}: ${name} is not a dependency of the backend`);
  }
  if (installed !== version) {
    throw new Error(`${specifier}: the backend has ${name}@${installed} installed; pin the same version in both`);
  }
  return `${name}${subpath}`;
}

/** @type {import('node:module').ResolveHook} */
export function resolve(specifier, context, nextResolve) {
  const bare = installedSpecifier(specifier);
  return bare === null ? nextResolve(specifier, context) : nextResolve(bare, { ...context, parentURL: BACKEND_PACKAGE.href });
}
