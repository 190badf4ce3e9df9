import { engines, useTestApp } from '../../../test/helpers';
import { useAppWithDeadMailServer, waitForLog } from '../mail/failing-mail.test-helper';
import { useSmtpSink } from '../mail/smtp-sink.test-helper';

const signup = (email: string, firstName = 'Ann') => ({
  method: 'POST' as const,
  url: '/api/auth/signup',
  payload: { firstName, lastName: 'Lee', email, password: 'correct horse battery' },
});

/** Issue 13: a welcome mail after sign-up, through the existing mailer (a real SMTP server here). */
describe.each(engines)('welcome mail (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);

  it('reaches the new member with the dashboard link; their name is text, never HTML', async () => {
    const email = `welcome-${Date.now()}@example.com`;
    const seen = smtp.sink.mails.length;
    const res = await t.app.inject(signup(email.toUpperCase(), '<b>Ann</b>'));
    expect(res.statusCode).toBe(201);
    const mail = await smtp.sink.waitForMail(seen, undefined, (m) => m.envelopeTo.includes(email));
    expect(mail.subject).toBe('Welcome to Rotalink');
    expect(mail.text).toContain('Hello <b>Ann</b>,');
    expect(mail.text).toContain('http://localhost:3000/user');
    expect(mail.html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt;,');
    expect(mail.html).toContain('href="http://localhost:3000/user"');
  });

  it('a refused sign-up (email taken) sends nothing more', async () => {
    const email = `twice-${Date.now()}@example.com`;
    await t.app.inject(signup(email));
    await smtp.sink.waitForMail(0, undefined, (m) => m.envelopeTo.includes(email));
    expect((await t.app.inject(signup(email))).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.sink.mails.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
  });
});

describe('welcome mail with the mail server down', () => {
  const dead = useAppWithDeadMailServer();

  it('the sign-up still succeeds at once; the failure is logged', async () => {
    const started = Date.now();
    const res = await dead.app().inject(signup(`down-${Date.now()}@example.com`));
    expect(res.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    const line = await waitForLog(dead.logs, 'welcome mail could not be sent');
    expect(line.level).toBe(50);
  });
});
