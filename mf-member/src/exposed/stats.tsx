// Exposed as mf_member/./Stats (the shell routes /stats to it behind its token guard). The chart
// library (uPlot) is imported by this page only, so it travels in this chunk (decision 0068).
import '../components/mem.css';
import '../features/stats/components/stats.css';
import { StatsPage } from '../features/stats/components/stats-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function Stats() {
  return (
    <MemberOnly>
      <StatsPage />
    </MemberOnly>
  );
}
