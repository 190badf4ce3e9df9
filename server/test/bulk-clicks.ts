import type { Db } from '../src/db/database';

const ROWS_PER_INSERT = 500;
const INSERTS_PER_TRANSACTION = 100;

/**
 * Many click events for one profile straight into the table (the memory tests of the clicks CSV,
 * issue 15, and the account export, issue 33): 500 rows an INSERT, 50,000 a transaction, one a
 * second from `start`, a mix of sources, verdicts, devices and referrers.
 */
export async function insertManyClicks(db: Db, q: { userId: string; linkId: string; count: number; start: number }): Promise<void> {
  for (let done = 0; done < q.count;) {
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < INSERTS_PER_TRANSACTION && done < q.count; n++, done += ROWS_PER_INSERT) {
        const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, q.count - done) }, (_, i) => ({
          created_at: new Date(q.start + (done + i) * 1000).toISOString(),
          user_id: q.userId,
          link_id: q.linkId,
          source: (i % 3 ? 'rotator' : 'page') as 'rotator' | 'page',
          verdict: (i % 10 ? 'counted' : 'bot') as 'counted' | 'bot',
          device: (i % 2 ? 'mobile' : 'desktop') as 'mobile' | 'desktop',
          referrer_host: i % 4 ? `ref${i % 7}.example.com` : null,
          visitor: `v${(done + i) % 50_000}`,
          tracked: 0,
        }));
        await trx.insertInto('click_events').values(rows).execute();
      }
    });
  }
}
