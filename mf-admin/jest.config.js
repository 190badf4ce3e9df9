const path = require('node:path');
const { frontEndJestConfig } = require('@rotalink/build-config/jest-preset');

const base = frontEndJestConfig({ dirname: __dirname, displayName: 'mf-admin' });
module.exports = {
  ...base,
  // jest-timeout.js: the root `npm test` runs every project at once on a shared 2-core machine.
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, path.join(__dirname, 'jest-timeout.js')],
};
