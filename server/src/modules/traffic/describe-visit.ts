import type { ClickVerdictValue } from './click-events.table';
import type { Visit } from './verdict';
import { referrerHostOf, visitTraits } from './visit';
import type { VisitorHasher } from './visitor-keys';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  /** The client address (Fastify's, which follows TRUST_PROXY). Hashed, never stored. */
  ip: string;
}

/**
 * The visit behind a click request: its traits and the day's hash of IP + User-Agent.
 * `pageReferrer`: the visitor page's own document.referrer, sent with a page click (its request's
 * Referer is only the page itself); when given it decides the referrer host ('' = none).
 */
export async function describeVisit(hasher: VisitorHasher, request: RequestLike, pageReferrer?: string): Promise<Visit> {
  const ua = request.headers['user-agent'];
  const visitor = await hasher.hash(request.ip, (Array.isArray(ua) ? ua[0] : ua) ?? '');
  const traits = visitTraits(request.headers);
  return { ...traits, ...(pageReferrer === undefined ? {} : { referrerHost: referrerHostOf(pageReferrer) }), visitor };
}

/** The page click's answer (200, link unchanged) when it did not count. */
export const NOT_COUNTED: Record<Exclude<ClickVerdictValue, 'counted'>, string> = {
  bot: 'Click not counted: it came from a bot, a link preview or a prefetch.',
  repeat: 'Click not counted: this visitor already clicked this link recently.',
};
export const CLICK_COUNTED = 'Click counted';
