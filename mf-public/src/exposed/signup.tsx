// Exposed as ./Signup (frontend contract); the shell owns the route.
export { SignupPage as default } from '../features/auth/components/signup-page';
