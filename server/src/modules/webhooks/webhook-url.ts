import type { AllowedRange } from '../../config-background';
import { BadRequest } from '../../errors';
import { RefusedAddress, refuseNonPublicHost, type ResolveHost } from '../link-health';

export const URL_INVALID = 'Enter the full address of your webhook receiver, starting with https://.';
export const HTTPS_ONLY = 'Webhook URLs must start with https://.';
export const NO_CREDENTIALS = 'A webhook URL cannot contain a user name or password.';
export const HOST_UNKNOWN = 'The host name of this webhook URL does not exist.';
export const notPublic = (address: string) =>
  `Webhook URLs must point to a public address: ${address} is a loopback, private, link-local or reserved address.`;

/** A save-time DNS answer must not hold the request up: after this the URL is refused. */
const RESOLVE_TIMEOUT_MS = 5000;

/**
 * Issue 31: a webhook URL is saved only when it is https and its host is (and resolves only to)
 * public addresses — the link-health SSRF rule (decision 0061). The same rule is applied again at
 * every delivery, inside the socket's lookup (DNS can change after the save). Answers the URL as
 * it will be called.
 */
export async function checkWebhookUrl(text: string, o: { allow: AllowedRange[]; resolve: ResolveHost }): Promise<string> {
  const trimmed = text.trim();
  if (!URL.canParse(trimmed)) throw new BadRequest(URL_INVALID);
  const url = new URL(trimmed);
  if (url.protocol !== 'https:') throw new BadRequest(HTTPS_ONLY);
  if (url.username || url.password) throw new BadRequest(NO_CREDENTIALS);
  try {
    await Promise.race([
      refuseNonPublicHost(url, o.allow, o.resolve),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS).unref()),
    ]);
  } catch (err) {
    if (err instanceof RefusedAddress) throw new BadRequest(notPublic(err.address));
    throw new BadRequest(HOST_UNKNOWN);
  }
  return url.href;
}
