// ./AdminDashboard — route /admin_dashboard (spec §2).
import { requestFirstPageEarly } from '../features/users/hooks/first-page';
import { UserListPage } from '../features/users/components/user-list-page';

// The list's first page is asked for while React renders the page (issue 12, first-page.ts).
if (typeof window !== 'undefined' && window.location.pathname.toLowerCase() === '/admin_dashboard') {
  requestFirstPageEarly(window.location.search);
}

export default UserListPage;
