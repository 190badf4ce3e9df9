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
  /** Set when paid (Stripe: the PaymentIntent that took the money). */
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

/** A refund as the fake Stripe made it (field names are Stripe's). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  sessions: Map<string, FakeSession>;
  /** Every refund made, once per payment (a repeated Idempotency-Key answers the first refund again). */
  refunds: FakeRefund[];
  /** Every request the SDK made, for assertions on what was sent. */
  requests: Array<{ method: string; path: string; form: URLSearchParams }>;
  markPaid(id: string): FakeSession;
  /** Makes every following call (or those whose path matches `only`) answer this status (e.g. 500), as an outage would; null to stop. */
  failWith(status: number | null, only?: RegExp): void;
  close(): Promise<void>;
}

/**
 * A tiny local stand-in for the Stripe HTTP API (POST /v1/checkout/sessions, GET
 * /v1/checkout/sessions/:id, POST …/:id/expire and POST /v1/refunds), so the real SDK can be tested with no network.
 */
export async function startFakeStripe(secretKey = 'sk_test_fake'): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripe['requests'] = [];
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeRefund>();
  let failing: { status: number; only?: RegExp } | null = null;

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
    if (failing && (!failing.only || failing.only.test(url.pathname)))
      return send(res, failing.status, { error: { type: 'api_error', message: 'Fake outage' } });
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
        payment_intent: null,
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
    if (req.method === 'POST' && url.pathname === '/v1/refunds') return refund(req, res, form);
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

  /** POST /v1/refunds of a whole PaymentIntent, as Stripe: once per payment, the same answer for a repeated key. */
  const refund = (req: IncomingMessage, res: ServerResponse, form: URLSearchParams) => {
    const key = req.headers['idempotency-key'];
    const again = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (again) return send(res, 200, again);
    const intent = form.get('payment_intent') ?? '';
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    if (!session) return notFound(res, `No such payment_intent: '${intent}'`);
    if (refunds.some((r) => r.payment_intent === intent)) {
      return send(res, 400, {
        error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
      });
    }
    const made: FakeRefund = {
      id: `re_test_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      payment_intent: intent,
      amount: session.amount_total,
      currency: session.currency,
      reason: form.get('reason'),
      status: 'succeeded',
      metadata: { session_id: form.get('metadata[session_id]') ?? '' },
    };
    refunds.push(made);
    if (typeof key === 'string') byIdempotencyKey.set(key, made);
    return send(res, 200, made);
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
    refunds,
    requests,
    markPaid(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake stripe: no session ${id}`);
      // As Stripe: a closed session can no longer be paid.
      if (session.status !== 'open') throw new Error(`fake stripe: session ${id} is ${session.status}`);
      session.payment_status = 'paid';
      session.payment_intent = `pi_test_${randomBytes(12).toString('hex')}`;
      session.status = 'complete';
      return session;
    },
    failWith(status, only) {
      failing = status === null ? null : { status, only };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The API's environment for paying through this fake (read by useTestApp before the app starts). */
export function stripeEnv(fake: FakeStripe, webhookSecret: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: `http://${fake.api.host}:${fake.api.port}`,
  };
}
