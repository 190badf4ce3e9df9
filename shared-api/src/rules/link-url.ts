import { MAX_URL } from './limits';
import { MESSAGES } from './messages';

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

/**
 * Issue 29: what is wrong with a link URL that breaks the rule, in words a member can act on. The
 * spec's text stays whole on the first line (spec §5, §8); a second line, after '\n', says what
 * is wrong with this URL in particular. Undefined: nothing that this function knows of — the
 * pattern still decides. Too long: the limit is named, never a silent cut.
 */
export function linkUrlProblem(input: string): string | undefined {
  const url = input.trim();
  if (url.length > MAX_URL) {
    return `The URL must be at most ${MAX_URL.toLocaleString('en-US')} characters; this one has ${url.length.toLocaleString('en-US')}. Use a shorter link to the same page.`;
  }
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#:\s]*)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0') {
    return `${MESSAGES.invalidLinkUrl}\n“${host}” is an address on your own computer: your visitors cannot open it. Use the link’s public address.`;
  }
  if (/^http:\/\//i.test(url)) {
    return `${MESSAGES.invalidLinkUrl}\nAn http:// address is not secure and is not accepted: use the https:// address of the same page.`;
  }
  return undefined;
}

/** The message for a URL the rule refuses: the specific one when known, else the spec's (spec §5). */
export function linkUrlError(input: string): string | undefined {
  const problem = linkUrlProblem(input);
  if (problem) return problem;
  return LINK_URL_PATTERN.test(input.trim()) ? undefined : MESSAGES.invalidLinkUrl;
}
