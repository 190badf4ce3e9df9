// Exposed as mf_member/./AddLinks (the shell routes to it behind its token guard).
import '../components/mem.css';
import { AddLinksPage } from '../features/links/components/add-links-page';

export default AddLinksPage;
