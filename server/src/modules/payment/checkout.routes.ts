import type { FastifyInstance, FastifyReply } from 'fastify';
import { nowIso } from '../../db/ids';
import { DOCUMENT_HEADERS } from '../../http/security-headers';
import { completePayment, type OnActivated } from './complete-payment';
import { renderAlreadyActivePage, renderCheckoutPage, renderNotFoundPage, renderNotYoursPage, renderPaidPage } from './checkout-page';
import { isCheckoutToken } from './checkout-token';
import { cancelUrl, successUrl, withSessionId } from './local-provider';
import { findPayer, findPayment, planIsActive } from './payments.repository';

const LOCAL_ID = /^cs_local_[A-Za-z0-9_-]{20,64}$/;

/**
 * The local provider's pages (DESIGN §7), served by the API at `{API}/checkout/{id}`. Registered
 * only when PAYMENT_PROVIDER=local: with Stripe, nothing here can mark a payment paid.
 */
export async function checkoutRoutes(app: FastifyInstance, opts: { onActivated?: OnActivated }): Promise<void> {
  const site = app.config.publicSiteUrl;

  // The Pay button posts a small form: the owner's checkout token (checkout-token.ts).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
  const secret = app.config.jwtSecret;

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      // A page, unlike the JSON API: helmet's document headers too (opener, origin cluster, …).
      .headers(DOCUMENT_HEADERS)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Own policy: no scripts at all, inline styles only, and the form may redirect to the site.
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${site}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(body);

  const findLocal = async (id: string) => {
    const row = LOCAL_ID.test(id) ? await findPayment(app.db, id) : undefined;
    return row?.provider === 'local' ? row : undefined;
  };

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/checkout/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const row = await findLocal(request.params.id);
      if (!row) return html(reply, 404, renderNotFoundPage({ homeUrl: `${site}/` }));
      const token = request.query.token;
      if (!isCheckoutToken(secret, row.id, row.user_id, token)) return html(reply, 403, renderNotYoursPage({ homeUrl: `${site}/` }));
      if (row.status === 'paid') return html(reply, 200, renderPaidPage({ continueUrl: withSessionId(successUrl(site), row.id) }));
      const payer = await findPayer(app.db, row.user_id);
      if (payer && planIsActive(payer, nowIso())) return html(reply, 200, renderAlreadyActivePage({ continueUrl: `${site}/user` }));
      return html(reply, 200, renderCheckoutPage({ sessionId: row.id, token: token as string, cancelUrl: cancelUrl(site) }));
    },
  );

  app.post<{ Params: { id: string }; Body: { token?: string } | undefined }>(
    '/checkout/:id/pay',
    { schema: { hide: true } },
    async (request, reply) => {
      const row = await findLocal(request.params.id);
      if (!row) return html(reply, 404, renderNotFoundPage({ homeUrl: `${site}/` }));
      // Only the session's owner, who got the token with the checkout URL, can press Pay.
      if (!isCheckoutToken(secret, row.id, row.user_id, request.body?.token))
        return html(reply, 403, renderNotYoursPage({ homeUrl: `${site}/` }));
      // The local provider is its own payment authority: pressing Pay is the payment.
      const result = await completePayment({
        db: app.db,
        verification: { sessionId: row.id, paid: true, userId: row.user_id, amountCents: row.amount_cents, currency: row.currency },
        onActivated: opts.onActivated,
      });
      // Another checkout activated the plan after this page opened: a lifetime plan is paid once.
      if (result === 'already-active') return html(reply, 409, renderAlreadyActivePage({ continueUrl: `${site}/user` }));
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(withSessionId(successUrl(site), row.id), 303);
    },
  );
}
