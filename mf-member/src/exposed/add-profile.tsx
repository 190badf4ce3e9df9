// Exposed as mf_member/./AddProfile (the shell routes to it behind its token guard).
import '../components/mem.css';
import { AddProfilePage } from '../features/sub-profiles/components/add-profile-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function AddProfile() {
  return (
    <MemberOnly>
      <AddProfilePage />
    </MemberOnly>
  );
}
