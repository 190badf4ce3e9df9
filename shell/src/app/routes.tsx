import { Navigate, Route, Routes } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page';
import { RequireToken } from './require-token';
import { ROUTES } from './route-table';

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, module, guarded, props }) => {
        // key = path: each route gets its own loader state (a failure on one is not another's).
        const page = <RemotePage key={path} id={module} props={props} />;
        return <Route key={path} path={path} element={guarded ? <RequireToken>{page}</RequireToken> : page} />;
      })}
      {/* spec §2: any unknown path redirects to / */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
