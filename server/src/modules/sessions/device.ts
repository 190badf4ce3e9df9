import Bowser from 'bowser';

const UNKNOWN = 'Unknown device';

/**
 * "Chrome on Android" from a User-Agent, for the sessions list: enough for a person to recognise
 * their phone or laptop, nothing that fingerprints them. bowser is the parser the click path uses.
 */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return UNKNOWN;
  const parser = Bowser.getParser(userAgent.slice(0, 512), true);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (!browser && !os) return UNKNOWN;
  return (browser && os ? `${browser} on ${os}` : browser || os).slice(0, 100);
}

/** The country code a trusted proxy put in `header`, or null; anything else is ignored. */
export function placeOf(header: string | undefined, headers: Record<string, string | string[] | undefined>): string | null {
  if (!header) return null;
  const raw = headers[header];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  // Cloudflare's "XX" (unknown) and "T1" (Tor) are no place.
  return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null;
}
