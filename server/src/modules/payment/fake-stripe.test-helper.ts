import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The part of a Checkout Session the fake keeps (field names are Stripe's). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  sessions: Map<string, FakeSession>;
  /** Every request the SDK made, for assertions on what was sent. */
  requests: Array<{ method: string; path: string; form: URLSearchParams }>;
  markPaid(id: string): FakeSession;
  /** Makes every following call answer this status (e.g. 500), as an outage would; null to stop. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/**
 * A tiny local stand-in for the Stripe HTTP API (POST /v1/checkout/sessions and
 * GET /v1/checkout/sessions/:id), so the real SDK can be tested with no network.
 */
export async function startFakeStripe(secretKey = 'sk_test_fake'): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripe['requests'] = [];
  let failing: number | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, message: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message } });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = new URLSearchParams(raw);
    requests.push({ method: req.method ?? '', path: url.pathname, form });
    if (failing !== null) return send(res, failing, { error: { type: 'api_error', message: 'Fake outage' } });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? '',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * quantity,
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        metadata: { user_id: form.get('metadata[user_id]') ?? '' },
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expiring) {
      const session = sessions.get(decodeURIComponent(expiring[1]));
      if (!session) return notFound(res, `No such checkout.session: '${expiring[1]}'`);
      if (session.status !== 'open')
        return send(res, 400, {
          error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` },
        });
      session.status = 'expired';
      return send(res, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]));
      return session ? send(res, 200, session) : notFound(res, `No such checkout.session: '${match[1]}'`);
    }
    return notFound(res, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    sessions,
    requests,
    markPaid(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake stripe: no session ${id}`);
      // As Stripe: a closed session can no longer be paid.
      if (session.status !== 'open') throw new Error(`fake stripe: session ${id} is ${session.status}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      return session;
    },
    failWith(status) {
      failing = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
