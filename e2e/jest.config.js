/**
 * The browser suite (issue 6). Not part of the root `npm test` (the root jest.config.js does not
 * list e2e/); run it with `npm run e2e` after `npm run build`. One browser and one set of servers
 * for the whole run (harness/global-setup.mjs), a fresh browser context per visitor.
 */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [require.resolve('ts-jest'), { tsconfig: '<rootDir>/tsconfig.json', diagnostics: { warnOnly: false } }],
    '/node_modules/(@scure/base|@noble/hashes)/.+\\.js$': [
      require.resolve('ts-jest'),
      { tsconfig: { allowJs: true, module: 'commonjs' }, diagnostics: false },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // otplib's hashes and base32 ship only ESM: compiled to CommonJS for the two-factor journey (as in server/).
  transformIgnorePatterns: ['^(?!.*/node_modules/(@scure/base|@noble/hashes)/).*/node_modules/'],
  testSequencer: '<rootDir>/harness/sequencer.js',
  globalSetup: '<rootDir>/harness/global-setup.mjs',
  globalTeardown: '<rootDir>/harness/global-teardown.mjs',
  // Real browser + real server: journeys wait for 5 s countdowns and rebuilds.
  testTimeout: 120_000,
  slowTestThreshold: 30,
  maxWorkers: 1,
};
