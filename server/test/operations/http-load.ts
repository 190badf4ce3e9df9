import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database';
import { activate, BROWSER_UA } from '../helpers';

/** JSON over real HTTP (kept-alive connections, as a proxy or a browser keeps them). */
export async function httpJson<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'user-agent': BROWSER_UA,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
}

/** A paying member with links `caps` (in queue order), made through the API; the plan is set in the database. */
export async function memberWithLinks(
  base: string,
  db: Db,
  caps: Array<number | null>,
): Promise<{ userId: string; email: string; linkIds: string[] }> {
  const email = `ops-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const signup = await httpJson(base, 'POST', '/api/auth/signup', { firstName: 'Ops', lastName: 'Test', email, password });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.json)}`);
  const { json: login } = await httpJson<{ token: string }>(base, 'POST', '/api/auth/login', { email, password });
  const { json: me } = await httpJson<{ user_id: string }>(base, 'GET', '/api/auth/profile', undefined, login.token);
  await activate(db, me.user_id);
  const linkIds: string[] = [];
  for (const [i, cap] of caps.entries()) {
    const added = await httpJson<{ link: { id: string } }>(
      base,
      'POST',
      '/api/links/linkadd',
      { link: `https://offer-${i}.example.com/`, max_clicks: cap, name: `Offer ${i}`, user_id: me.user_id },
      login.token,
    );
    if (added.status !== 201) throw new Error(`linkadd: ${added.status} ${JSON.stringify(added.json)}`);
    linkIds.push(added.json.link.id);
  }
  return { userId: me.user_id, email, linkIds };
}

/** What one visitor's click got: an answer, or no answer and why. */
export type ClickOutcome =
  | { kind: 'answer'; status: number; clicks?: number; linkId?: string; at: number; body: unknown }
  | { kind: 'refused'; at: number } // the connection was refused: the request never left
  | { kind: 'lost'; at: number; error: string }; // sent (or maybe sent), no answer

/** One click through real HTTP, classified. */
export async function clickOnce(base: string, linkId: string): Promise<ClickOutcome> {
  try {
    const res = await httpJson<{ link?: { id: string; clicks: number } }>(base, 'POST', '/api/public/increment-clicks', {
      link_id: linkId,
    });
    return { kind: 'answer', status: res.status, clicks: res.json.link?.clicks, linkId: res.json.link?.id, at: Date.now(), body: res.json };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED') return { kind: 'refused', at: Date.now() };
    return { kind: 'lost', at: Date.now(), error: `${String((err as Error).message)} ${cause?.code ?? ''} ${cause?.message ?? ''}` };
  }
}

/**
 * `workers` visitors clicking `linkId` one click after another, until `until()` says stop, at most
 * `perSecond` clicks a second in all (0: as fast as answers come). Every outcome is kept.
 */
export async function clickLoad(o: {
  base: () => string;
  linkId: string;
  workers: number;
  perSecond?: number;
  until: (last: ClickOutcome) => boolean;
}): Promise<ClickOutcome[]> {
  const outcomes: ClickOutcome[] = [];
  const started = Date.now();
  let stop = false;
  await Promise.all(
    Array.from({ length: o.workers }, async () => {
      while (!stop) {
        if (o.perSecond) {
          // Paced: the n-th click of the run is not sent before n / perSecond seconds.
          const due = started + (outcomes.length * 1000) / o.perSecond;
          if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        }
        const outcome = await clickOnce(o.base(), o.linkId);
        outcomes.push(outcome);
        if (o.until(outcome)) stop = true;
      }
    }),
  );
  return outcomes;
}

export const acknowledged = (outcomes: ClickOutcome[]) =>
  outcomes.filter((o): o is Extract<ClickOutcome, { kind: 'answer' }> => o.kind === 'answer' && o.status === 200);
