const { frontEndJestConfig } = require('@rotalink/build-config/jest-preset');
module.exports = frontEndJestConfig({ dirname: __dirname, displayName: 'mf-admin' });
