import { bearer, engines, secondApp, useTestApp } from './helpers';
import { clickWithId, conversionRows, postbackUrl, seller } from '../src/modules/conversions/conversions.test-helper';

/**
 * Issue 30: a network retries, and its retries land on different API nodes at once. 200 postbacks
 * carrying 50 distinct txids, all in flight together over two app instances on one database,
 * leave exactly 50 conversions, and every other answer says `duplicate` with the winner's id.
 */
describe.each(engines)('postbacks at once on two nodes (%s)', (engine) => {
  const t = useTestApp(engine);

  it('200 concurrent postbacks with 50 txids → exactly 50 conversions, the summary counts 50', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    const node2 = await secondApp(t);
    try {
      const calls = Array.from({ length: 200 }, (_, i) => {
        const app = i % 2 === 0 ? t.app : node2.app;
        return app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: `TX-${i % 50}`, amount: '2.00' }) });
      });
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode).filter((c) => c !== 201 && c !== 200)).toEqual([]);
      const recorded = answers.filter((a) => a.json().status === 'recorded');
      expect(recorded).toHaveLength(50);
      const ids = new Map<string, string>();
      answers.forEach((a, i) => {
        const txid = `TX-${i % 50}`;
        const id = a.json().conversion_id as string;
        if (ids.has(txid)) expect(id).toBe(ids.get(txid));
        else ids.set(txid, id);
      });
      const rows = await conversionRows(t.db, s.member.userId);
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((r) => r.txid)).size).toBe(50);
      const now = Date.now();
      const summary = await t.app.inject({
        method: 'GET',
        url: `/api/stats/summary?user_id=${s.member.userId}&from=${new Date(now - 86_400_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`,
        headers: bearer(s.member.token),
      });
      expect(summary.json().conversions.totals).toMatchObject({ conversions: 50, revenue: '100.00' });
    } finally {
      await node2.close();
    }
  });
});
