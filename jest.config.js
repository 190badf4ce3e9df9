/**
 * `npm test`: every unit, component and API suite in one run (the browser suite is `npm run e2e`).
 * Each workspace keeps its own jest.config.js; this list is only the index.
 */
/** @type {import('jest').Config} */
module.exports = {
  projects: [
    '<rootDir>/session-kernel',
    '<rootDir>/shared-api',
    '<rootDir>/server',
    '<rootDir>/shell',
    '<rootDir>/mf-public',
    '<rootDir>/mf-member',
    '<rootDir>/mf-admin',
  ].filter((dir) => require('node:fs').existsSync(require('node:path').join(dir.replace('<rootDir>', __dirname), 'jest.config.js'))),
};
