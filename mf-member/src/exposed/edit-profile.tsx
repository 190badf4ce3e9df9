// Exposed as mf_member/./EditProfile (the shell routes to it behind its token guard).
import '../components/mem.css';
import { EditProfilePage } from '../features/profile/components/edit-profile-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function EditProfile() {
  return (
    <MemberOnly>
      <EditProfilePage />
    </MemberOnly>
  );
}
