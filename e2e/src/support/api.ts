/**
 * Seeding over the real HTTP API (spec §7, DESIGN §7), as a browser would call it: sign up, sign
 * in, pay through the local checkout, add links, create sub-profiles, admin calls. Journeys use
 * these for the people they are not testing through the page.
 */
import { randomBytes } from 'node:crypto';
import { stack } from './stack';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} → ${status} ${JSON.stringify(body)}`);
  }
}

/**
 * A person's browser: the API does not count a click whose User-Agent is a script or a bot
 * (issue 14), and Node's fetch says "node".
 */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

async function request<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'user-agent': BROWSER_UA };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const send = () =>
    fetch(`${stack().apiUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    // A kept-alive socket to an API process a journey stopped and started again (issue 29) is
    // closed on its first use: connect anew once, as any client would.
    if (!/other side closed/.test(String((err as { cause?: unknown }).cause))) throw err;
    res = await send();
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) throw new HttpError(res.status, body, `${method} ${path}`);
  return body as T;
}

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  userId: string;
}

export interface LinkRow {
  id: string;
  name: string;
  link: string;
  clicks: number;
  max_clicks: number | null;
}

/** A unique address per run and person, so journeys never collide. */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${randomBytes(2).toString('hex')}@example.com`;
}

export async function signup(person: { firstName: string; lastName: string; email: string; password: string }): Promise<void> {
  await request('POST', '/api/auth/signup', { body: person });
}

export async function login(email: string, password: string): Promise<string> {
  const answer = await request<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });
  return answer.token;
}

export async function profile(token: string): Promise<Record<string, unknown> & { user_id: string; subscription_status: string }> {
  return request('GET', '/api/auth/profile', { token });
}

/** Signs a new member up and in; `active` also pays through the local checkout. */
export async function createMember(
  tag: string,
  options: { active?: boolean; firstName?: string; lastName?: string } = {},
): Promise<Member> {
  const person = {
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName ?? `Tester${tag.replace(/[^a-z]/gi, '')}`,
    email: uniqueEmail(tag),
    password: `Pw-${randomBytes(5).toString('hex')}`,
  };
  await signup(person);
  const token = await login(person.email, person.password);
  const me = await profile(token);
  const member: Member = { ...person, token, userId: String(me.user_id) };
  if (options.active) await activate(member.token);
  return member;
}

/** The local payment provider's whole round: session → checkout Pay with the URL's token (303) → verify. */
export async function activate(token: string): Promise<void> {
  const { url } = await request<{ url: string }>('POST', '/api/payment/create-session', {
    token,
    body: { planName: 'monthly', duration: 'monthly', amount: 144.56 },
  });
  const checkout = new URL(url);
  const sessionId = checkout.pathname.split('/').filter(Boolean).pop() as string;
  // The checkout page's form sends the owner's token from its URL (server checkout-token.ts).
  const payUrl = `${checkout.origin}${checkout.pathname}/pay`;
  const pay = await fetch(payUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: checkout.searchParams.get('token') ?? '' }),
  });
  if (pay.status !== 303) throw new HttpError(pay.status, await pay.text(), `POST ${payUrl}`);
  await request('POST', '/api/payment/payment-success', { token, body: { session_id: sessionId } });
}

export async function addLink(
  token: string,
  userId: string,
  link: { url: string; maxClicks: number | null; name?: string },
): Promise<LinkRow> {
  const answer = await request<{ link: LinkRow }>('POST', '/api/links/linkadd', {
    token,
    body: { link: link.url, max_clicks: link.maxClicks, name: link.name ?? '', user_id: userId },
  });
  return answer.link;
}

export async function publicLinks(userId: string): Promise<{ pending: LinkRow[]; completed: LinkRow[] }> {
  return request('GET', `/api/public/userliks?user_id=${encodeURIComponent(userId)}`);
}

export async function subProfiles(token: string): Promise<Array<Record<string, unknown> & { user_id: string; first_name: string }>> {
  const answer = await request<{ subProfiles: Array<Record<string, unknown> & { user_id: string; first_name: string }> }>(
    'GET',
    '/api/auth/sub-profiles',
    { token },
  );
  return answer.subProfiles;
}

export async function adminToken(): Promise<string> {
  const { username, password } = stack().admin;
  const answer = await request<{ token: string }>('POST', '/api/admin/adminlogin', { body: { username, password } });
  return answer.token;
}

export async function allUsers(token: string): Promise<Array<Record<string, unknown> & { user_id: string; email: string }>> {
  const answer = await request<unknown>('GET', '/api/admin/allusers', { token });
  return (Array.isArray(answer) ? answer : (answer as { users: [] }).users) as Array<
    Record<string, unknown> & { user_id: string; email: string }
  >;
}

/** Raw call for the checks that expect a refusal (status and body, no throw). */
export async function raw(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await request(method, path, options) };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, body: err.body };
    throw err;
  }
}

/** One visitor click on a link (public, no token), as the visitor page sends it. */
export async function clickLink(linkId: string): Promise<void> {
  await request('POST', '/api/public/increment-clicks', { body: { link_id: linkId } });
}
