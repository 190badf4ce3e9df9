// Exposed as ./Landing (frontend contract); the shell owns the route.
export { LandingPage as default } from '../features/landing/components/landing-page';
