// How the local function runner reads the edge functions' `npm:` imports (Deno's specifiers):
// only exact pins of packages the backend has installed in that version.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installedSpecifier } from '../src/functions/npm-specifiers.mjs';

const stripe = (JSON.parse(readFileSync(new URL('../node_modules/stripe/package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('npm: specifiers of the edge functions', () => {
  it.each([
    [`npm:stripe@${stripe}`, 'stripe'],
    [`npm:stripe@${stripe}/cjs/stripe.cjs.node.js`, 'stripe/cjs/stripe.cjs.node.js'],
    ['../_shared/http.ts', null],
    ['node:crypto', null],
  ])('%s stands for %s', (specifier, bare) => {
    expect(installedSpecifier(specifier)).toBe(bare);
  });

  it.each([
    ['npm:stripe', /pins an exact version/],
    ['npm:stripe@^23.0.0', /pins an exact version/],
    ['npm:stripe@1.0.0', new RegExp(`the backend has stripe@${stripe.replace(/\./g, '\\.')} installed`)],
    ['npm:left-pad@1.3.0', /left-pad is not a dependency of the backend/],
  ])('%s is refused', (specifier, message) => {
    expect(() => installedSpecifier(specifier)).toThrow(message);
  });
});
