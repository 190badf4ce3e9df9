// Exposed as ./ForgotPassword (frontend contract); the shell owns the route.
export { ForgotPasswordPage as default } from '../features/auth/components/forgot-password-page';
