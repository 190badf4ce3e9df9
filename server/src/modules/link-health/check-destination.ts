import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { AllowedRange } from '../../config-background';
import { guardedLookup, RefusedAddress, refuseLiteralHost } from './ssrf-guard';

export interface CheckOptions {
  /** Per request (HEAD, then GET), redirects included. 5 s in production. */
  timeoutMs: number;
  maxRedirects: number;
  allow: AllowedRange[];
  /** A PEM certificate trusted besides the system's (tests only). */
  extraCa?: string;
  userAgent: string;
}

export interface CheckResult {
  ok: boolean;
  /** In words, for the member: 'HTTP 200', 'HTTP 404', 'No answer within 5 s', 'Refused: …'. */
  result: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/**
 * Answers that mean "alive, but not for robots": many affiliate destinations sit behind a sign-in
 * or a bot wall that answers a checker 401/403/429 while people get through. Pausing those would
 * cost the member real visitors, so they count as reachable.
 */
const ALIVE_BUT_GUARDED = new Set([401, 403, 429]);

type Answer = { status: number; location?: string };

function request(url: URL, method: 'HEAD' | 'GET', o: CheckOptions, signal: AbortSignal): Promise<Answer> {
  refuseLiteralHost(url, o.allow);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method,
        signal,
        agent: false,
        lookup: guardedLookup(o.allow) as never,
        ...(o.extraCa ? { ca: [...rootCertificates, o.extraCa] } : {}),
        headers: { 'user-agent': o.userAgent, accept: '*/*' },
      },
      (res) => {
        // Only the status matters: the body is never read.
        res.destroy();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One method's walk: the URL, then each redirect (each host checked again), within one deadline. */
async function walk(start: string, method: 'HEAD' | 'GET', o: CheckOptions): Promise<Answer> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    const answer = await request(url, method, o, signal);
    if (!REDIRECTS.has(answer.status) || !answer.location) return answer;
    if (hop >= o.maxRedirects) throw new TooManyRedirects(o.maxRedirects);
    url = new URL(answer.location, url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`a redirect to ${url.protocol} is not followed`);
  }
}

class TooManyRedirects extends Error {
  constructor(max: number) {
    super(`More than ${max} redirects`);
  }
}

/** A failed request in words for the member (issue 31's webhook log says the same). */
export function describeRequestError(err: unknown, o: Pick<CheckOptions, 'timeoutMs'>): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (err instanceof RefusedAddress) return e.message as string;
  if (err instanceof TooManyRedirects) return e.message as string;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `No answer within ${o.timeoutMs / 1000} s`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'The host name does not exist';
  if (e.code === 'ECONNREFUSED') return 'The server refused the connection';
  if (e.code === 'ECONNRESET') return 'The server closed the connection';
  if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT') || e.code === 'DEPTH_ZERO_SELF_SIGNED_CERT') return `TLS: ${e.message}`;
  return `Could not connect: ${e.code ?? e.message ?? String(err)}`;
}

/**
 * Issue 16: is this destination alive? HEAD first (cheap); when the server answers HEAD with an
 * error status (some refuse or mishandle HEAD), GET. Up to 5 redirects, each target's address
 * checked by the SSRF guard; `timeoutMs` per method. Never throws.
 */
export async function checkDestination(url: string, o: CheckOptions): Promise<CheckResult> {
  try {
    let answer = await walk(url, 'HEAD', o);
    if (answer.status >= 400) answer = await walk(url, 'GET', o);
    const ok = answer.status < 400 || ALIVE_BUT_GUARDED.has(answer.status);
    return { ok, result: `HTTP ${answer.status}` };
  } catch (err) {
    return { ok: false, result: describeRequestError(err, o) };
  }
}
