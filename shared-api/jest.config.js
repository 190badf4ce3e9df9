/** @type {import('jest').Config} */
module.exports = {
  displayName: 'shared-api',
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node10', lib: ['ES2023', 'DOM'], types: ['jest', 'node'] } },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
