// Jest settings every front end shares: jsdom, ts-jest with React JSX, shared-api mapped to its
// source (tests need no build), CSS imports stubbed, Testing Library matchers installed.
const path = require('node:path');

function frontEndJestConfig({ dirname, displayName }) {
  return {
    displayName,
    rootDir: dirname,
    testEnvironment: path.join(__dirname, 'jest-environment-fetch.js'),
    transform: {
      '^.+\\.tsx?$': [
        require.resolve('ts-jest'),
        {
          tsconfig: {
            jsx: 'react-jsx',
            module: 'commonjs',
            moduleResolution: 'node10',
            esModuleInterop: true,
            strict: true,
            skipLibCheck: true,
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            types: ['jest', 'node', '@testing-library/jest-dom'],
          },
          diagnostics: { warnOnly: false },
        },
      ],
    },
    moduleNameMapper: {
      '^@rotalink/shared-api$': path.join(__dirname, '..', 'shared-api', 'src', 'index.ts'),
      '^@rotalink/session-kernel$': path.join(__dirname, '..', 'session-kernel', 'src', 'index.ts'),
      '^@rotalink/shared-api/(contract|paths|rules|live)$': path.join(__dirname, '..', 'shared-api', 'src', '$1', 'index.ts'),
      '\\.css$': path.join(__dirname, 'jest-style-stub.js'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.js')],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  };
}

module.exports = { frontEndJestConfig };
