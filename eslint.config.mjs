// One ESLint config for the whole tree (CONVENTIONS 17). Import boundaries: remotes never import
// each other or the shell; shared-api and the session kernel are only ever imported by their
// package names (a relative import of the kernel would put a second token store in the page;
// issue 26: the kernel is the one shared module of ours, shared-api is bundled), shared-api by its
// main entry or its /live entry — its stateless subpath entries are for the shell's start-up
// preloader, which may load no shared module, and for the server. Inside each remote, imports
// flow one way (bulletproof-react's zones): app (exposed/, bootstrap) → features → shared.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const apps = ['shell', 'mf-public', 'mf-member', 'mf-admin'];
const remotes = ['mf-public', 'mf-member', 'mf-admin'];
const root = import.meta.dirname;

const boundaryPatterns = (self) => [
  {
    group: ['**/shared-api/src/**', '../shared-api/**', '../../shared-api/**'],
    message: 'Import @rotalink/shared-api by its package name.',
  },
  {
    group: ['**/session-kernel/src/**', '../session-kernel/**', '../../session-kernel/**', '@rotalink/session-kernel/*'],
    message: 'Import @rotalink/session-kernel by its package name only: it is the page’s one shared token store and transport.',
  },
  ...apps
    .filter((app) => app !== self)
    .map((app) => ({
      group: [`**/${app}/**`, `@rotalink/${app}`],
      message: `${self} must not import ${app}: teams deploy independently.`,
    })),
];
// '/live' is the one subpath entry pages import (decision 0071): the live-data calls, kept in an
// entry of their own so the visitor page does not carry them; they reach the client by its name.
const SUBPATH_ENTRY = {
  group: ['@rotalink/shared-api/*', '!@rotalink/shared-api/live'],
  message:
    "Import '@rotalink/shared-api' (which re-exports /paths and /rules) or '@rotalink/shared-api/live' (the live-data calls); the other subpath entries are for the shell's start-up preloader and the server.",
};
const boundaryRules = (self) => ({ 'no-restricted-imports': ['error', { patterns: [...boundaryPatterns(self), SUBPATH_ENTRY] }] });

/**
 * The zones of one remote (bulletproof-react docs/project-structure.md): features never import
 * the app layer (exposed/, bootstrap, index), shared code (components/, hooks/, lib/, test-utils/)
 * imports neither features nor the app layer, and a feature never imports another feature —
 * what two features need belongs in shared code.
 */
function remoteZones(remote) {
  const src = `./${remote}/src`;
  const app = [`${src}/exposed`, `${src}/bootstrap.tsx`, `${src}/index.ts`];
  const shared = ['components', 'hooks', 'lib', 'test-utils'].map((dir) => `${src}/${dir}`);
  const features = fs.readdirSync(path.join(root, remote, 'src', 'features'));
  return [
    {
      target: `${src}/features`,
      from: app,
      message: 'Features must not import the app layer (exposed/, bootstrap): imports flow app → features → shared.',
    },
    {
      target: shared,
      from: [`${src}/features`, ...app],
      message: 'Shared code must not import features or the app layer: imports flow app → features → shared.',
    },
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'A feature must not import another feature: move what both need into shared code (components/, hooks/, lib/).',
    })),
  ];
}

/**
 * The server's module boundaries (issue 27, decision 0100): no import cycles between its files, a
 * feature (src/modules/<name>/) imports another only through that one's index.ts, and the
 * infrastructure (src/http/, src/db/) imports no feature. The one exception is the schema type
 * db/database.ts, which assembles each feature's *.table.ts — as types only.
 */
const serverModules = fs.readdirSync(path.join(root, 'server', 'src', 'modules'));
const serverFeatureZones = serverModules.map((feature) => ({
  target: `./server/src/modules/${feature}`,
  from: './server/src/modules',
  except: [`./${feature}`, ...serverModules.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: `Import another feature only through its index.ts (import '../<feature>'), never its files.`,
}));
const NO_FEATURE_IN_INFRA = {
  group: ['**/modules/**', '**/modules'],
  message: 'http/ and db/ import no feature module: take what you need as a parameter from app.ts.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/@mf-types/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'server/test/v1-client/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
        global: 'writable',
        globalThis: 'readonly',
        AbortController: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        performance: 'readonly',
        queueMicrotask: 'readonly',
        setImmediate: 'readonly',
        jest: 'readonly',
        describe: 'readonly',
        it: 'readonly',
        test: 'readonly',
        expect: 'readonly',
        beforeAll: 'readonly',
        afterAll: 'readonly',
        beforeEach: 'readonly',
        afterEach: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['server/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...apps.map((app) => ({ files: [`${app}/src/**/*.{ts,tsx}`], rules: boundaryRules(app) })),
  {
    // The start-up preloader runs before the async boundary: a shared module imported here would be
    // eager. It reads shared-api's stateless entries instead of the singleton (DESIGN §9).
    files: ['shell/src/early/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'react-router-dom', 'react-toastify', '@rotalink/shared-api', '@rotalink/session-kernel'].map(
            (name) => ({
              name,
              message:
                'The start-up preloader must not import a shared module (it would become eager); use @rotalink/shared-api/paths or /rules.',
            }),
          ),
          patterns: boundaryPatterns('shell'),
        },
      ],
    },
  },
  { files: ['shell/src/early/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: boundaryPatterns('shell') }] } },
  {
    files: remotes.map((remote) => `${remote}/src/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: remotes.flatMap(remoteZones) }] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helper.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      // no-cycle follows imports by parsing each file: it must know .ts files are TypeScript.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverFeatureZones }],
    },
  },
  {
    files: ['server/src/http/**/*.ts', 'server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/db/database.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_FEATURE_IN_INFRA] }] },
  },
  {
    files: ['server/src/db/database.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...NO_FEATURE_IN_INFRA, message: "The schema imports only the features' *.table.ts, as types.", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
