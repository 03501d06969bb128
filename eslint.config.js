/**
 * One lint for the whole repository (`pnpm lint`, part of `npm test`): typescript-eslint with
 * type information, React hooks, accessibility, and the import boundaries of ARCHITECTURE.md:
 * shared -> features -> app, no app reaching into another, one feature never reaching into
 * another's internals, and shared's stateful modules imported by package path.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { statefulSharedImports } from './eslint/statefulSharedImports.js';

const root = dirname(fileURLToPath(import.meta.url));

/** The shell and the remotes: each is built and deployed on its own. */
const APPS = ['shell', 'discovery', 'listing', 'account', 'checkout', 'hosting'];
/** Every top-level package. An app imports none of the others' source but shared's; shared imports none. */
const PACKAGES = [...APPS, 'shared', 'backend', 'e2e', 'supabase', 'scripts'];

/** The React sources: the apps and shared. */
const UI_SOURCES = [...APPS, 'shared'].map((dir) => `${dir}/src/**/*.{ts,tsx}`);

/** The TypeScript programs: shared and the apps as one (shared's types read once), then each Node package. */
const TS_PROJECTS = ['tsconfig.json', 'backend/tsconfig.json', 'e2e/tsconfig.json', 'supabase/functions/tsconfig.json'];

/** Modules of shared/src that hold state (see eslint/statefulSharedImports.js). */
const SHARED_STATEFUL = [
  'store.ts',
  'state/',
  'api/',
  'session/',
  'sync/',
  'config/ConfigContext.tsx',
  'ui/Dialog.tsx',
  'ui/toastSlice.ts',
  'router.ts',
  'testing/supabaseServer.ts',
];

function folders(path) {
  try {
    return readdirSync(join(root, path), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** import-x/no-restricted-paths zones, read from the folders so a new feature is covered as it lands. */
function boundaryZones() {
  const zones = [];
  for (const app of APPS) {
    zones.push({
      target: `./${app}`,
      from: PACKAGES.filter((other) => other !== app && other !== 'shared').map((other) => `./${other}`),
      message: `${app} is deployed on its own: it never imports another package's source (only shared).`,
    });
    const features = folders(`${app}/src/features`);
    for (const feature of features) {
      const others = features.filter((other) => other !== feature);
      if (others.length === 0) continue;
      zones.push({
        target: others.map((other) => `./${app}/src/features/${other}`),
        from: `./${app}/src/features/${feature}`,
        except: ['./index.ts', './index.tsx'],
        message: `Features do not reach into each other: import ${feature} through its public index.ts.`,
      });
    }
    zones.push({
      target: `./${app}/src/features`,
      from: [`./${app}/src/exposes`, `./${app}/src/bootstrap.tsx`, `./${app}/src/index.ts`],
      message: 'Imports flow one way (shared -> features -> app): a feature never imports the app around it.',
    });
  }
  zones.push({
    target: './shared',
    from: PACKAGES.filter((other) => other !== 'shared').map((other) => `./${other}`),
    message: 'shared is the bottom layer: it never imports an app or another package.',
  });
  return zones;
}

export default tseslint.config(
  {
    // shell/federation-types/ is type-only and compiles against declarations made at check time
    // (scripts/federation-types.mjs), which no lint project has.
    ignores: ['**/node_modules/', '**/dist/', '**/dist-*/', '**/.data/', '**/@mf-types/', '**/.mf/', 'e2e/artifacts/', '**/test-results/', '**/playwright-report/', 'shell/federation-types/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The browser packages' one program (tsconfig.json at the root) and the Node packages' own.
      parserOptions: { project: TS_PROJECTS, tsconfigRootDir: root },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, homestory: { rules: { 'stateful-shared-imports': statefulSharedImports } } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: TS_PROJECTS.map((project) => join(root, project)),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones() }],
      // A leading underscore marks a parameter kept for its position in a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `async` marks functions that fulfil a Promise-returning contract (handlers, stand-ins), so a
      // throw becomes a rejection; no-floating-promises and await-thenable catch the real mistakes.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns, so `onSubmit={async () => ...}` is fine.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // These suites read JSON bodies of raw HTTP responses and assert on their shape field by field;
    // typing every body would only restate the assertions. The rest of their code stays checked.
    files: ['backend/test/**', 'backend/bench/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The backend's settings are read from the environment in config.ts only and passed down, so
    // every setting is named, validated and documented in one place and tests pass their own.
    // functions/index.ts writes the edge functions' environment (they read process.env).
    files: ['backend/src/**'],
    ignores: ['backend/src/config.ts', 'backend/src/functions/index.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings in backend/src/config.ts and pass them down (ctx.config).' },
      ],
    },
  },
  {
    // `supabase functions deploy` bundles supabase/functions alone, and Deno takes packages by pinned
    // npm: specifiers: a function imports from its own folder and _shared, node: modules, and
    // npm:name@x.y.z (which the local runner maps to the backend's copy of that version).
    files: ['supabase/functions/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(?!\./|\.\./(?!\.\./)|node:|npm:(@[^/@]+/)?[^/@]+@\d+\.\d+\.\d+)`,
              message: 'An edge function imports only from supabase/functions, node:, and npm:name@x.y.z (exact version).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/**'],
    rules: {
      'homestory/stateful-shared-imports': ['error', { sourceRoot: join(root, 'shared/src'), stateful: SHARED_STATEFUL }],
    },
  },
  {
    // The router is one shared, tree-shaken entry point (shared/src/router.ts); an import of
    // React Router itself would ship a second, whole copy of it.
    files: UI_SOURCES,
    ignores: ['shared/src/router.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: "Import the router from 'shared/router' (add what you need there).",
          })),
        },
      ],
    },
  },
  { files: UI_SOURCES, ...reactHooks.configs.flat.recommended },
  {
    files: UI_SOURCES,
    rules: {
      // The apps are not built with React Compiler; these three check what it needs to memoize a
      // component, and flag here ref reads in handlers and state reset on prop change that React runs correctly.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/static-components': 'off',
    },
  },
  { files: UI_SOURCES, ...jsxA11y.flatConfigs.recommended },
  {
    files: UI_SOURCES,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Key handlers on a container (a menu, a calendar grid, a photo list) handle the keys of the
      // focusable controls inside it: the container itself is not a control. Pointer handlers still count.
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
    },
  },
  {
    // Plain JavaScript (scripts, this config) is not in a tsconfig: lint it without type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
