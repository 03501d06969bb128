/**
 * Module Federation shares the `shared` package by the request prefix 'shared/'
 * (shared/src/mf/sharedDependencies.ts). A relative import inside shared/src ('../store')
 * bypasses that share and bundles a second copy of the module into whichever app imports it. For
 * a module that holds state (the store, a slice, the RTK Query api, a React context, module-level
 * variables) a second copy is a real bug: a provider the consumer cannot see, endpoints injected
 * into an api the store never mounted. So inside shared/src a relative import never reaches a
 * stateful module in another folder: that goes by package path. Within one folder (one entry of
 * the package) relative imports are fine, and needed once a folder is shared as one entry whose
 * index would otherwise import itself by name. Type-only imports are erased at build time and are
 * fine either way.
 *
 * Option: `stateful`, paths relative to shared/src, a trailing '/' naming a whole folder.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const EXTENSION = /\.(tsx?|jsx?|mjs)$/;

/** The top folder of a shared/src-relative path ('' for a file at the root). */
function folderOf(path) {
  return path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
}

/** shared/src-relative path of the module `specifier` names, without its extension. */
function targetOf(sourceRoot, filename, specifier) {
  const target = relative(sourceRoot, resolve(dirname(filename), specifier)).split(sep).join('/');
  return target.replace(EXTENSION, '').replace(/\/index$/, '');
}

function isStateful(stateful, target) {
  return stateful.some((entry) =>
    entry.endsWith('/') ? target.startsWith(entry) || `${target}/` === entry : target === entry.replace(EXTENSION, ''),
  );
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type')
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const statefulSharedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside shared/src, import a stateful module of another folder by package path (shared/...)' },
    schema: [
      {
        type: 'object',
        properties: { sourceRoot: { type: 'string' }, stateful: { type: 'array', items: { type: 'string' } } },
        required: ['sourceRoot', 'stateful'],
        additionalProperties: false,
      },
    ],
    messages: {
      relative:
        "'{{specifier}}' is stateful: import it as 'shared/{{target}}' so Module Federation shares one instance.",
    },
  },
  create(context) {
    const { sourceRoot, stateful } = context.options[0];
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.') || isTypeOnly(node)) return;
      const target = targetOf(sourceRoot, context.filename, specifier);
      const from = relative(sourceRoot, context.filename).split(sep).join('/');
      const sameFolder = folderOf(from) !== '' && folderOf(from) === folderOf(target);
      if (!target.startsWith('..') && !sameFolder && isStateful(stateful, target)) {
        context.report({ node: node.source, messageId: 'relative', data: { specifier, target } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
