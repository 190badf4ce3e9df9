import { useEffect } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { loadConfigOnce } from '../config/load-config';
import { RemotePage } from '../federation/remote-page';
import { RequireToken } from './require-token';
import { HANDLE_SEGMENT, ROUTES } from './route-table';

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, module, guarded, props }) => {
        // key = path: each route gets its own loader state (a failure on one is not another's).
        const page = <RemotePage key={path} id={module} props={props} />;
        return <Route key={path} path={path} element={guarded ? <RequireToken>{page}</RequireToken> : page} />;
      })}
      {/* Issue 32: /{handle} is a member's public page, /{handle}/go its rotator. Ranked after every fixed path. */}
      <Route path="/:handle" element={<HandlePage />} />
      <Route path="/:handle/go" element={<HandleRotator />} />
      {/* spec §2: any unknown path redirects to / */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** `/{handle}`: the visitor page by handle; a segment that cannot be a handle is an unknown path (spec §2). */
function HandlePage() {
  const { handle = '' } = useParams();
  if (!HANDLE_SEGMENT.test(`/${handle}`)) return <Navigate to="/" replace />;
  return <RemotePage key="/:handle" id="mf_public/PublicProfile" props={{ handle: handle.toLowerCase() }} />;
}

/** `/{handle}/go`: the rotator is the API's `/r/{handle}` (it counts the click and redirects). */
function HandleRotator() {
  const { handle = '' } = useParams();
  const valid = HANDLE_SEGMENT.test(`/${handle}`);
  useEffect(() => {
    if (!valid) return;
    void loadConfigOnce().then((config) => {
      const base = config.apiBase.replace(/\/+$/, '');
      window.location.replace(`${base}/r/${encodeURIComponent(handle.toLowerCase())}`);
    });
  }, [handle, valid]);
  return valid ? null : <Navigate to="/" replace />;
}

/** Issue 32: on a custom domain, `/` is the member's page (found by host); every other path goes there. */
export function CustomHostRoutes({ host }: { host: string }) {
  return (
    <Routes>
      <Route path="/" element={<RemotePage key="/" id="mf_public/PublicProfile" props={{ host }} />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
