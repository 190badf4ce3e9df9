// ./AdminLogin — route /admin (spec §2).
import { AdminLoginPage } from '../features/login/components/admin-login-page';

export default AdminLoginPage;
