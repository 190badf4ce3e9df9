/** @type {import('jest').Config} */
module.exports = {
  displayName: 'shared-api',
  // jsdom plus Node's fetch: the session kernel's transport is fetch (issue 26).
  testEnvironment: require.resolve('@rotalink/build-config/jest-environment-fetch'),
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node10', lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['jest', 'node'] } },
    ],
  },
  // src/live reaches the client by the package name, as the pages do (decision 0071).
  moduleNameMapper: {
    '^@rotalink/shared-api$': '<rootDir>/src/index.ts',
    '^@rotalink/session-kernel$': '<rootDir>/../session-kernel/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
