/**
 * Spec §5 link rule: 'https://' or 'www.' followed by a domain. Nothing else (no javascript:,
 * data:, http:). The server stores 'www.' as 'https://www.' (DESIGN §6). The path may hold no
 * space and no invisible formatting character (zero-width, direction marks and overrides): a
 * right-to-left override made `https://evil.example/\u202Efdp.exe` read as ending in ".pdf".
 */
export const LINK_URL_PATTERN =
  /^(https:\/\/|www\.)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+([/?#:][^\s\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]*)?$/;

/**
 * Where a stored link may take a browser: an https address as it is, a 'www.' one over https,
 * anything else (javascript:, data:, plain text) nowhere — so no page can turn a bad row into a
 * clickable scheme.
 */
export function linkHref(url: string): string | null {
  const value = url.trim();
  if (/^https:\/\/\S+$/i.test(value)) return value;
  if (/^www\.\S+$/i.test(value)) return `https://${value}`;
  return null;
}
