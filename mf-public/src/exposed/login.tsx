// Exposed as ./Login (frontend contract); the shell owns the route.
export { LoginPage as default } from '../features/auth/components/login-page';
