// Issue 27: where a click's CPU goes, by subtraction (decision 0108). A flat on-CPU profile spreads
// a click over hundreds of symbols of V8, Node and SQLite; taking ONE step out of a copy of the
// built server and measuring both side by side (ab-scenarios.mjs) says what that step costs whole,
// its share of the generic machinery included. Each ablation is a list of exact text edits of
// server/dist; an edit whose text is not found exactly once stops the tool (the build changed:
// update the edit), so a stale ablation never measures the unchanged server.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The same answer as the first 3,000 requests gave, without the ledger (the seeding's clicks still go through it). */
const ANSWER_KEPT_AFTER_SEEDING = 3000;

/** The roll-ups subscriber hands the batch nothing to write (in two ablations). */
const NO_ROLLUP_WRITES = {
  file: 'modules/stats/click-rollups.js',
  from: 'writes: async () => (rollups.empty ? [] : (0, rollups_write_repository_1.rollupWrites)(trx, rollups)),',
  to: 'writes: async () => [],',
};

/** name → { what, edits: [{ file (under server/dist), from, to }] } */
export const ABLATIONS = {
  'no-ledger': {
    what: 'the whole click ledger: after the seeding, every request answers what the last counted one did (no batch, no statement, no commit)',
    edits: [
      {
        file: 'modules/visitor/visitor.routes.js',
        from: 'await app.ledger.pageClick({ linkId: request.body.link_id, visit });',
        to: `(globalThis.__abl = (globalThis.__abl || 0) + 1) > ${ANSWER_KEPT_AFTER_SEEDING} && globalThis.__ablAnswer ? globalThis.__ablAnswer : (globalThis.__ablAnswer = await app.ledger.pageClick({ linkId: request.body.link_id, visit }));`,
      },
      {
        file: 'modules/rotator/rotator.routes.js',
        from: 'await app.ledger.rotatorVisit({ userId, visit, cookieLastLink: cookie, now, pageUrl: pageUrl(userId) });',
        to: `(globalThis.__ablR = (globalThis.__ablR || 0) + 1) > ${ANSWER_KEPT_AFTER_SEEDING} && globalThis.__ablDest ? globalThis.__ablDest : (globalThis.__ablDest = await app.ledger.rotatorVisit({ userId, visit, cookieLastLink: cookie, now, pageUrl: pageUrl(userId) }));`,
      },
    ],
  },
  'no-fsync': {
    what: "SQLite's fsyncs (synchronous = OFF on the write connection): the commit's WAL flush and the checkpoints'",
    edits: [
      {
        file: 'db/connect.js',
        from: "writer.pragma('busy_timeout = 0');",
        to: "writer.pragma('busy_timeout = 0'); writer.pragma('synchronous = OFF');",
      },
    ],
  },
  'no-rollups': {
    what: 'the roll-ups subscriber: no sums per click, no sightings and no upserts per batch',
    edits: [
      { file: 'modules/stats/click-rollups.js', from: 'ClickRecorded: (e) => rollups.add(e),', to: 'ClickRecorded: () => {},' },
      NO_ROLLUP_WRITES,
    ],
  },
  'no-rollup-writes': {
    what: "the roll-ups' writes only: the sums are still added per click, never written",
    edits: [NO_ROLLUP_WRITES],
  },
  'no-events': {
    what: "the click events' INSERT (the batch still publishes them to the subscribers)",
    edits: [
      {
        file: 'modules/traffic/click-batch.js',
        from: 'const writes = this.events.length ? [(0, click_events_repository_1.clickEventsWrite)(this.events)] : [];',
        to: 'const writes = [];',
      },
    ],
  },
  'no-headers': {
    what: 'the six security headers and Vary on every answer (the global onRequest hook sets none)',
    edits: [{ file: 'http/cors.js', from: 'reply.headers(always);', to: '' }],
  },
  'fixed-visit': {
    what: "describing the visit (the visitor's hash, bot and device from the User-Agent, the referrer): the first one is reused",
    edits: [
      {
        file: 'modules/visitor/visitor.routes.js',
        from: 'const visit = await (0, traffic_1.describeVisit)(app.visitors, request, request.body.referrer);',
        to: 'const visit = globalThis.__ablVisit ??= await (0, traffic_1.describeVisit)(app.visitors, request, request.body.referrer);',
      },
      {
        file: 'modules/rotator/rotator.routes.js',
        from: 'const visit = await (0, traffic_1.describeVisit)(app.visitors, request);',
        to: 'const visit = globalThis.__ablVisitR ??= await (0, traffic_1.describeVisit)(app.visitors, request);',
      },
    ],
  },
};

/** `text` with `from` replaced by `to`; throws unless `from` occurs exactly once. */
export function editOnce(text, { file, from, to }) {
  const at = text.indexOf(from);
  if (at < 0)
    throw new Error(`ablation edit not found in ${file}: ${from.slice(0, 80)}… (the build changed: update bench/lib/ablations.mjs)`);
  if (text.indexOf(from, at + 1) >= 0) throw new Error(`ablation edit found more than once in ${file}: ${from.slice(0, 80)}…`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * A copy of the built server (`distDir`) at `copyDir` with the named ablations applied; its entry.
 * The copy must sit beside dist (e.g. server/.ablate-NAME) so that it finds the same node_modules.
 */
export function ablatedCopy(distDir, copyDir, names) {
  rmSync(copyDir, { recursive: true, force: true });
  cpSync(distDir, copyDir, { recursive: true });
  for (const name of names) {
    const ablation = ABLATIONS[name];
    if (!ablation) throw new Error(`unknown ablation ${name}: ${Object.keys(ABLATIONS).join(', ')}`);
    for (const edit of ablation.edits) {
      const path = join(copyDir, edit.file);
      if (!existsSync(path))
        throw new Error(`ablation ${name} edits ${edit.file}, which the build does not have (update bench/lib/ablations.mjs)`);
      writeFileSync(path, editOnce(readFileSync(path, 'utf8'), edit));
    }
  }
  return join(copyDir, 'server.js');
}
