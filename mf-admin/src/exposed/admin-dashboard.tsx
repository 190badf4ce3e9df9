// ./AdminDashboard — route /admin_dashboard (spec §2).
import { UserListPage } from '../features/users/components/user-list-page';

export default UserListPage;
