import { startSmtpSink, type SmtpSink } from '../../src/modules/mail/smtp-sink.test-helper';
import { MAIL_UNAVAILABLE } from '../../src/modules/password-reset/request-password-reset';
import { signupMember, useTestApp, type Member } from '../helpers';
import { eventually } from './click-load';
import { TcpProxy } from './tcp-proxy';

/**
 * Fault injection, SMTP (issue 11). A real SMTP server (smtp-server) behind a proxy this test
 * controls: stopped (refused) and hanging (accepts, never greets). While it is away the calls
 * that exist to send mail answer 503 with a clear text — the same for every email, so nothing
 * about accounts leaks — everything else works, /healthz names smtp, and mail flows again once
 * it is back. SMTP_TIMEOUT_MS is 800 ms here.
 */
describe('SMTP faults', () => {
  let sink: SmtpSink;
  let proxy: TcpProxy;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
    Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, SMTP_TIMEOUT_MS: '800' });
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

  /** While SMTP is away: a clear 503 for forgot-password (any email), 503 smtp in /healthz, the rest unaffected. */
  async function mailCallsRefused() {
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
    expect(known.value.statusCode).toBe(503);
    expect(known.value.json()).toEqual({ error: MAIL_UNAVAILABLE, message: MAIL_UNAVAILABLE, code: 'unavailable' });
    expect(known.ms).toBeLessThan(500);
    expect(unknown.body).toBe(known.value.body);
    // Changing the email mails a link too: the same clear 503, before anything is stored.
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { authorization: `Bearer ${m.token}` },
      payload: { currentPassword: m.password, newEmail: `new-${Date.now()}@example.com` },
    });
    expect(change.statusCode).toBe(503);
    expect(change.json().error).toBe(MAIL_UNAVAILABLE);
    // Signing in and everything else does not need mail.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } })).statusCode,
    ).toBe(200);
  }

  async function mailFlowsAgain() {
    await eventually(async () => (await health()).statusCode === 200, 10_000, 'smtp back in /healthz');
    expect((await health()).json()).toEqual({ status: 'ok', checks: { database: 'ok', smtp: 'ok' } });
    const seen = sink.mails.length;
    expect((await forgot(m.email)).statusCode).toBe(200);
    expect((await sink.waitForMail(seen)).envelopeTo).toEqual([m.email]);
  }

  it('with the SMTP server up, /healthz says so and a reset mail arrives', async () => {
    await mailFlowsAgain();
  });

  it('SMTP server stopped: 503 with a clear text for mail calls, /healthz names smtp; mail flows once it is back', async () => {
    await proxy.stop();
    try {
      await mailCallsRefused();
    } finally {
      await proxy.start();
    }
    await mailFlowsAgain();
  });

  it('SMTP server hanging (accepts, never answers): the check gives up within SMTP_TIMEOUT_MS, then the same as stopped', async () => {
    proxy.blackhole();
    try {
      await mailCallsRefused();
    } finally {
      proxy.heal();
    }
    await mailFlowsAgain();
  });
});
