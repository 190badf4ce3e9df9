import { fail, str, type Env } from './config-values';

/** Issue 33: sessions and the admin's second factor. */
export interface SecurityConfig {
  security: {
    /**
     * SESSION_PLACE_HEADER: a request header the proxy in front sets to the client's country code
     * (e.g. `cf-ipcountry`); the sessions list shows it as the approximate place. Unset: no place
     * (no GeoIP database ships, and a raw IP is never shown).
     */
    sessionPlaceHeader: string | undefined;
  };
}

export function loadSecurityConfig(env: Env): SecurityConfig {
  const header = str(env, 'SESSION_PLACE_HEADER')?.toLowerCase();
  if (header !== undefined && !/^[a-z0-9-]{1,64}$/.test(header)) fail('SESSION_PLACE_HEADER', `must be a header name, got '${header}'`);
  return { security: { sessionPlaceHeader: header } };
}
