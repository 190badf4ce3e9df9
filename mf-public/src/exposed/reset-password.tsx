// Exposed as ./ResetPassword (frontend contract); the shell owns the route.
export { ResetPasswordPage as default } from '../features/auth/components/reset-password-page';
