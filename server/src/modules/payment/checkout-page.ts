import { PLAN } from '@rotalink/shared-api/contract';

/**
 * The built-in provider's checkout page (DESIGN §7): plan, price, Pay and Cancel. Self-contained
 * (no scripts, fonts or images from anywhere), readable on a 360 px phone.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const price = `$${PLAN.amount.toFixed(2)}`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 16px}
.plan{display:flex;justify-content:space-between;align-items:baseline;gap:12px;padding:16px 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb}
.plan strong{font-size:1.1rem}.price{font-size:1.5rem;font-weight:700}
ul{padding-left:20px;color:#374151;line-height:1.6}
.note{font-size:.85rem;color:#6b7280}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:20px}
button,.button{display:block;width:100%;min-height:48px;padding:12px;border-radius:8px;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button{border:0;background:#2563eb;color:#fff}button:focus-visible,.button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.button{border:1px solid #d1d5db;background:#fff;color:#111827}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function renderCheckoutPage(options: { sessionId: string; token: string; cancelUrl: string }): string {
  const id = encodeURIComponent(options.sessionId);
  return layout(
    `Checkout – Rotalink ${PLAN.label}`,
    `<h1>Rotalink checkout</h1>
<div class="plan"><strong>${PLAN.label}</strong><span class="price">${price}</span></div>
<ul><li>Lifetime access, paid once</li><li>${PLAN.linksPerProfile} links per profile</li><li>Link counter and link rotator</li></ul>
<p class="note">Built-in test checkout: no card is charged.</p>
<div class="actions">
<form method="post" action="/checkout/${id}/pay"><input type="hidden" name="token" value="${escapeHtml(options.token)}"><button type="submit">Pay ${price}</button></form>
<a class="button" href="${escapeHtml(options.cancelUrl)}">Cancel</a>
</div>`,
  );
}

export function renderPaidPage(options: { continueUrl: string }): string {
  return layout(
    'Payment complete – Rotalink',
    `<h1>Payment complete</h1>
<p>Your ${PLAN.label} plan is paid.</p>
<div class="actions"><a class="button" href="${escapeHtml(options.continueUrl)}">Continue</a></div>`,
  );
}

/** A checkout opened before the plan went active (another tab, an old page): nothing to pay. */
export function renderAlreadyActivePage(options: { continueUrl: string }): string {
  return layout(
    'Plan already active – Rotalink',
    `<h1>Your plan is already active</h1>
<p>Your ${PLAN.label} plan was paid in another checkout. Nothing was charged here.</p>
<div class="actions"><a class="button" href="${escapeHtml(options.continueUrl)}">Go to your dashboard</a></div>`,
  );
}

export function renderNotYoursPage(options: { homeUrl: string }): string {
  return layout(
    'Checkout link not valid – Rotalink',
    `<h1>This checkout link is not valid</h1>
<p>Open the checkout from your own account: sign in and press Subscribe on the plan page.</p>
<div class="actions"><a class="button" href="${escapeHtml(options.homeUrl)}">Back to Rotalink</a></div>`,
  );
}

export function renderNotFoundPage(options: { homeUrl: string }): string {
  return layout(
    'Checkout not found – Rotalink',
    `<h1>Checkout not found</h1>
<p>This checkout link is not valid. Start again from the plan page.</p>
<div class="actions"><a class="button" href="${escapeHtml(options.homeUrl)}">Back to Rotalink</a></div>`,
  );
}
