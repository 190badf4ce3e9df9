import { addLink, activate, bearer, browser, engines, secondApp, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { TcpProxy } from '../../../test/faults/tcp-proxy';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.test-helper';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isNotice = (to: string) => (mail: ReceivedMail) =>
  mail.envelopeTo[0] === to && (/has received its/.test(mail.subject) || mail.subject === 'Your Rotalink queue is empty');

/**
 * Issue 16, owner notifications through the transactional outbox, with a real SMTP server
 * (smtp-server) behind a proxy the test can stop: exactly one mail per filled link however many
 * visitors click at once (on PostgreSQL from two API nodes), the switches, and a mail server that
 * is away for a while.
 */
describe.each(engines)('owner notifications (%s)', (engine) => {
  let sink: SmtpSink;
  let proxy: TcpProxy;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
    Object.assign(env, {
      SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
      SMTP_TIMEOUT_MS: '800',
      OUTBOX_POLL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
    });
  });
  const t = useTestApp(engine, env);
  afterAll(async () => {
    await proxy.stop();
    await sink.close();
  }, 60_000);

  async function memberWithLinks(caps: Array<number | null>, names: string[] = []): Promise<{ m: Member; ids: string[] }> {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const ids: string[] = [];
    for (const [i, cap] of caps.entries()) {
      ids.push(
        (await addLink(t.app, m, { link: `https://offer${i}.example.com/ref`, max_clicks: cap, name: names[i] ?? `Offer ${i}` })).id,
      );
    }
    return { m, ids };
  }
  const click = (app: typeof t.app, linkId: string) =>
    app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: linkId } });
  const notices = (to: string) => sink.mails.filter(isNotice(to));

  it('a link filling under 300 concurrent clicks sends exactly one mail, naming the next link', async () => {
    const { m, ids } = await memberWithLinks([50, 10], ['Solo ad', 'Second offer']);
    const answers = await Promise.all(Array.from({ length: 300 }, () => click(t.app, ids[0])));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(50);
    const mail = await sink.waitForMail(0, 10_000, isNotice(m.email));
    expect(mail.subject).toBe('Your link "Solo ad" has received its 50 clicks');
    expect(mail.text).toContain('"Second offer" (https://offer1.example.com/ref) is now first in your queue.');
    await sleep(1000);
    expect(notices(m.email)).toHaveLength(1);
  }, 60_000);

  it('the last link filling sends one queue-empty mail saying what the rotator does now', async () => {
    const { m, ids } = await memberWithLinks([3]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: bearer(m.token),
      payload: { user_id: m.userId, on_finish: 'restart' },
    });
    await Promise.all(Array.from({ length: 20 }, () => click(t.app, ids[0])));
    const mail = await sink.waitForMail(0, 10_000, isNotice(m.email));
    expect(mail.subject).toBe('Your Rotalink queue is empty');
    expect(mail.text).toContain('starts your queue again on the next visit');
    await sleep(500);
    expect(notices(m.email)).toHaveLength(1);
  }, 60_000);

  it('the switches turn each mail off', async () => {
    const { m, ids } = await memberWithLinks([2, 2]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: bearer(m.token),
      payload: { user_id: m.userId, notify_link_completed: false },
    });
    expect(put.json().settings).toMatchObject({ notify_link_completed: false, notify_queue_empty: true });
    for (let i = 0; i < 2; i++) await click(t.app, ids[0]);
    await sleep(800);
    expect(notices(m.email)).toHaveLength(0);
    // The last link filling: the queue-empty mail is still on.
    for (let i = 0; i < 2; i++) await click(t.app, ids[1]);
    expect((await sink.waitForMail(0, 10_000, isNotice(m.email))).subject).toBe('Your Rotalink queue is empty');
  }, 60_000);

  it('the rotator link filling a link sends the mail too', async () => {
    const { m } = await memberWithLinks([2, 5]);
    for (let i = 0; i < 4; i++) {
      await t.app.inject({ method: 'GET', url: `/r/${m.userId}`, headers: browser({ 'x-forwarded-for': `10.1.0.${i}` }) });
    }
    const mail = await sink.waitForMail(0, 10_000, isNotice(m.email));
    expect(mail.subject).toBe('Your link "Offer 0" has received its 2 clicks');
  }, 60_000);

  it('a sub-profile’s mails go to its member and say whose queue it is; one click is "1 click"', async () => {
    const { m } = await memberWithLinks([]);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'Downline', lastName: 'Dave', email: '', phone: '+44 20 7946 0000', password: '' },
    });
    const subId = sub.json().user_id as string;
    const first = await addLink(t.app, m, { user_id: subId, link: 'https://dave.example.com/ref', max_clicks: 1, name: 'Dave offer' });
    const last = await addLink(t.app, m, { user_id: subId, link: 'https://dave.example.com/two', max_clicks: 1, name: 'Dave two' });
    await click(t.app, first.id);
    const filled = await sink.waitForMail(0, 10_000, (x) => isNotice(m.email)(x) && x.subject.includes('Dave offer'));
    expect(filled.subject).toBe('The link "Dave offer" of Downline Dave has received its 1 click');
    expect(filled.text).toContain('"Dave two" (https://dave.example.com/two) is now first in the queue of Downline Dave.');
    await click(t.app, last.id);
    const empty = await sink.waitForMail(
      0,
      10_000,
      (x) => x.envelopeTo[0] === m.email && /queue of Downline Dave is empty/.test(x.subject),
    );
    expect(empty.subject).toBe('The Rotalink queue of Downline Dave is empty');
    expect(empty.text).toContain('no link is waiting in the queue of Downline Dave now.');
    expect(empty.text).toContain('The rotator link of Downline Dave now sends visitors to the public page of Downline Dave');
  }, 60_000);

  it('SMTP down for a while: the mail waits in the outbox and goes out once, after the server is back', async () => {
    const { m, ids } = await memberWithLinks([5, 5]);
    await proxy.stop();
    try {
      await Promise.all(Array.from({ length: 20 }, () => click(t.app, ids[0])));
      // Several retries' worth of time with the server away: nothing arrives, the row waits.
      await sleep(2000);
      expect(notices(m.email)).toHaveLength(0);
      const row = await t.db.selectFrom('outbox').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect(row.sent_at).toBeNull();
    } finally {
      await proxy.start();
    }
    const mail = await sink.waitForMail(0, 15_000, isNotice(m.email));
    expect(mail.subject).toBe('Your link "Offer 0" has received its 5 clicks');
    await sleep(800);
    expect(notices(m.email)).toHaveLength(1);
    const row = await t.db.selectFrom('outbox').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', payload: '' });
  }, 60_000);

  if (engine === 'postgres') {
    it('two API nodes on one database: 300 clicks split between them fill the link once and send one mail', async () => {
      const other = await secondApp(t);
      try {
        const { m, ids } = await memberWithLinks([40, 10]);
        const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => click(i % 2 ? other.app : t.app, ids[0])));
        expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(40);
        await sink.waitForMail(0, 10_000, isNotice(m.email));
        // Both nodes' workers poll the outbox; the mail is leased by one of them only.
        await sleep(1500);
        expect(notices(m.email)).toHaveLength(1);
      } finally {
        await other.close();
      }
    }, 60_000);

    it('two nodes racing for a backlog of mail send each one once (FOR UPDATE SKIP LOCKED and leases)', async () => {
      const other = await secondApp(t);
      try {
        const members = await Promise.all(Array.from({ length: 12 }, () => memberWithLinks([1, 1])));
        await proxy.stop();
        try {
          await Promise.all(members.map(({ ids }) => click(t.app, ids[0])));
          await sleep(500);
        } finally {
          await proxy.start();
        }
        for (const { m } of members) await sink.waitForMail(0, 15_000, isNotice(m.email));
        await sleep(1500);
        for (const { m } of members) expect(notices(m.email)).toHaveLength(1);
      } finally {
        await other.close();
      }
    }, 60_000);
  }
});
