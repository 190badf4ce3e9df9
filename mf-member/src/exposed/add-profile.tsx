// Exposed as mf_member/./AddProfile (the shell routes to it behind its token guard).
import '../components/mem.css';
import { AddProfilePage } from '../features/sub-profiles/components/add-profile-page';

export default AddProfilePage;
