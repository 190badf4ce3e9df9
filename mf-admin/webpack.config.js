const { createConfig } = require('@rotalink/build-config');

// The admin remote (frontend contract): three page modules, loaded by the shell at runtime.
module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_admin',
  port: 3003,
  title: 'Rotalink admin',
  sharedCss: true, // one stylesheet for every page (build-config/README.md)
  exposes: {
    './AdminLogin': './src/exposed/admin-login.tsx',
    './AdminDashboard': './src/exposed/admin-dashboard.tsx',
    './UserDetails': './src/exposed/user-details.tsx',
    './Activity': './src/exposed/activity.tsx',
    './Security': './src/exposed/security.tsx',
  },
});
