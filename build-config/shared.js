// The singletons of DESIGN §2/§9: one React, one router, one toast container, one session kernel.
// requiredVersion comes from each app's own package.json, so teams can move independently.
// Issue 26: @rotalink/shared-api is no longer shared — each app bundles the contract and calls it
// was built with; only the session kernel (token store, session-ended signal, transport) is ours.
const KERNEL = '@rotalink/session-kernel';
const SINGLETONS = {
  react: 'react',
  'react/': 'react',
  'react-dom': 'react-dom',
  'react-dom/': 'react-dom',
  // react-router-dom re-exports react-router; share both so hooks see one router context.
  'react-router': 'react-router-dom',
  'react-router-dom': 'react-router-dom',
  'react-toastify': 'react-toastify',
  [KERNEL]: KERNEL,
};

/**
 * @param {{ dependencies?: Record<string, string> }} pkg  the app's package.json
 * @param {{ kernelFromHost?: boolean }} [options]  a production remote takes the kernel from the
 *   shell only (`import: false`): it ships no copy of its own, so no second token store can ever
 *   be chosen, and a kernel that lacks a name it needs is caught by the shell's check instead.
 */
function sharedModules(pkg, { kernelFromHost = false } = {}) {
  const deps = { ...pkg.dependencies };
  const shared = {};
  for (const [key, owner] of Object.entries(SINGLETONS)) {
    if (!deps[owner]) continue;
    shared[key] = { singleton: true, requiredVersion: deps[owner], ...(key === KERNEL && kernelFromHost ? { import: false } : {}) };
  }
  return shared;
}

module.exports = { sharedModules, SINGLETONS, KERNEL };
