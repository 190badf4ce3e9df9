/** @type {import('jest').Config} */
module.exports = {
  displayName: 'session-kernel',
  testEnvironment: require.resolve('@rotalink/build-config/jest-environment-fetch'),
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node10', lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['jest', 'node'] } },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
