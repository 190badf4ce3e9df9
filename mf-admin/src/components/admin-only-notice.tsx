import { Link } from 'react-router-dom';
import './admin-ui.css';

/** Shown in place of admin data when the server refuses the token (403, issue 5). */
export function AdminOnlyNotice() {
  return (
    <div className="adm-notice adm-notice--warn" role="alert">
      <p>
        This area is for administrators. Sign in at <Link to="/admin">/admin</Link>.
      </p>
    </div>
  );
}
