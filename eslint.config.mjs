// One ESLint config for the whole tree (CONVENTIONS 17). Import boundaries: remotes never import
// each other or the shell, and shared-api is only ever imported by its package name (a relative
// import would put a second copy of the token store in the page).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const apps = ['shell', 'mf-public', 'mf-member', 'mf-admin'];
const boundaryRules = (self) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['**/shared-api/src/**', '../shared-api/**', '../../shared-api/**'], message: 'Import @rotalink/shared-api by its package name.' },
        ...apps
          .filter((app) => app !== self)
          .map((app) => ({ group: [`**/${app}/**`, `@rotalink/${app}`], message: `${self} must not import ${app}: teams deploy independently.` })),
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/@mf-types/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly', module: 'writable', require: 'readonly', __dirname: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', Buffer: 'readonly', fetch: 'readonly', localStorage: 'readonly', navigator: 'readonly', global: 'writable', globalThis: 'readonly', AbortController: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', structuredClone: 'readonly', performance: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly', jest: 'readonly', describe: 'readonly', it: 'readonly', test: 'readonly', expect: 'readonly', beforeAll: 'readonly', afterAll: 'readonly', beforeEach: 'readonly', afterEach: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  { files: ['**/*.tsx', '**/*.ts'], ignores: ['server/**'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  ...apps.map((app) => ({ files: [`${app}/src/**/*.{ts,tsx}`], rules: boundaryRules(app) })),
  { files: ['**/*.test.{ts,tsx}', '**/test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' } },
);
