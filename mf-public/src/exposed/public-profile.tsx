// Exposed as ./PublicProfile (frontend contract); the shell owns the route.
export { PublicProfilePage as default } from '../features/public-profile/components/public-profile-page';
