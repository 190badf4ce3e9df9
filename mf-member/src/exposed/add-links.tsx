// Exposed as mf_member/./AddLinks (the shell routes to it behind its token guard).
import '../components/mem.css';
import { AddLinksPage } from '../features/links/components/add-links-page';
import { MemberOnly } from '../components/member-only';

/** An admin who lands here is sent to the admin console (components/member-only.tsx). */
export default function AddLinks() {
  return (
    <MemberOnly>
      <AddLinksPage />
    </MemberOnly>
  );
}
