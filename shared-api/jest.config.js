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
  // src/live reaches the singleton by the package name, as the pages do (decision 0071).
  moduleNameMapper: { '^@rotalink/shared-api$': '<rootDir>/src/index.ts' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
