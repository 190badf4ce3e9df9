import { DOMAIN_TXT_PREFIX } from '@rotalink/shared-api/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { CustomDomainRow } from './domains.table';
import { domainsToCheck, recordDomainCheck } from './domains.repository';
import { askTxt, type TxtLookup } from './txt-lookup';
import type { VerifiedHosts } from './verified-hosts';

export const DOMAIN_VERIFIED = 'Domain verified.';
export const DOMAIN_NOT_YET =
  'The TXT record was not found (yet). DNS changes can take a while to show; the domain is checked again automatically.';
export const DOMAIN_DNS_FAILED = 'DNS could not be asked just now. Please try again in a moment.';

/** How many domains one run of the job checks at most, and how many at once. */
const BATCH = 500;
const AT_ONCE = 4;

export interface DomainChecker {
  db: Db;
  lookup: TxtLookup;
  hosts: VerifiedHosts;
}

/**
 * Checks one domain's TXT record `_rotalink.<hostname>` for its token (issue 32) and records the
 * outcome: found → verified (from the first time found), gone → unverified at once, DNS trouble →
 * unchanged (a resolver blip must not take a working domain down). Returns the row and the text.
 */
export async function checkDomain(c: DomainChecker, row: CustomDomainRow): Promise<{ row: CustomDomainRow; message: string }> {
  const answer = await askTxt(c.lookup, `${DOMAIN_TXT_PREFIX}${row.hostname}`);
  const verified = answer.kind === 'failed' ? null : answer.kind === 'records' && answer.records.includes(row.token);
  const next = await recordDomainCheck(c.db, row, verified, nowIso());
  if (Boolean(next.verified_at) !== Boolean(row.verified_at)) c.hosts.forget(row.hostname);
  return { row: next, message: verified === null ? DOMAIN_DNS_FAILED : verified ? DOMAIN_VERIFIED : DOMAIN_NOT_YET };
}

/** The scheduled check of every domain (once across nodes: jobs/scheduler.ts). */
export async function checkAllDomains(c: DomainChecker, signal: AbortSignal, log: FastifyBaseLogger): Promise<void> {
  const rows = await domainsToCheck(c.db, BATCH);
  let next = 0;
  let changed = 0;
  const worker = async () => {
    while (!signal.aborted && next < rows.length) {
      const row = rows[next++];
      const { row: after } = await checkDomain(c, row);
      if (Boolean(after.verified_at) !== Boolean(row.verified_at)) changed++;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  if (changed > 0) log.info({ checked: rows.length, changed }, 'custom domains checked');
}
