import type { ClickVerdictValue } from './click-events.table';
import type { Visit } from './verdict';
import { visitTraits } from './visit';
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
export function describeVisit(hasher: VisitorHasher, request: RequestLike, pageReferrer?: string): Visit | Promise<Visit> {
  const ua = request.headers['user-agent'];
  const visitor = hasher.hash(request.ip, (Array.isArray(ua) ? ua[0] : ua) ?? '');
  // Synchronous once the day's key is known: no promise on every click but the day's first few (issue 27).
  if (typeof visitor !== 'string') return visitor.then((hash) => visitOf(request, pageReferrer, hash));
  return visitOf(request, pageReferrer, visitor);
}

function visitOf(request: RequestLike, pageReferrer: string | undefined, visitor: string): Visit {
  const { bot, device, referrerHost } = visitTraits(request.headers, pageReferrer);
  return { bot, device, referrerHost, visitor };
}

/** The page click's answer (200, link unchanged) when it did not count. */
export const NOT_COUNTED: Record<Exclude<ClickVerdictValue, 'counted'>, string> = {
  bot: 'Click not counted: it came from a bot, a link preview or a prefetch.',
  repeat: 'Click not counted: this visitor already clicked this link recently.',
};
export const CLICK_COUNTED = 'Click counted';
