import Bowser from 'bowser';
import { isbot } from 'isbot';
import type { DeviceClassValue } from './click-events.table';

/** What a click's request tells about its visitor, before any rule of a profile applies. */
export interface VisitTraits {
  /** A crawler, a link-preview fetcher or a prefetch (issue 14 "Qualified clicks"). */
  bot: boolean;
  device: DeviceClassValue;
  /** The referring page's host only, lower case; null when absent or not an http(s) URL. */
  referrerHost: string | null;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * A speculative load the browser makes before (or without) the person choosing the link:
 * `Sec-Purpose: prefetch` (Chromium, Firefox; also `prefetch;prerender`), the older `Purpose:
 * prefetch`, Firefox's `X-Moz: prefetch` and Safari's `X-Purpose: preview`.
 */
export function isPrefetch(headers: Headers): boolean {
  return (
    /\bprefetch\b/i.test(header(headers, 'sec-purpose')) ||
    /\bprefetch\b/i.test(header(headers, 'purpose')) ||
    /\bprefetch\b/i.test(header(headers, 'x-moz')) ||
    /\bpreview\b/i.test(header(headers, 'x-purpose'))
  );
}

/**
 * Bots: the maintained `isbot` pattern list (crawlers, Slackbot, facebookexternalhit, WhatsApp,
 * TelegramBot, Discordbot, Twitterbot, LinkedInBot, SkypeUriPreview, HTTP libraries, headless
 * browsers…). A request without a User-Agent is a script: every browser sends one.
 */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || isbot(userAgent);
}

/** mobile | tablet | desktop from the User-Agent (bowser's platform type; TVs and unknowns count as desktop). */
export function deviceOf(userAgent: string): Exclude<DeviceClassValue, 'bot'> {
  const type = Bowser.getParser(userAgent, true).getPlatformType(true);
  return type === 'mobile' || type === 'tablet' ? type : 'desktop';
}

/** The host of a Referer, never its path or query (they can carry a person's data). */
export function referrerHostOf(referrer: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase();
    return host.length > 0 && host.length <= 253 ? host : null;
  } catch {
    return null;
  }
}

/**
 * What a User-Agent says (bot or not, device class), remembered: isbot's pattern and bowser's
 * parse cost a few µs each, on the hot click path, and a site's visitors share a few hundred
 * User-Agent strings. Bounded; emptied when full.
 */
const agents = new Map<string, { bot: boolean; device: DeviceClassValue }>();
const MAX_AGENTS = 5000;

function agentTraits(userAgent: string): { bot: boolean; device: DeviceClassValue } {
  let known = agents.get(userAgent);
  if (known === undefined) {
    const bot = isBotAgent(userAgent);
    known = { bot, device: bot ? 'bot' : deviceOf(userAgent) };
    if (agents.size >= MAX_AGENTS) agents.clear();
    if (userAgent.length <= 512) agents.set(userAgent, known);
  }
  return known;
}

/** `referrer`: the referring page when the caller knows it better than the Referer header (the visitor page's own). */
export function visitTraits(headers: Headers, referrer: string = header(headers, 'referer')): VisitTraits {
  const agent = agentTraits(header(headers, 'user-agent'));
  return { bot: agent.bot || isPrefetch(headers), device: agent.device, referrerHost: referrerHostOf(referrer) };
}
