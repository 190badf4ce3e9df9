import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { lockProfileRow } from '../../db/dialect-sql';
import { nowIso } from '../../db/ids';
import { firstPendingLink, publishPause, setPaused } from '../links';
import type { ClickLedger } from '../traffic';
import { LINK_PAUSED_KIND } from '../notifications';
import type { LinkPausedPayload } from '../notifications';
import type { Outbox } from '../outbox';
import { checkDestination, type CheckOptions, type CheckResult } from './check-destination';
import { listLinksToCheck, recordCheck } from './link-checks.repository';

/** Failed checks in a row that pause a link (issue 16). */
export const FAILURES_TO_PAUSE = 3;

export interface LinkChecker {
  db: Db;
  outbox: Outbox;
  /** Issue 31: the pause is published on the ledger (LinkPaused) in its transaction. */
  ledger: Pick<ClickLedger, 'openUnit'>;
  options: CheckOptions;
}

export const healthPauseReason = (result: string) => `The destination failed ${FAILURES_TO_PAUSE} checks in a row: ${result}`;

/**
 * Checks one link's destination and records the outcome; the third failure in a row pauses the
 * link and queues the owner's mail, in ONE transaction that locks the profile row first (like
 * every change to a profile's queue, so a rotator visit sees it before or after). A link paused
 * meanwhile by its owner stays paused by its owner. Returns the check.
 */
export async function checkLink(c: LinkChecker, link: { id: string; url: string }): Promise<CheckResult> {
  const check = await checkDestination(link.url, c.options);
  let paused = false;
  let told: (() => void) | undefined;
  await c.db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('links').select('user_id').where('id', '=', link.id).executeTakeFirst();
    if (!owner) return; // deleted meanwhile
    await lockProfileRow(trx, owner.user_id);
    const row = await recordCheck(trx, { linkId: link.id, check, at: nowIso() });
    if (!row || check.ok || row.paused_at || Number(row.check_failures) < FAILURES_TO_PAUSE) return;
    const reason = healthPauseReason(check.result);
    const at = nowIso();
    await setPaused(trx, { linkId: row.id, userId: row.user_id, by: 'health-check', reason, now: at });
    const pausedLink = { id: row.id, name: row.name, url: row.url };
    told = await publishPause(trx, c.ledger, { profileId: row.user_id, link: pausedLink, by: 'health-check', reason, at });
    const next = await firstPendingLink(trx, row.user_id);
    const payload: LinkPausedPayload = {
      profileId: row.user_id,
      link: { name: row.name, url: row.url },
      result: check.result,
      failures: Number(row.check_failures),
      next: next ?? null,
    };
    await c.outbox.enqueue({ kind: LINK_PAUSED_KIND, payload, userId: row.user_id }, trx);
    paused = true;
  });
  if (paused) c.outbox.wake();
  told?.();
  return check;
}

/**
 * The scheduled check (a job that runs once across the nodes): every pending link, `concurrency`
 * at a time; stops early when the job is aborted. A check that cannot be recorded (the database
 * away) is logged and the next one goes on.
 */
export async function checkAllLinks(c: LinkChecker & { concurrency: number; signal: AbortSignal; log: FastifyBaseLogger }) {
  const links = await listLinksToCheck(c.db);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < links.length && !c.signal.aborted) {
      const link = links[next++];
      try {
        if (!(await checkLink(c, link)).ok) failed++;
      } catch (err) {
        c.log.warn({ err, linkId: link.id }, 'link check could not be recorded');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(c.concurrency, links.length) }, worker));
  c.log.info({ checked: links.length, failed }, 'link health check done');
  return { checked: links.length, failed };
}
