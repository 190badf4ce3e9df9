// Exposed as mf_member/./AccountSettings (the shell routes /account to it behind its token guard).
import '../components/mem.css';
import { AccountSettingsPage } from '../features/account/components/account-settings-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function AccountSettings() {
  return (
    <MemberOnly>
      <AccountSettingsPage />
    </MemberOnly>
  );
}
