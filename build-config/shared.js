// The singletons of DESIGN §2/§9: one React, one router, one toast container, one shared-api.
// requiredVersion comes from each app's own package.json, so teams can move independently.
const SINGLETONS = {
  react: 'react',
  'react/': 'react',
  'react-dom': 'react-dom',
  'react-dom/': 'react-dom',
  // react-router-dom re-exports react-router; share both so hooks see one router context.
  'react-router': 'react-router-dom',
  'react-router-dom': 'react-router-dom',
  'react-toastify': 'react-toastify',
  '@rotalink/shared-api': '@rotalink/shared-api',
};

function sharedModules(pkg) {
  const deps = { ...pkg.dependencies };
  const shared = {};
  for (const [key, owner] of Object.entries(SINGLETONS)) {
    if (!deps[owner]) continue;
    shared[key] = { singleton: true, requiredVersion: deps[owner] };
  }
  return shared;
}

module.exports = { sharedModules, SINGLETONS };
