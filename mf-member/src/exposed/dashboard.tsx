// Exposed as mf_member/./Dashboard (the shell routes to it behind its token guard).
import '../components/mem.css';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function Dashboard() {
  return (
    <MemberOnly>
      <DashboardPage />
    </MemberOnly>
  );
}
