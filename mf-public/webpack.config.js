// mf_public: the visitor-facing pages, exposed one module per route (frontend contract table).
const { createConfig } = require('@rotalink/build-config');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_public',
  port: 3001,
  title: 'Rotalink',
  exposes: {
    './Landing': './src/exposed/landing.tsx',
    './Legal': './src/exposed/legal.tsx',
    './Login': './src/exposed/login.tsx',
    './Signup': './src/exposed/signup.tsx',
    './ForgotPassword': './src/exposed/forgot-password.tsx',
    './ResetPassword': './src/exposed/reset-password.tsx',
    './PaymentSuccess': './src/exposed/payment-success.tsx',
    './PublicProfile': './src/exposed/public-profile.tsx',
  },
});
