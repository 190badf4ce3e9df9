import { sql } from 'kysely';
import pg from 'pg';
import { addLink, engines, useTestApp, signupMember, activate, type Member } from '../../test/helpers';
import { HttpError } from '../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import { applyPageClick, applyPageClicks, LINK_COMPLETED, LINK_NOT_FOUND, type PageClick } from '../modules/traffic/page-click';
import type { ClickBatch } from '../modules/traffic/click-batch';
import type { ClickedLink, Visit } from '../modules/traffic';
import type { DbOrTrx } from './database';
import type { UnitOfWork } from './group-commit';
import { connect } from './connect';
import { GroupCommit } from './group-commit';

/** A person's click from the page (a counted one), as the visitor route hands it over. */
const applyClick =
  (owner: () => string) =>
  async (batch: ClickBatch, linkId: string): Promise<ClickedLink> =>
    (
      await applyPageClick(batch, {
        linkId,
        userId: owner(),
        visit: { bot: false, device: 'desktop', referrerHost: null, visitor: 'group-commit-test' },
        now: new Date(),
      })
    ).link;

/** The click use case on a group commit of its own, with the app's click unit of work (its ClickBatch). */
function clickCommits(
  db: ConstructorParameters<typeof GroupCommit>[0],
  unit: UnitOfWork<ClickBatch>,
  apply: (batch: ClickBatch, linkId: string) => Promise<{ clicks: number }>,
) {
  const commits = new GroupCommit(db, { isRefusal: (err) => err instanceof HttpError, unit });
  return {
    stats: commits.stats,
    drain: () => commits.drain(),
    click: (linkId: string) => commits.run(linkId, (batch) => apply(batch, linkId)),
  };
}

/**
 * Group commit (issue 7): clicks that arrive together are applied in ONE transaction with the same
 * per-click atomic statement, and each is answered only after that transaction commits.
 */
