import { bearer, engines, sleep, useTestApp } from '../../../test/helpers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { clickWithId, postbackUrl, seller } from '../conversions/conversions.test-helper';
import type { ConversionRecorded } from '../traffic';

const isFirstConversion = (to: string) => (mail: ReceivedMail) => mail.envelopeTo[0] === to && mail.subject.startsWith('First conversion');

/**
 * Issue 30: ConversionRecorded on the ledger's bus (decision 0153) — published once per stored
 * sale or refund, in the conversion's transaction, `committed` after it — and its subscriber, the
 * owner's optional first-conversion mail through the outbox, to a real SMTP server.
 */
describe.each(engines)('ConversionRecorded and the first-conversion mail (%s)', (engine) => {
  let sink: SmtpSink;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    Object.assign(env, { SMTP_URL: sink.url, OUTBOX_POLL_MS: '200' });
  });
  const t = useTestApp(engine, env);
  const heard: Array<{ event: ConversionRecorded; committed: boolean }> = [];
  beforeAll(() => {
    // A subscriber like any other, registered after start-up: it records what it heard and when.
    t.app.ledger.subscribe({
      name: 'test: conversions heard',
      open: () => {
        const mine: Array<{ event: ConversionRecorded; committed: boolean }> = [];
        return {
          ConversionRecorded: (event) => {
            const entry = { event, committed: false };
            mine.push(entry);
            heard.push(entry);
          },
          committed: () => {
            for (const e of mine) e.committed = true;
          },
        };
      },
    });
  });
  afterAll(() => sink.close());

  it('a sale publishes once (retries publish nothing), committed; its link’s first sale mails the owner once when switched on', async () => {
    const s = await seller(t.app, t.db, 'Solar panels');
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/conversions/settings',
      headers: bearer(s.member.token),
      payload: { user_id: s.member.userId, currency: 'USD', attribution_days: 30, notify_first_conversion: true },
    });
    expect(on.statusCode).toBe(200);
    const c1 = await clickWithId(t.app, t.db, s, new Date());
    const c2 = await clickWithId(t.app, t.db, s, new Date(Date.now() - 1000));
    const first = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: c1, txid: 'F-1', amount: '40.00' }) })),
    );
    expect(first.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const second = await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: c2, txid: 'F-2', amount: '10' }) });
    expect(second.statusCode).toBe(201);

    const mine = heard.filter((h) => h.event.profileId === s.member.userId);
    expect(mine.map((h) => [h.event.txid, h.event.status, h.event.firstOfLink, h.committed])).toEqual([
      ['F-1', 'approved', true, true],
      ['F-2', 'approved', false, true],
    ]);
    expect(mine[0].event).toMatchObject({ linkId: s.linkId, attributed: true, amountMinor: 4000, currency: 'USD', via: 'postback' });

    const mail = await sink.waitForMail(0, 10_000, isFirstConversion(s.member.email));
    expect(mail.subject).toBe('First conversion on "Solar panels"');
    expect(mail.text).toContain('has its first conversion: 40.00 USD.');
    await sleep(800);
    expect(sink.mails.filter(isFirstConversion(s.member.email))).toHaveLength(1);
  }, 30_000);

  it('a refund publishes once as refunded; the mail stays off by default', async () => {
    const s = await seller(t.app, t.db);
    const c = await clickWithId(t.app, t.db, s, new Date());
    expect((await t.app.inject({ method: 'GET', url: postbackUrl(s, { click_id: c, txid: 'G-1', amount: '5' }) })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'GET', url: postbackUrl(s, { txid: 'G-1', status: 'refunded' }) })).statusCode).toBe(200);
    const mine = heard.filter((h) => h.event.profileId === s.member.userId);
    expect(mine.map((h) => [h.event.status, h.event.amountMinor, h.event.linkId, h.committed])).toEqual([
      ['approved', 500, s.linkId, true],
      ['refunded', 500, s.linkId, true],
    ]);
    await sleep(800);
    expect(sink.mails.filter(isFirstConversion(s.member.email))).toHaveLength(0);
  }, 30_000);
});
