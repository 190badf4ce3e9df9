import https from 'node:https';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import type { AllowedRange } from '../../config-background';
import { describeRequestError, guardedLookup, refuseLiteralHost, type ResolveHost } from '../link-health';

export interface PostOptions {
  /** The whole request, connection to status line. */
  timeoutMs: number;
  allow: AllowedRange[];
  resolve: ResolveHost;
  /** A PEM certificate trusted besides the system's (tests only: LINK_CHECK_TEST_CA). */
  extraCa?: string;
}

/**
 * The TLS trust for every delivery, built once: a context per request would parse the ~140 root
 * certificates each time (measured: ~100 ms of CPU per delivery).
 */
const contexts = new Map<string, SecureContext>();
function trustWith(extraCa: string | undefined): SecureContext | undefined {
  if (!extraCa) return undefined;
  let context = contexts.get(extraCa);
  if (!context) contexts.set(extraCa, (context = createSecureContext({ ca: [...rootCertificates, extraCa] })));
  return context;
}

export interface PostResult {
  ok: boolean;
  /** The receiver's status (null: no answer). */
  code: number | null;
  /** Why it failed, short, for the log (null on success). */
  error: string | null;
}

/**
 * Issue 31: one delivery, POSTed to the endpoint. The SSRF guard of link health (decision 0061)
 * runs in the socket's lookup, so the address connected to is the one checked — at every try,
 * whatever the URL resolved to when it was saved. Redirects are never followed (a 3xx is a
 * failure with its code): following one would mean re-sending a signed body to a host the member
 * never registered. Only the status line is read; the body is discarded.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, o: PostOptions): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'https:') return resolve({ ok: false, code: null, error: 'Only https:// URLs are called' });
      refuseLiteralHost(target, o.allow);
    } catch (err) {
      return resolve({ ok: false, code: null, error: describeRequestError(err, o) });
    }
    const req = https.request(
      target,
      {
        method: 'POST',
        signal: AbortSignal.timeout(o.timeoutMs),
        agent: false,
        lookup: guardedLookup(o.allow, o.resolve) as never,
        // A TLS option https.request passes on to tls.connect (its RequestOptions type omits it).
        ...({ secureContext: trustWith(o.extraCa) } as object),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume();
        res.on('error', () => undefined);
        req.destroy();
        if (code >= 200 && code < 300) return resolve({ ok: true, code, error: null });
        const redirect = code >= 300 && code < 400 ? ': redirects are not followed' : '';
        resolve({ ok: false, code, error: `HTTP ${code}${redirect}` });
      },
    );
    req.on('error', (err) => resolve({ ok: false, code: null, error: describeRequestError(err, o) }));
    req.end(body);
  });
}
