/**
 * A stand-in for the Module Federation runtime in component tests: each exposed module is a tiny
 * page that names itself, so a test sees where the router landed. Tests make a remote fail by
 * adding its name to `down`.
 */
import { useLocation } from 'react-router-dom';

export const down = new Set<string>();
export const loaded: string[] = [];

export function stubPage(id: string) {
  return function StubPage(props: Record<string, unknown>) {
    const location = useLocation();
    const { reason, admin } = (location.state as { reason?: string; admin?: boolean } | null) ?? {};
    return (
      <div>
        <h1>{id}</h1>
        <p>at {location.pathname + location.search}</p>
        {props.page ? <p>legal page: {String(props.page)}</p> : null}
        {reason ? <p>reason: {reason}</p> : null}
        {admin ? <p>ended session: the administrator's</p> : null}
      </div>
    );
  };
}

export async function fakeLoadRemote(id: string): Promise<{ default: unknown }> {
  const remote = id.split('/')[0];
  if (down.has(remote)) throw new Error(`[ Federation Runtime ]: failed to fetch ${remote} manifest`);
  loaded.push(id);
  return { default: stubPage(id) };
}
