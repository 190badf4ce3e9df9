import { createSmtpMailer } from './smtp-mailer';
import { startSmtpSink, type SmtpSink } from './smtp-sink.test-helper';

describe('SMTP mailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers the mail to a real SMTP server with the right recipient, subject and body', async () => {
    const mailer = createSmtpMailer({ smtpUrl: sink.url, from: 'Rotalink <no-reply@example.test>' });
    const link = 'http://localhost:3000/resetpassword?token=' + 'ab'.repeat(32);
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: `Open ${link} to reset.`,
      html: `<p><a href="${link}">Reset</a></p>`,
    });
    await mailer.close();

    const mail = await sink.waitForMail(0);
    expect(mail.envelopeTo).toEqual(['ann@example.com']);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain(`Open ${link} to reset.`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.raw).toMatch(/^From: Rotalink <no-reply@example.test>/m);
  });

  it('reports a failure when the SMTP server cannot be reached', async () => {
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1' });
    await expect(mailer.send({ to: 'ann@example.com', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});
