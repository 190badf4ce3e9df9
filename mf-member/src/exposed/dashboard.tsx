// Exposed as mf_member/./Dashboard (the shell routes to it behind its token guard).
import '../components/mem.css';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';

export default DashboardPage;
