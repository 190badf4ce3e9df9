import { ROTATOR_PATH } from '@rotalink/shared-api/contract';
import type { FastifyReply } from 'fastify';
import { DOCUMENT_HEADERS } from '../../http/security-headers';

/**
 * The rotator link's own pages (a browser URL, not a JSON call): self-contained HTML, no script,
 * readable on a 360 px phone, sent with the document security headers and their own CSP.
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 12px}p{line-height:1.5;color:#374151}
a{display:inline-block;min-height:44px;padding:12px 16px;border-radius:8px;background:#2563eb;color:#fff;text-decoration:none;font-weight:600}`;

function page(title: string, text: string, home: string | null): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${home === null ? '' : `<a href="${escapeHtml(home)}">Go to Rotalink</a>`}</main></body>
</html>`;
}

export const ROTATOR_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const rotatorNotFoundPage = (home: string) =>
  page('Link not found', 'This rotator link does not exist. Check the address you were given.', home);
export const rotatorBusyPage = (home: string) =>
  page('Too many visits', 'This link was opened too often from your network. Please try again in a minute.', home);
export const rotatorErrorPage = (home: string) =>
  page('Something went wrong!', 'This link could not be followed just now. Please try again in a moment.', home);

/**
 * Issue 32: a host that is not (or no longer) a verified custom domain. Neutral: it names no one
 * and links nowhere, so a domain that left us does not advertise the site or the former owner.
 */
export const neutralNotFoundPage = () => page('Page not found', 'There is nothing at this address.', null);

/** '/r/': every address under it is a rotator link, so every answer under it is a page, never JSON. */
export const ROTATOR_PREFIX = ROTATOR_PATH.slice(0, ROTATOR_PATH.indexOf(':'));

export const isRotatorUrl = (url: string): boolean => url.startsWith(ROTATOR_PREFIX);

/** Sends one of the pages above, never cached nor indexed. */
export const sendRotatorPage = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  reply
    .code(status)
    .headers(DOCUMENT_HEADERS)
    .header('content-security-policy', ROTATOR_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(body);

/** The rotator's addresses as browser pages for the router's own refusals (http/framework-errors.ts). */
export const rotatorPages = (publicSiteUrl: string) => ({
  matches: isRotatorUrl,
  notFound: (reply: FastifyReply) => void sendRotatorPage(reply, 404, rotatorNotFoundPage(`${publicSiteUrl}/`)),
});
