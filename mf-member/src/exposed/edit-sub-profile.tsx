// Exposed as mf_member/./EditSubProfile (the shell routes to it behind its token guard).
import '../components/mem.css';
import { EditSubProfilePage } from '../features/sub-profiles/components/edit-sub-profile-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function EditSubProfile() {
  return (
    <MemberOnly>
      <EditSubProfilePage />
    </MemberOnly>
  );
}
