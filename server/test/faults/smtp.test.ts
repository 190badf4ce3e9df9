import { startSmtpSink, type SmtpSink } from '../../src/modules/mail/smtp-sink.test-helper';
import { FORGOT_MESSAGE } from '../../src/modules/password-reset/request-password-reset';
import { eventually, signupMember, useTestApp, type Member } from '../helpers';
import { TcpProxy } from './tcp-proxy';

/**
 * Fault injection, SMTP (issue 11). A real SMTP server (smtp-server) behind a proxy this test
 * controls: stopped (refused) and hanging (accepts, never greets). While it is away the calls
 * that send mail answer as usual — the mail waits in the outbox (issue 16) — everything else
 * works, /healthz names smtp, and once it is back the mail asked for meanwhile arrives, as well
 * as new mail. SMTP_TIMEOUT_MS is 800 ms here; the outbox looks every 200 ms.
 */
describe('SMTP faults', () => {
  let sink: SmtpSink;
  let proxy: TcpProxy;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
    Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, SMTP_TIMEOUT_MS: '800', OUTBOX_POLL_MS: '200' });
  });
  const t = useTestApp('sqlite', env);
  afterAll(async () => {
    await proxy.stop();
    await sink.close();
  });

  let m: Member;
  beforeAll(async () => {
    m = await signupMember(t.app);
  });
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const health = () => t.app.inject({ method: 'GET', url: '/healthz' });
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };

  /**
   * While SMTP is away: forgot-password answers at once and the same for any email (the request
   * is queued), change-email too; /healthz says 503 smtp; the rest is unaffected. Returns the
   * address the email change was asked for.
   */
  async function mailCallsQueued(): Promise<string> {
    const h = await timed(health);
    expect(h.value.statusCode).toBe(503);
    expect(h.value.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', smtp: 'down' },
      down: ['smtp'],
      error: 'Not available right now: smtp.',
    });
    expect(h.ms).toBeLessThan(2500);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const known = await timed(() => forgot(m.email));
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(known.value.statusCode).toBe(200);
    expect(known.value.json()).toEqual({ status: 'SUCCESS', message: FORGOT_MESSAGE });
    expect(known.ms).toBeLessThan(500);
    expect(unknown.body).toBe(known.value.body);
    const newEmail = `new-${Date.now()}@example.com`;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { authorization: `Bearer ${m.token}` },
      payload: { currentPassword: m.password, newEmail },
    });
    expect(change.statusCode).toBe(200);
    // Signing in and everything else does not need mail.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } })).statusCode,
    ).toBe(200);
    return newEmail;
  }

  /** The mails asked for while SMTP was away arrive once it is back: one reset, one confirmation. */
  async function queuedMailArrives(seen: number, newEmail: string) {
    const reset = await sink.waitForMail(seen, 15_000, (mail) => mail.subject === 'Reset your Rotalink password');
    expect(reset.envelopeTo).toEqual([m.email]);
    const confirm = await sink.waitForMail(seen, 15_000, (mail) => mail.envelopeTo[0] === newEmail);
    expect(confirm.subject).toBe('Confirm your new Rotalink email address');
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.mails.slice(seen).filter((mail) => mail.subject === 'Reset your Rotalink password')).toHaveLength(1);
  }

  async function mailFlowsAgain() {
    await eventually(async () => (await health()).statusCode === 200, 10_000, 'smtp back in /healthz');
    expect((await health()).json()).toEqual({ status: 'ok', checks: { database: 'ok', smtp: 'ok' } });
    const seen = sink.mails.length;
    expect((await forgot(m.email)).statusCode).toBe(200);
    const reset = await sink.waitForMail(seen, 5000, (mail) => mail.subject === 'Reset your Rotalink password');
    expect(reset.envelopeTo).toEqual([m.email]);
    // The server received it; stopping it before its "250 OK" reached us would make the mail go
    // out again later (SMTP's own at-least-once window), so wait until the outbox marked it sent.
    await eventually(
      async () => (await t.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute()).length === 0,
      5000,
      'outbox settled',
    );
  }

  it('with the SMTP server up, /healthz says so and a reset mail arrives', async () => {
    await mailFlowsAgain();
  });

  it('SMTP server stopped: mail calls answer as usual, /healthz names smtp; the queued mail arrives once it is back', async () => {
    const seen = sink.mails.length;
    await proxy.stop();
    let newEmail: string;
    try {
      newEmail = await mailCallsQueued();
      // A while with the server away: the worker retries, nothing reaches the sink.
      await new Promise((r) => setTimeout(r, 1500));
      expect(sink.mails.length).toBe(seen);
    } finally {
      await proxy.start();
    }
    await queuedMailArrives(seen, newEmail);
    await mailFlowsAgain();
  });

  it('SMTP server hanging (accepts, never answers): the check gives up within SMTP_TIMEOUT_MS, then the same as stopped', async () => {
    const seen = sink.mails.length;
    proxy.blackhole();
    let newEmail: string;
    try {
      newEmail = await mailCallsQueued();
    } finally {
      proxy.heal();
    }
    await queuedMailArrives(seen, newEmail);
    await mailFlowsAgain();
  });
});
