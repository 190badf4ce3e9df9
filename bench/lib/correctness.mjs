// Part 2 of the bench: correctness under load. A fast click path is worthless if it loses or
// invents clicks, or lets a capped link run over its cap (DESIGN §6).
import { runLoad } from './load.mjs';
import { publicLink } from './seed.mjs';

/** After the throughput runs: the link's count equals the clicks the server acknowledged. */
export async function checkClickCount(sc) {
  const base = Array.isArray(sc.url) ? new URL(sc.url[0]).origin : new URL(sc.url).origin;
  const link = await publicLink(base, sc.link.user, sc.link.id);
  const observed = link?.clicks ?? null;
  const lostOrExtra = sc.runs.reduce((n, r) => n + r.errors + r.timeouts, 0);
  return {
    id: `${sc.id}-count`,
    check: `final clicks == acknowledged 2xx clicks (${sc.label}, ${sc.engine})`,
    engine: sc.engine,
    expected: sc.acked,
    observed,
    ok: observed === sc.acked,
    note: lostOrExtra ? `${lostOrExtra} requests errored or timed out on the client` : undefined,
  };
}

/**
 * A link with a small cap, clicked 20× its cap by 50 connections at once (spread over every API
 * process of the engine): exactly `cap` clicks are acknowledged and stored, the rest refused with
 * a 4xx, none with a 5xx.
 */
export async function checkCap(env, { connections }) {
  const { capped, smallCap } = env.seed;
  const urls = env.apis.map((a) => `${a.base}/api/public/increment-clicks`);
  const r = await runLoad({
    url: urls.length > 1 ? urls : urls[0],
    method: 'POST',
    body: { link_id: capped.linkIds[0] },
    connections,
    amount: smallCap * 20,
  });
  const link = await publicLink(env.apis[0].base, capped.userId, capped.linkIds[0]);
  const serverErrors = Object.entries(r.status)
    .filter(([code]) => code >= '500')
    .reduce((n, [, c]) => n + c, 0);
  const ok = r.ok2xx === smallCap && link?.clicks === smallCap && serverErrors === 0 && r.errors + r.timeouts === 0;
  return {
    id: `${env.engine}-cap`,
    check: `capped link (cap ${smallCap}, ${smallCap * 20} clicks, ${connections} connections, ${env.apis.length} API process${env.apis.length > 1 ? 'es' : ''}) never exceeds its cap`,
    engine: env.engine,
    expected: `${smallCap} acknowledged, ${smallCap} stored, no 5xx`,
    observed: `${r.ok2xx} acknowledged, ${link?.clicks ?? 'link missing'} stored, statuses ${JSON.stringify(r.status)}`,
    ok,
  };
}
