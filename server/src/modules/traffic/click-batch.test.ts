import { activate, addLink, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import type { ClickBatch } from './click-batch';
import { applyPageClicks, type PageClickInput } from './page-click';
import { followRotatorRun, type RotatorVisit } from './rotator-visit';
import type { Visit } from './verdict';

/**
 * Decision 0082: on PostgreSQL a run of page clicks leaves its link's counters to the batch's
 * last statement. Whatever else the batch does with that profile's links must still see them.
 */
describe.each(engines)('a batch that holds back a run of page clicks (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let seq = 0;
  const person = (): Visit => ({ bot: false, device: 'mobile', referrerHost: null, visitor: `visitor-${++seq}` });
  const add = (max_clicks: number | null) => addLink(t.app, m, { link: `https://b${++seq}.example.com/`, max_clicks, user_id: m.userId });
  const stored = async () =>
    Object.fromEntries(
      (await t.db.selectFrom('links').select(['id', 'clicks', 'all_clicks']).where('user_id', '=', m.userId).execute()).map((r) => [
        r.id,
        [Number(r.clicks), Number(r.all_clicks)],
      ]),
    );

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  /** One batch's transaction, its runs in the order given (the group commit's key order puts the rotator first). */
  const oneBatch = <T>(runs: (batch: ClickBatch) => Promise<T>) =>
    t.db.transaction().execute(async (trx) => {
      const batch = t.app.ledger.unit.open(trx);
      const out = await runs(batch);
      await t.app.ledger.unit.close(batch);
      return out;
    });

  it('rotator visits after a run of page clicks on the same queue keep the cap exact', async () => {
    const first = await add(10);
    const second = await add(null);
    await t.db.updateTable('links').set({ clicks: 5, all_clicks: 5 }).where('id', '=', first.id).execute();
    const now = new Date();
    const pageClick = (): PageClickInput => ({ linkId: first.id, userId: m.userId, visit: person(), now });
    const visit = (): RotatorVisit => ({
      userId: m.userId,
      visit: person(),
      cookieLastLink: null,
      now,
      pageUrl: 'https://site.example/profile',
    });

    const [page, rotator] = await oneBatch(async (trx) => [
      await applyPageClicks(trx, [pageClick(), pageClick(), pageClick(), pageClick()]),
      await followRotatorRun(trx, [visit(), visit(), visit()]),
    ]);

    expect(page.map((o) => o.ok)).toEqual([true, true, true, true]);
    // 5 + 4 page clicks leave one click under the cap: one visit gets it, the others the next link.
    expect(rotator.map((o) => (o.ok ? o.value?.linkId : o.error))).toEqual([first.id, second.id, second.id]);
    expect(await stored()).toEqual({ [first.id]: [10, 10], [second.id]: [2, 2] });
  });

  it('a run on another profile is written with the batch, and both runs count', async () => {
    const link = await add(null);
    const other = await signupMember(t.app);
    await activate(t.db, other.userId);
    const theirs = await addLink(t.app, other, { link: 'https://theirs.example.com/', max_clicks: null, user_id: other.userId });
    const now = new Date();
    const click = (linkId: string, userId: string): PageClickInput => ({ linkId, userId, visit: person(), now });

    await oneBatch(async (trx) => {
      await applyPageClicks(trx, [click(link.id, m.userId), click(link.id, m.userId)]);
      await applyPageClicks(trx, [click(theirs.id, other.userId), click(theirs.id, other.userId), click(theirs.id, other.userId)]);
    });

    expect(await stored()).toEqual({ [link.id]: [2, 2] });
    const row = await t.db.selectFrom('links').select(['clicks']).where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(Number(row.clicks)).toBe(3);
    expect(await t.db.selectFrom('click_events').select('id').where('link_id', 'in', [link.id, theirs.id]).execute()).toHaveLength(5);
  });
});
