// Exposed as mf_member/./EditSubProfile (the shell routes to it behind its token guard).
import '../components/mem.css';
import { EditSubProfilePage } from '../features/sub-profiles/components/edit-sub-profile-page';

export default EditSubProfilePage;
