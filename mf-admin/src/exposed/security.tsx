// ./Security — route /admin_security (issue 33): the admin's two-factor sign-in.
import { SecurityPage } from '../features/security/components/security-page';

export default SecurityPage;
