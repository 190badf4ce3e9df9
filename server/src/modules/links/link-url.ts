import { BadRequest } from '../../errors';
import { LINK_URL_PATTERN, linkUrlProblem, MESSAGES } from '@rotalink/shared-api/rules';

/**
 * Spec §5 / DESIGN §6: 'https://' or 'www.' followed by a domain; 'www.' is stored as
 * 'https://www.'. Nothing else (no javascript:, data:, http:). Returns the URL to store.
 */
export function normaliseLinkUrl(input: string): string {
  const url = input.trim();
  // Issue 29: http:// and localhost hear what is wrong with them (the spec's text stays first).
  const problem = linkUrlProblem(url);
  if (problem) throw new BadRequest(problem);
  if (!LINK_URL_PATTERN.test(url)) throw new BadRequest(MESSAGES.invalidLinkUrl);
  const full = url.startsWith('www.') ? `https://${url}` : url;
  // Belt and braces: what we store must parse as an https URL with the same host we checked.
  let parsed: URL;
  try {
    parsed = new URL(full);
  } catch {
    throw new BadRequest(MESSAGES.invalidLinkUrl);
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname.includes('.')) throw new BadRequest(MESSAGES.invalidLinkUrl);
  return full;
}
