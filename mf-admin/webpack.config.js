const { createConfig } = require('@rotalink/build-config');
module.exports = createConfig({ dirname: __dirname, name: 'mf_admin', port: 3003, exposes: { './Page': './src/Page.tsx' } });
