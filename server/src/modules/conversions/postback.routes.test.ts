import { bearer, engines, useTestApp } from '../../../test/helpers';
import { clickWithId, conversionRows, hmac, postbackUrl, seller } from './conversions.test-helper';

const week = () => {
  const now = Date.now();
  return `from=${new Date(now - 7 * 86_400_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`;
};

describe.each(engines)('postback (issue 30) (%s)', (engine) => {
  const t = useTestApp(engine);

  it('records a sale once, attributed to the clicked link, and the summary shows conversions, revenue, rate and EPC', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    for (let i = 0; i < 3; i++) await clickWithId(t.app, t.db, s, new Date(Date.now() - 1000 * (i + 1)));
    const first = await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: 'T-1', amount: '12.50' }) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'recorded' });
    const again = await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: 'T-1', amount: '12.50' }) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate', conversion_id: first.json().conversion_id });

    const rows = await conversionRows(t.db, s.member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ link_id: s.linkId, source: 'page', attributed: 1, currency: 'USD', txid: 'T-1' });
    expect(Number(rows[0].amount_minor)).toBe(1250);

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/stats/summary?user_id=${s.member.userId}&${week()}`,
      headers: bearer(s.member.token),
    });
    const conv = summary.json().conversions;
    expect(conv.totals).toMatchObject({
      conversions: 1,
      revenue: '12.50',
      conversion_rate: 0.25,
      epc: '3.1250',
      unattributed: 0,
      refunded: 0,
    });
    expect(conv.links).toEqual([
      expect.objectContaining({ link_id: s.linkId, counted: 4, conversions: 1, revenue: '12.50', epc: '3.1250' }),
    ]);
    expect(conv.sources.find((r: { source: string }) => r.source === 'page')).toMatchObject({ conversions: 1, revenue: '12.50' });
  });

  it('refuses a wrong key, a wrong signature and an unknown profile alike (403) and stores nothing', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    const wrong = await t.app.inject({
      method: 'GET',
      url: postbackUrl({ ...s, key: 'x'.repeat(43) }, { click_id: clickId, txid: 'W-1' }),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('forbidden');
    const query = `profile_id=${s.member.userId}&click_id=${clickId}&txid=W-2`;
    const badSig = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/postback?${query}`,
      headers: { 'x-rotalink-signature': hmac('not-the-key', query) },
    });
    expect(badSig.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/conversions/postback?profile_id=nobody&key=${s.key}&txid=W-3` });
    expect(unknown.statusCode).toBe(403);
    expect(await conversionRows(t.db, s.member.userId)).toHaveLength(0);
  });

  it('takes an HMAC-SHA256 signature of the raw query (GET) or the raw body (POST, JSON or form)', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    const query = `profile_id=${s.member.userId}&click_id=${clickId}&txid=S-1&amount=5`;
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/postback?${query}`,
      headers: { 'x-rotalink-signature': hmac(s.key, query) },
    });
    expect(get.statusCode).toBe(201);
    const json = JSON.stringify({ profile_id: s.member.userId, click_id: clickId, txid: 'S-2', amount: 7.25, currency: 'EUR' });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/conversions/postback',
      headers: { 'content-type': 'application/json', 'x-rotalink-signature': hmac(s.key, json) },
      payload: json,
    });
    expect(post.statusCode).toBe(201);
    const form = `profile_id=${s.member.userId}&key=${s.key}&click_id=${clickId}&txid=S-3&amount=1.00`;
    const byForm = await t.app.inject({
      method: 'POST',
      url: '/api/conversions/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(byForm.statusCode).toBe(201);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/conversions/postback',
      headers: { 'content-type': 'application/json', 'x-rotalink-signature': hmac(s.key, json) },
      payload: json.replace('7.25', '725'),
    });
    expect(tampered.statusCode).toBe(403);
    const rows = await conversionRows(t.db, s.member.userId);
    expect(rows.map((r) => [r.txid, Number(r.amount_minor), r.currency])).toEqual([
      ['S-1', 500, 'USD'],
      ['S-2', 725, 'EUR'],
      ['S-3', 100, 'USD'],
    ]);
  });

  it('keeps an unknown or too old click as unattributed (202): shown to the owner, counted to no link', async () => {
    const s = await seller(t.app, t.db);
    const old = await clickWithId(t.app, t.db, s, new Date(Date.now() - 31 * 86_400_000));
    const unknown = await t.app.inject({
      method: 'GET',
      url: postbackUrl(s, { click_id: 'AAAAAAAAAAAAAAAAAAAAAA', txid: 'U-1', amount: '3' }),
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().status).toBe('unattributed');
    const tooOld = await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: old, txid: 'U-2', amount: '4' }) });
    expect(tooOld.statusCode).toBe(202);
    const rows = await conversionRows(t.db, s.member.userId);
    expect(rows.every((r) => r.link_id === null && Number(r.attributed) === 0)).toBe(true);

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/stats/summary?user_id=${s.member.userId}&${week()}`,
      headers: bearer(s.member.token),
    });
    expect(summary.json().conversions.totals).toMatchObject({
      conversions: 0,
      revenue: '0.00',
      unattributed: 2,
      unattributed_revenue: '7.00',
    });
    expect(summary.json().conversions.links.every((l: { conversions: number }) => l.conversions === 0)).toBe(true);
    const recent = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/recent?user_id=${s.member.userId}`,
      headers: bearer(s.member.token),
    });
    expect(recent.json().conversions.map((c: { txid: string; attributed: boolean }) => [c.txid, c.attributed])).toEqual([
      ['U-2', false],
      ['U-1', false],
    ]);
  });

  it.each([
    [{ amount: '-1' }, 'amount must not be negative.'],
    [{ amount: 'NaN' }, 'amount must be a number such as 12.50.'],
    [{ amount: '1000000000.01' }, 'amount must not be over 1,000,000,000.'],
    [{ amount: '1.234' }, 'amount has more than 2 decimals for USD.'],
    [{ amount: '1.5', currency: 'JPY' }, 'amount has more than 0 decimals for JPY.'],
    [{ amount: '1', currency: 'ABC' }, 'currency must be an ISO 4217 code such as USD or EUR.'],
    [{ amount: '1', currency: 'XAU' }, 'currency must be an ISO 4217 code such as USD or EUR.'],
    [{ amount: '1', status: 'chargeback' }, "status must be 'approved' or 'refunded'."],
  ])('refuses %j with a 400 and a message, storing nothing', async (fields, message) => {
    const s = await seller(t.app, t.db);
    const res = await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'B-1', ...fields }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', message });
    expect(await conversionRows(t.db, s.member.userId)).toHaveLength(0);
  });

  it('accepts the largest amount and the currency digits exactly (1,000,000,000; 0.125 KWD)', async () => {
    const s = await seller(t.app, t.db);
    expect((await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'M-1', amount: '1000000000.00' }) })).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'M-2', amount: '0.125', currency: 'kwd' }) })).statusCode).toBe(
      202,
    );
    const rows = await conversionRows(t.db, s.member.userId);
    expect(rows.map((r) => [Number(r.amount_minor), r.currency])).toEqual([
      [100_000_000_000, 'USD'],
      [125, 'KWD'],
    ]);
  });

  it('a refund reverses its sale once; a refund without its sale is refused', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: 'R-1', amount: '20' }) });
    await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: 'R-2', amount: '5' }) });
    const refund = await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'R-1', status: 'refunded' }) });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().status).toBe('refunded');
    const twice = await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'R-1', status: 'refunded' }) });
    expect(twice.json().status).toBe('duplicate');
    const orphan = await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'R-9', status: 'refunded' }) });
    expect(orphan.statusCode).toBe(404);
    // A sale that was refunded is not sold again by a retried approval.
    const retried = await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: 'R-1', amount: '20' }) });
    expect(retried.json().status).toBe('duplicate');

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/stats/summary?user_id=${s.member.userId}&${week()}`,
      headers: bearer(s.member.token),
    });
    expect(summary.json().conversions.totals).toMatchObject({ conversions: 1, revenue: '5.00', refunded: 1 });
    expect(await conversionRows(t.db, s.member.userId)).toHaveLength(2);
  });

  it('the pixel always answers the same 1×1 GIF, and records a conversion of a known click once', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    const answers = await Promise.all(
      [
        `/px/${s.member.userId}.gif?click_id=${clickId}`,
        `/px/${s.member.userId}.gif?click_id=${clickId}`,
        '/px/nobody.gif?click_id=x',
        '/px/bad.png',
        `/px/${s.member.userId}.gif?amount=-5&click_id=${clickId}&txid=P-9`,
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.headers['content-type']).toBe('image/gif');
      expect(a.rawPayload.equals(answers[0].rawPayload)).toBe(true);
    }
    expect(answers[0].rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const rows = await conversionRows(t.db, s.member.userId);
    expect(rows).toEqual([expect.objectContaining({ via: 'pixel', txid: `click:${clickId}`, link_id: s.linkId, attributed: 1 })]);
  });

  it('the conversions CSV lists every conversion, spreadsheet-safe, for the owner only', async () => {
    const s = await seller(t.app, t.db);
    const clickId = await clickWithId(t.app, t.db, s, new Date());
    await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: clickId, txid: '=HYPERLINK("http://evil")', amount: '9.99' }) });
    await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'plain-2', amount: '1' }) });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/conversions.csv?user_id=${s.member.userId}&${week()}`,
      headers: bearer(s.member.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rotalink-conversions-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('time,txid,status,amount,currency,attributed,click_id,click_time,link_name,link_url,source,via');
    // Rows come in time order; the two postbacks may share a millisecond, so each is found by its txid.
    expect(lines).toHaveLength(3);
    const sale = lines.find((l) => l.includes('HYPERLINK')) ?? '';
    expect(sale).toContain(`,"'=HYPERLINK(""http://evil"")",approved,9.99,USD,yes,${clickId},`);
    expect(sale).toMatch(/,Offer,https:\/\/offer\.example\.com\/,page,postback$/);
    expect(lines.find((l) => l.includes('plain-2'))).toContain(',plain-2,approved,1.00,USD,no,,,,,,postback');
    const other = await seller(t.app, t.db);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/stats/conversions.csv?user_id=${s.member.userId}&${week()}`,
      headers: bearer(other.member.token),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('the owner reads and rotates the key; the old key stops working; another member may not', async () => {
    const s = await seller(t.app, t.db);
    const other = await seller(t.app, t.db);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/settings?user_id=${s.member.userId}`,
      headers: bearer(other.member.token),
    });
    expect(foreign.statusCode).toBe(403);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/conversions/rotate-key',
      headers: bearer(s.member.token),
      payload: { user_id: s.member.userId },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().postback_key;
    expect(fresh).not.toBe(s.key);
    expect(rotated.json().postback_url).toContain(`key=${fresh}`);
    expect((await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'K-1' }) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: postbackUrl({ ...s, key: fresh }, { txid: 'K-1' }) })).statusCode).toBe(202);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/conversions/settings',
      headers: bearer(s.member.token),
      payload: { user_id: s.member.userId, currency: 'eur', attribution_days: 7 },
    });
    expect(saved.json()).toMatchObject({ currency: 'EUR', attribution_days: 7 });
    const badCurrency = await t.app.inject({
      method: 'PUT',
      url: '/api/conversions/settings',
      headers: bearer(s.member.token),
      payload: { user_id: s.member.userId, currency: 'EUX' },
    });
    expect(badCurrency.statusCode).toBe(400);
  });
});

describe.each(engines)('postback budgets (issue 30) (%s)', (engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_POSTBACKS_PER_MIN: '5', RATE_LIMIT_UNATTRIBUTED_PER_HOUR: '2' });

  it('limits postbacks per profile and key, and unattributed conversions per profile', async () => {
    const s = await seller(t.app, t.db);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: `L-${i}` }) })).statusCode);
    expect(codes).toEqual([202, 202, 429, 429]);
    expect(await conversionRows(t.db, s.member.userId)).toHaveLength(2);
    // The fifth and sixth call of the minute: over the per-key budget whatever they carry.
    await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'L-5', status: 'refunded' }) });
    expect((await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'L-6' }) })).statusCode).toBe(429);
    // Another key of the same profile has its own budget.
    expect((await t.app.inject({ method: 'GET', url: postbackUrl({ ...s, key: 'y'.repeat(43) }, { txid: 'L-7' }) })).statusCode).toBe(403);
  });
});
