/**
 * Clicks at chosen times, through the real click path (the app's group commit, its roll-up hooks,
 * the verdict rules), and an oracle that recomputes every figure from the raw events — so a test
 * can say "the Stats answers agree with the events to the click".
 */
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helpers';
import type { Db } from '../../db/database';
import type { DeviceClassValue, Visit } from '../traffic';

export interface ClickSpec {
  at: Date;
  /** A link id (a page click) or 'rotator' (a visit of the profile's rotator link). */
  target: string;
  visitor: string;
  bot?: boolean;
  device?: Exclude<DeviceClassValue, 'bot'>;
  referrerHost?: string | null;
}

const visitOf = (c: ClickSpec): Visit => ({
  bot: c.bot ?? false,
  device: c.bot ? 'bot' : (c.device ?? 'desktop'),
  referrerHost: c.referrerHost ?? null,
  visitor: c.visitor,
});

/** Adds an unlimited link to a profile through the API; its id. */
export async function addOfferLink(app: FastifyInstance, token: string, userId: string, name = 'Offer'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/links/linkadd',
    headers: bearer(token),
    payload: { link: 'https://offer.example.com/', max_clicks: null, name, user_id: userId },
  });
  if (res.statusCode !== 201) throw new Error(`linkadd answered ${res.statusCode}: ${res.body}`);
  return res.json().link.id;
}

/** One click; a refusal (a completed link) is swallowed: it stores nothing, as on the wire. */
export async function clickAt(app: FastifyInstance, userId: string, c: ClickSpec): Promise<void> {
  if (c.target === 'rotator') {
    await app.ledger.rotatorVisit({
      userId,
      visit: visitOf(c),
      cookieLastLink: null,
      now: c.at,
      pageUrl: 'https://site.example/profile',
    });
    return;
  }
  await app.ledger.pageClick({ linkId: c.target, visit: visitOf(c), now: c.at }).catch((err: { statusCode?: number }) => {
    if (err.statusCode !== 409) throw err;
  });
}

/** Clicks in order, `parallel` at a time (so several share a group-commit batch). */
export async function clickAll(app: FastifyInstance, userId: string, clicks: ClickSpec[], parallel = 12): Promise<void> {
  for (let i = 0; i < clicks.length; i += parallel) {
    await Promise.all(clicks.slice(i, i + parallel).map((c) => clickAt(app, userId, c)));
  }
}

/** A small deterministic random source (a test must not depend on luck). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` clicks spread from `from` over `spanMs` with varied links, visitors, devices, bots and referrers. */
export function mixedClicks(o: { from: Date; spanMs: number; count: number; targets: string[]; seed?: number }): ClickSpec[] {
  const rnd = seeded(o.seed ?? 7);
  const devices = ['desktop', 'mobile', 'tablet'] as const;
  const hosts = [null, null, 'news.example.org', 'www.facebook.com', 'mail.example.net', '-lead.example.com'];
  const times = Array.from({ length: o.count }, () => o.from.getTime() + Math.floor(rnd() * o.spanMs)).sort((a, b) => a - b);
  return times.map((t) => ({
    at: new Date(t),
    target: o.targets[Math.floor(rnd() * o.targets.length)],
    visitor: `visitor-${Math.floor(rnd() * 25)}`,
    bot: rnd() < 0.15,
    device: devices[Math.floor(rnd() * devices.length)],
    referrerHost: hosts[Math.floor(rnd() * hosts.length)],
  }));
}

export interface EventRow {
  created_at: string;
  link_id: string | null;
  source: string;
  verdict: 'counted' | 'repeat' | 'bot';
  device: string;
  referrer_host: string | null;
  visitor: string;
}

/** The profile's raw events in [from, to). */
export async function eventsIn(db: Db, userId: string, from: string, to: string): Promise<EventRow[]> {
  return db
    .selectFrom('click_events')
    .select(['created_at', 'link_id', 'source', 'verdict', 'device', 'referrer_host', 'visitor'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .execute();
}

/** Counts by a key. */
export function countBy<T>(rows: T[], key: (r: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + 1;
  return out;
}

/** The local day ('2026-11-01') or hour with its offset ('2026-11-01T01-04:00') of an instant in a zone, by Intl (not luxon). */
export function localKey(iso: string, zone: string, interval: 'hour' | 'day'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '');
  return interval === 'day' ? day : `${day}T${parts.hour}${offset}`;
}

/** The same key from a bucket's `local` label ('2026-11-01T01:00:00-04:00' or '…Z'). */
export function bucketKey(local: string, interval: 'hour' | 'day'): string {
  if (interval === 'day') return local.slice(0, 10);
  const offset = local.endsWith('Z') ? '+00:00' : local.slice(-6);
  return `${local.slice(0, 13)}${offset}`;
}
