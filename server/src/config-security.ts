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
    /**
     * ADMIN_2FA_REQUIRED=1: the admin console refuses every call but setting up two-factor sign-in
     * until the admin has it on (turn it on in production).
     */
    admin2faRequired: boolean;
  };
}

export function loadSecurityConfig(env: Env): SecurityConfig {
  const header = str(env, 'SESSION_PLACE_HEADER')?.toLowerCase();
  if (header !== undefined && !/^[a-z0-9-]{1,64}$/.test(header)) fail('SESSION_PLACE_HEADER', `must be a header name, got '${header}'`);
  const required = str(env, 'ADMIN_2FA_REQUIRED') ?? '0';
  if (required !== '0' && required !== '1') fail('ADMIN_2FA_REQUIRED', `must be 0 or 1, got '${required}'`);
  return { security: { sessionPlaceHeader: header, admin2faRequired: required === '1' } };
}