describe.each(engines)('group commit of clicks (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  beforeAll(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });
  beforeEach(async () => {
    await t.db.deleteFrom('links').where('user_id', '=', m.userId).execute();
  });

  const add = (max_clicks: number | null) => addLink(t.app, m, { link: 'https://example.com/x', max_clicks });
  const storedClicks = async (id: string) =>
    (await t.db.selectFrom('links').select('clicks').where('id', '=', id).executeTakeFirstOrThrow()).clicks;

  it('a batch with clicks past the cap acknowledges exactly cap clicks and refuses the rest with the right message', async () => {
    const head = await add(5);
    const next = await add(3);
    const batcher = clickCommits(
      t.db,
      t.app.ledger.unit,
      applyClick(() => m.userId),
    );
    // 12 clicks in the same tick: one batch, one transaction.
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => batcher.click(head.id)));
    expect(batcher.stats).toEqual({ batches: 1, works: 12 });
    const accepted = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ clicks: number }>).value.clicks);
    expect(accepted).toEqual([1, 2, 3, 4, 5]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refused).toHaveLength(7);
    for (const err of refused) {
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ statusCode: 409, message: LINK_COMPLETED });
    }
    expect(await storedClicks(head.id)).toBe(5);
    expect(await storedClicks(next.id)).toBe(0);
  });

  it('refuses a click off the queue head and an unknown link alone, and counts the others in the same batch', async () => {
    const head = await add(10);
    const next = await add(10);
    const batcher = clickCommits(
      t.db,
      t.app.ledger.unit,
      applyClick(() => m.userId),
    );
    const [a, b, c] = await Promise.allSettled([batcher.click(head.id), batcher.click(next.id), batcher.click('no-such-link-000000')]);
    expect(batcher.stats.batches).toBe(1);
    expect(a).toMatchObject({ status: 'fulfilled', value: { id: head.id, clicks: 1 } });
    expect(b).toMatchObject({ status: 'rejected', reason: { statusCode: 409, message: MESSAGES.completePreviousFirst } });
    expect(c).toMatchObject({ status: 'rejected', reason: { statusCode: 404, message: LINK_NOT_FOUND } });
    expect(await storedClicks(head.id)).toBe(1);
    expect(await storedClicks(next.id)).toBe(0);
  });

  it('a failed transaction rejects every click in it and counts none of them', async () => {
    const head = await add(100);
    // The database fails half-way through the batch: the third click's statement hits a missing table.
    let applied = 0;
    const batcher = clickCommits(t.db, t.app.ledger.unit, async (batch, linkId) => {
      const link = await applyClick(() => m.userId)(batch, linkId);
      if (++applied === 3) await sql`update no_such_table set x = 1`.execute(batch.trx);
      return link;
    });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => batcher.click(head.id)));
    expect(batcher.stats.batches).toBe(1);
    expect(results.every((r) => r.status === 'rejected' && !(r.reason instanceof HttpError))).toBe(true);
    // The two clicks applied before the failure were rolled back with it: nothing acknowledged, nothing counted.
    expect(await storedClicks(head.id)).toBe(0);
    // The batcher recovers: the next batch commits.
    await expect(batcher.click(head.id)).resolves.toMatchObject({ clicks: 1 });
    expect(await storedClicks(head.id)).toBe(1);
  });

  it('answers a click only once its transaction has committed', async () => {
    const head = await add(null);
    // A second connection, as another API node would have: it sees only committed data.
    const other = connect(t.databaseUrl, { searchPath: t.searchPath });
    try {
      const seenByOther: Array<[number, number]> = [];
      const batcher = clickCommits(
        t.db,
        t.app.ledger.unit,
        applyClick(() => m.userId),
      );
      await Promise.all(
        Array.from({ length: 20 }, () =>
          batcher.click(head.id).then(async (link) => {
            const row = await other.db.selectFrom('links').select('clicks').where('id', '=', head.id).executeTakeFirstOrThrow();
            seenByOther.push([link.clicks, row.clicks]);
          }),
        ),
      );
      expect(seenByOther).toHaveLength(20);
      for (const [answered, stored] of seenByOther) expect(stored).toBeGreaterThanOrEqual(answered);
      expect(seenByOther.map(([answered]) => answered).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await other.close();
    }
  });

  it('clicks arriving during a commit form the next batch, and drain() applies what is queued', async () => {
    const head = await add(null);
    const batcher = clickCommits(
      t.db,
      t.app.ledger.unit,
      applyClick(() => m.userId),
    );
    const first = batcher.click(head.id);
    await new Promise((r) => setImmediate(r)); // the first batch is now committing
    const later = [batcher.click(head.id), batcher.click(head.id)];
    await batcher.drain();
    await Promise.all([first, ...later]);
    expect(batcher.stats).toEqual({ batches: 2, works: 3 });
    expect(await storedClicks(head.id)).toBe(3);
  });

  it('works of the same key queued while a run waits for its lock join that run (and batch), in arrival order', async () => {
    const commits = new GroupCommit(t.db, { isRefusal: (err) => err instanceof HttpError });
    let release!: () => void;
    const locked = new Promise<void>((r) => (release = r));
    const seen: string[][] = [];
    // A group work that "waits for a row lock" (the promise), then takes what queued meanwhile.
    const group = async (_trx: DbOrTrx, inputs: string[], absorb?: () => string[]) => {
      await locked;
      const all = [...inputs, ...(absorb?.() ?? [])];
      seen.push(all);
      return all.map((value) => ({ ok: true as const, value: value.toUpperCase() }));
    };
    const first = ['a', 'b'].map((v) => commits.runGrouped('k', v, group));
    await new Promise((r) => setImmediate(r)); // the batch of a and b has begun and is waiting
    const later = ['c', 'd'].map((v) => commits.runGrouped('k', v, group));
    const other = commits.runGrouped('another key', 'x', group);
    release();
    expect(await Promise.all([...first, ...later])).toEqual(['A', 'B', 'C', 'D']);
    expect(await other).toBe('X');
    expect(seen[0]).toEqual(['a', 'b', 'c', 'd']);
    // c and d did not wait for a batch of their own; the other key did.
    expect(commits.stats).toEqual({ batches: 2, works: 5 });
  });

  it('a transaction that fails after a run absorbed works rejects those works too', async () => {
    const commits = new GroupCommit(t.db, { isRefusal: (err) => err instanceof HttpError });
    let release!: () => void;
    const locked = new Promise<void>((r) => (release = r));
    const group = async (_trx: DbOrTrx, inputs: string[], absorb?: () => string[]) => {
      await locked;
      absorb?.();
      throw new Error('the database went away');
    };
    const first = ['a', 'b'].map((v) => commits.runGrouped('k', v, group));
    await new Promise((r) => setImmediate(r));
    const later = commits.runGrouped('k', 'c', group);
    release();
    const results = await Promise.allSettled([...first, later]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(commits.stats.batches).toBe(1);
  });

  it('a run of clicks on one link, applied together, answers and stores exactly what the same clicks one at a time do', async () => {
    await t.db
      .insertInto('rotators')
      .values({
        user_id: m.userId,
        filter_bots: 1,
        unique_window_hours: 24,
        mode: 'fulfillment',
        on_finish: 'page',
        backup_url: null,
        last_link_id: null,
        restarts: 0,
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ unique_window_hours: 24 }))
      .execute();
    const human = (visitor: string): Visit => ({ bot: false, device: 'mobile', referrerHost: 'ads.example.net', visitor });
    const bot: Visit = { bot: true, device: 'bot', referrerHost: null, visitor: 'crawler' };
    // Humans, a bot, a repeat (v1 again) and more humans than the cap of 4 leaves room for.
    const visits = [human('v1'), bot, human('v2'), human('v1'), human('v3'), bot, human('v4'), human('v5'), human('v6')];
    const answer = (r: PromiseSettledResult<PageClick>) =>
      r.status === 'fulfilled'
        ? {
            verdict: r.value.verdict,
            clicks: r.value.link.clicks,
            counted: r.value.link.counted_clicks,
            all: r.value.link.all_clicks,
            notified: r.value.notified,
          }
        : { refused: (r.reason as HttpError).message };
    const counters = (id: string) =>
      t.db.selectFrom('links').select(['clicks', 'counted_clicks', 'all_clicks']).where('id', '=', id).executeTakeFirstOrThrow();
    const verdicts = async (id: string) =>
      (await t.db.selectFrom('click_events').select('verdict').where('link_id', '=', id).orderBy('id').execute()).map((e) => e.verdict);
    const input = (linkId: string, visit: Visit) => ({ linkId, userId: m.userId, visit, now: new Date() });

    const together = await add(4);
    const commits = new GroupCommit(t.db, { isRefusal: (err) => err instanceof HttpError, unit: t.app.ledger.unit });
    const grouped = await Promise.allSettled(
      visits.map((v) => commits.runGrouped(`k-${together.id}`, input(together.id, v), applyPageClicks)),
    );
    expect(commits.stats).toEqual({ batches: 1, works: visits.length });
    await t.db.deleteFrom('links').where('id', '=', together.id).execute();

    const alone = await add(4);
    const single = new GroupCommit(t.db, { isRefusal: (err) => err instanceof HttpError, unit: t.app.ledger.unit });
    const oneByOne: PromiseSettledResult<PageClick>[] = [];
    for (const v of visits)
      oneByOne.push((await Promise.allSettled([single.run('k', (batch) => applyPageClick(batch, input(alone.id, v)))]))[0]);

    expect(grouped.map(answer)).toEqual(oneByOne.map(answer));
    expect(grouped.map(answer)).toEqual([
      { verdict: 'counted', clicks: 1, counted: 1, all: 1, notified: false },
      { verdict: 'bot', clicks: 1, counted: 1, all: 2, notified: false },
      { verdict: 'counted', clicks: 2, counted: 2, all: 3, notified: false },
      { verdict: 'repeat', clicks: 2, counted: 2, all: 4, notified: false },
      { verdict: 'counted', clicks: 3, counted: 3, all: 5, notified: false },
      { verdict: 'bot', clicks: 3, counted: 3, all: 6, notified: false },
      { verdict: 'counted', clicks: 4, counted: 4, all: 7, notified: true },
      { refused: LINK_COMPLETED },
      { refused: LINK_COMPLETED },
    ]);
    expect(await counters(alone.id)).toEqual({ clicks: 4, counted_clicks: 4, all_clicks: 7 });
    expect(await verdicts(alone.id)).toEqual(['counted', 'bot', 'counted', 'repeat', 'counted', 'bot', 'counted']);
    await t.db.deleteFrom('rotators').where('user_id', '=', m.userId).execute();
  });

  it('a run on a link that is not the head of its queue is refused whole, with the reason a lone click gets', async () => {
    const head = await add(10);
    const next = await add(10);
    const commits = new GroupCommit(t.db, { isRefusal: (err) => err instanceof HttpError, unit: t.app.ledger.unit });
    const visit: Visit = { bot: false, device: 'desktop', referrerHost: null, visitor: 'v' };
    const results = await Promise.allSettled(
      [next.id, next.id, next.id].map((linkId) =>
        commits.runGrouped(`k-${linkId}`, { linkId, userId: m.userId, visit, now: new Date() }, applyPageClicks),
      ),
    );
    expect(results.map((r) => (r as PromiseRejectedResult).reason?.message)).toEqual(Array(3).fill(MESSAGES.completePreviousFirst));
    expect(await storedClicks(head.id)).toBe(0);
    expect(await storedClicks(next.id)).toBe(0);
  });

  if (engine === 'postgres') {
    it('a batch PostgreSQL aborts as a deadlock is run again: every click answered once and counted once', async () => {
      const a = await add(null);
      const other = await signupMember(t.app);
      await activate(t.db, other.userId);
      const b = await addLink(t.app, other, { link: 'https://example.com/b', max_clicks: null });
      const [first, second] = [a.id, b.id].sort();
      // Another transaction holds the second link, and will ask for the first: a real deadlock.
      const rival = new pg.Client({ connectionString: t.databaseUrl, options: `-c search_path=${t.searchPath}` });
      await rival.connect();
      try {
        await rival.query('begin');
        await rival.query('update links set name = name where id = $1', [second]);
        const ownerOf = (linkId: string) => (linkId === a.id ? m.userId : other.userId);
        const batcher = clickCommits(t.db, t.app.ledger.unit, (batch, linkId) => applyClick(() => ownerOf(linkId))(batch, linkId));
        const clicks = Promise.all([batcher.click(first), batcher.click(second)]);
        await new Promise((r) => setTimeout(r, 300)); // the batch holds the first link and waits for the second
        await rival.query('update links set name = name where id = $1', [first]); // PostgreSQL aborts the batch (it waited first)
        await rival.query('commit');
        const answers = await clicks;
        expect(answers.map((l) => l.clicks)).toEqual([1, 1]);
        expect(batcher.stats.batches).toBe(1);
      } finally {
        await rival.end();
      }
      expect(await storedClicks(first)).toBe(1);
      expect(await storedClicks(second)).toBe(1);
    });
  }
});
