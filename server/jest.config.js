/**
 * Server suites: real HTTP handling through app.inject on SQLite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set (each test file in its own schema). See test/helpers.ts.
 */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'server',
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node10', types: ['jest', 'node'] }, diagnostics: { warnOnly: false } },
    ],
    '/node_modules/(cookie|@scure/base|@noble/hashes|content-disposition)/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs' }, diagnostics: false },
    ],
  },
  // light-my-request (app.inject) needs cookie@2, which ships only ESM; jest's CommonJS runtime
  // cannot require it, so that one package is compiled to CommonJS for tests. So are otplib's
  // ESM-only hashes and base32 (issue 33; Node 20.19+ itself requires them as they are), and
  // @fastify/static's content-disposition (the /api/v1 docs page, issue 31).
  transformIgnorePatterns: ['^(?!.*/node_modules/(cookie|@scure/base|@noble/hashes|content-disposition)/).*/node_modules/'],
  moduleNameMapper: {
    // The generated v1 client's fetch wrapper (issue 31): its package's main is ESM; it ships a CommonJS build too.
    '^openapi-fetch$': '<rootDir>/../node_modules/openapi-fetch/dist/index.cjs',
    '^@rotalink/shared-api/(contract|paths|rules)$': '<rootDir>/../shared-api/src/$1/index.ts',
    '^@rotalink/shared-api$': '<rootDir>/../shared-api/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  // argon2 and two database engines per suite: give slow machines room. testTimeout here is read
  // only when Jest runs in server/ itself; the setup file applies from the root too.
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/test/jest-timeout.ts'],
};
