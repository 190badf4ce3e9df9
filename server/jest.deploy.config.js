/**
 * `npm run test:deploy` (issue 28): the deployment test — container image, two API containers
 * behind the proxy, rolling restarts under load. Not part of `npm test`: it needs podman, runc,
 * caddy and a built front end (docs/deploy.md, .ci/run).
 */
const base = require('./jest.config.js');
/** @type {import('jest').Config} */
module.exports = {
  ...base,
  displayName: 'deploy',
  testMatch: ['<rootDir>/test/deploy/**/*.deploy.ts'],
  testTimeout: 900000,
  setupFilesAfterEnv: [],
};
