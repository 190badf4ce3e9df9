const { createConfig } = require('@rotalink/build-config');

// The member pages the shell routes to (front-end contract: exposed modules per route).
module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_member',
  port: 3002,
  title: 'Rotalink — member area (standalone)',
  sharedCss: true, // one stylesheet for every page (build-config/README.md)
  exposes: {
    './Dashboard': './src/exposed/dashboard.tsx',
    './EditProfile': './src/exposed/edit-profile.tsx',
    './AddProfile': './src/exposed/add-profile.tsx',
    './EditSubProfile': './src/exposed/edit-sub-profile.tsx',
    './AddLinks': './src/exposed/add-links.tsx',
    './AccountSettings': './src/exposed/account-settings.tsx',
    './Stats': './src/exposed/stats.tsx', // issue 15
  },
});
