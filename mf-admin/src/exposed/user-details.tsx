// ./UserDetails — route /user-details (spec §2), the user arriving as navigation state.
import { UserDetailsPage } from '../features/user-details/components/user-details-page';

export default UserDetailsPage;
