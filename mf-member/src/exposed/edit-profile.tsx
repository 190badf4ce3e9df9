// Exposed as mf_member/./EditProfile (the shell routes to it behind its token guard).
import '../components/mem.css';
import { EditProfilePage } from '../features/profile/components/edit-profile-page';

export default EditProfilePage;
