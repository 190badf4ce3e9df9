/* global URLSearchParams */
// Builds the bench's data through the API itself (signup, login, plan, links), never by writing
// tables directly: the schema belongs to the server and may change; the HTTP contract may not.
import { ADMIN } from './api-server.mjs';
import { BROWSER_UA } from './load.mjs';

export const BIG_CAP = 1_000_000_000; // the contract's largest max_clicks: a head that never completes

export async function http(base, method, path, { body, form, token, expect = [200, 201] } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      // A person's browser: a click from a script's User-Agent would not count (issue 14).
      'user-agent': BROWSER_UA,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : form !== undefined ? new URLSearchParams(form).toString() : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (expect && !expect.includes(res.status)) {
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return { status: res.status, json, headers: res.headers };
}

const pad = (n) => String(n).padStart(2, '0');
const adminDate = (d) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

let adminToken;
async function getAdminToken(base) {
  const { json } = await http(base, 'POST', '/api/admin/adminlogin', { body: ADMIN });
  return json.token;
}

/** Makes the member's plan active: through the admin edit, or else the local checkout. */
async function activatePlan(base, userId, token) {
  try {
    adminToken ??= { base, token: await getAdminToken(base) };
    if (adminToken.base !== base) adminToken = { base, token: await getAdminToken(base) };
    const now = new Date();
    await http(base, 'POST', `/api/admin/updateUser/${userId}`, {
      token: adminToken.token,
      body: {
        package_price: 144.56,
        package_joined_date: adminDate(now),
        package_expiry_date: adminDate(new Date(now.getTime() + 20 * 365 * 86400e3)),
        subscription_status: 'active',
        subscription_type: 'yearly',
      },
    });
  } catch (adminErr) {
    // The local payment provider is the other way a plan becomes active (DESIGN §7).
    const { json } = await http(base, 'POST', '/api/payment/create-session', {
      token,
      body: { planName: 'monthly', duration: 'monthly', amount: 144.56 },
    });
    const checkout = new URL(json.url); // {API}/checkout/{id}?token=… (the owner's token, checked on Pay)
    const sessionId = checkout.pathname.split('/').pop();
    await http(base, 'POST', `${checkout.pathname}/pay`, {
      form: { token: checkout.searchParams.get('token') ?? '' },
      expect: [200, 302, 303],
    });
    await http(base, 'POST', '/api/payment/payment-success', { token, body: { session_id: sessionId } }).catch((e) => {
      throw new Error(`could not activate a plan (admin: ${adminErr.message}; checkout: ${e.message})`);
    });
  }
}

/** A member with an active plan, a filled-in profile and the given links (in queue order). */
export async function createMember(base, { tag, links = [] }) {
  const email = `bench-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'bench-password-123';
  await http(base, 'POST', '/api/auth/signup', { body: { firstName: 'Bench', lastName: tag, email, password } });
  const { json: login } = await http(base, 'POST', '/api/auth/login', { body: { email, password } });
  const token = login.token;
  const { json: profile } = await http(base, 'GET', '/api/auth/profile', { token });
  const userId = profile.user_id;
  await http(base, 'POST', '/api/auth/updateProfile', {
    token,
    body: {
      first_name: 'Bench',
      last_name: tag,
      title: 'Network marketing, done in order',
      slogan: 'Click the first link, then the next.',
      about:
        'A profile made by the benchmark. It has the length of a real member text: a few sentences about ' +
        'who the member is, what they recommend and why a visitor should follow the links in order.',
    },
  });
  await activatePlan(base, userId, token);
  const linkIds = [];
  for (const [i, spec] of links.entries()) {
    const { json } = await http(base, 'POST', '/api/links/linkadd', {
      token,
      body: {
        link: spec.url ?? `https://example.com/${tag}/${i + 1}`,
        max_clicks: spec.cap,
        name: spec.name ?? `${tag} link ${i + 1}`,
        user_id: userId,
      },
    });
    linkIds.push(json.link.id);
  }
  return { userId, token, linkIds };
}

export async function click(base, linkId, expect = [200]) {
  return http(base, 'POST', '/api/public/increment-clicks', { body: { link_id: linkId }, expect });
}

/** The link (by id) as the public page sees it, from pending or completed. */
export async function publicLink(base, userId, linkId) {
  const { json } = await http(base, 'GET', `/api/public/userliks?user_id=${encodeURIComponent(userId)}`);
  return [...json.pending, ...json.completed].find((l) => l.id === linkId) ?? null;
}

/**
 * The data every API scenario uses:
 * - reader: the visitor page's data — 5 completed links and 15 pending (a full 20-link plan);
 * - clicker: a never-completing head (cap 10^9) for the click throughput runs;
 * - warm: the same shape, only for unmeasured warm-up clicks;
 * - capped: a head with a small cap, hammered far past it to prove the cap holds;
 * - rotator / rotatorWarm: the rotator link (issue 14, default fulfillment mode) over a
 *   never-completing head, for the redirect's throughput runs and their warm-up.
 */
export async function seedApi(base, { smallCap = 100 } = {}) {
  const readerLinks = [
    ...Array.from({ length: 5 }, (_, i) => ({ cap: 1, name: `Done offer ${i + 1}` })),
    ...Array.from({ length: 15 }, (_, i) => ({ cap: 1000 + i, name: `Offer ${i + 6}` })),
  ];
  const reader = await createMember(base, { tag: 'reader', links: readerLinks });
  for (const id of reader.linkIds.slice(0, 5)) await click(base, id);
  const clicker = await createMember(base, { tag: 'clicker', links: [{ cap: BIG_CAP }, { cap: 10 }] });
  const warm = await createMember(base, { tag: 'warm', links: [{ cap: BIG_CAP }, { cap: 10 }] });
  const capped = await createMember(base, { tag: 'capped', links: [{ cap: smallCap }, { cap: BIG_CAP }] });
  const rotator = await createMember(base, { tag: 'rotator', links: [{ cap: BIG_CAP }, { cap: 10 }] });
  const rotatorWarm = await createMember(base, { tag: 'rotator-warm', links: [{ cap: BIG_CAP }, { cap: 10 }] });
  const seller = await seedSeller(base);
  return { reader, clicker, warm, capped, rotator, rotatorWarm, seller, smallCap, firstPendingName: readerLinks[5].name };
}

/**
 * Issue 30: a profile whose link carries its click id to the offer (`{click_id}`), one counted
 * click for that id, and the profile's postback URL (with its key): what an affiliate network's
 * postbacks need. Each bench postback is a new sale of that click (its own txid).
 */
async function seedSeller(base) {
  const seller = await createMember(base, { tag: 'seller', links: [{ cap: BIG_CAP, url: 'https://example.com/offer?sub={click_id}' }] });
  const { json: answer } = await click(base, seller.linkIds[0]);
  const clickId = new URL(answer.destination).searchParams.get('sub');
  if (!clickId) throw new Error(`the seller's click carried no click id: ${JSON.stringify(answer)}`);
  const { json: settings } = await http(base, 'GET', `/api/conversions/settings?user_id=${encodeURIComponent(seller.userId)}`, {
    token: seller.token,
  });
  // Only the profile and its key from the URL the member copies: its other fields are the network's placeholders.
  const given = new URL(settings.postback_url);
  const postbackUrl = `${given.origin}${given.pathname}?profile_id=${given.searchParams.get('profile_id')}&key=${given.searchParams.get('key')}`;
  return { ...seller, clickId, postbackUrl };
}
