import { bearer, engines, loginMember, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { useSmtpSink, type ReceivedMail } from '../mail/smtp-sink.test-helper';
import { EMAIL_TEXT, MAX_EMAIL_CHANGES_PER_HOUR, hashEmailToken } from './change-email';
import { WRONG_CURRENT_PASSWORD } from './current-password';

const LINK = /http:\/\/localhost:3000\/confirm-email\?token=([A-Za-z0-9_-]+)/;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST /api/auth/change-email and /api/auth/confirm-email (issue 13), through a real SMTP server. */
describe.each(engines)('change email (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);
  let m: Member;
  let n = 0;
  const fresh = () => `new-${++n}-${Date.now()}@example.com`;

  const ask = (newEmail: string, currentPassword = m.password, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-email', headers: bearer(token), payload: { newEmail, currentPassword } });
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
  const emailOf = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json().email;
  const isConfirm = (to: string) => (mail: ReceivedMail) =>
    mail.subject === 'Confirm your new Rotalink email address' && mail.envelopeTo.includes(to);

  /** Asks for a change and returns the token of the mail that reached the new address. */
  async function mailedToken(newEmail: string): Promise<string> {
    const seen = smtp.sink.mails.length;
    const res = await ask(newEmail);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.sink.waitForMail(seen, undefined, isConfirm(newEmail.toLowerCase()));
    return LINK.exec(mail.text)?.[1] as string;
  }

  beforeEach(async () => {
    m = await signupMember(t.app);
  });

  it('mails a link to the new address; the email changes only when it is opened, and the old address is told', async () => {
    const newEmail = fresh();
    const seen = smtp.sink.mails.length;
    const res = await ask(newEmail.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: EMAIL_TEXT.sent(newEmail) });
    const mail = await smtp.sink.waitForMail(seen, undefined, isConfirm(newEmail));
    expect(mail.envelopeTo).toEqual([newEmail]);
    expect(mail.text).toContain('expires in 24 hours');
    const token = LINK.exec(mail.text)?.[1] as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.html).toContain(`href="http://localhost:3000/confirm-email?token=${token}"`);

    // Only the hash is stored; nothing changed yet.
    const row = await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token_hash: hashEmailToken(token), new_email: newEmail, used_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await emailOf()).toBe(m.email);

    const seenBeforeConfirm = smtp.sink.mails.length;
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'SUCCESS', message: EMAIL_TEXT.done(newEmail) });
    expect(await emailOf()).toBe(newEmail);
    await loginMember(t.app, newEmail, m.password);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } })).statusCode,
    ).toBe(401);
    const notice = await smtp.sink.waitForMail(
      seenBeforeConfirm,
      undefined,
      (x) => x.envelopeTo.includes(m.email) && x.subject === 'Your Rotalink email address was changed',
    );
    expect(notice.text).toContain(newEmail);
    // Issue 29: the new address gets a security notice too, with the way to reset the password.
    const security = await smtp.sink.waitForMail(
      seenBeforeConfirm,
      undefined,
      (x) => x.envelopeTo.includes(newEmail) && x.subject === 'Your Rotalink account now uses this email address',
    );
    expect(security.text).toContain("If this wasn't you, reset your password here");
    expect(security.text).toContain('http://localhost:3000/forgotpassword');

    // Single use; opened again (issue 29) it says the address is already confirmed, and changes nothing.
    const seenBeforeAgain = smtp.sink.mails.length;
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'SUCCESS', message: EMAIL_TEXT.already(newEmail) });
    expect(await emailOf()).toBe(newEmail);
    await pause(300);
    expect(smtp.sink.mails.length).toBe(seenBeforeAgain);
  });

  it('an already used link whose address the account no longer has is invalid, not "already confirmed"', async () => {
    const firstEmail = fresh();
    const first = await mailedToken(firstEmail);
    expect((await confirm(first)).statusCode).toBe(200);
    m = { ...m, email: firstEmail };
    const second = await mailedToken(fresh());
    expect((await confirm(second)).statusCode).toBe(200);
    const stale = await confirm(first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe(EMAIL_TEXT.invalid);
  });

  it('a newer request voids the older link; an expired or unknown link is 400', async () => {
    const first = await mailedToken(fresh());
    const secondEmail = fresh();
    const second = await mailedToken(secondEmail);
    expect((await confirm(first)).json().error).toBe(EMAIL_TEXT.invalid);
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashEmailToken(second))
      .execute();
    expect((await confirm(second)).json().error).toBe(EMAIL_TEXT.invalid);
    expect((await confirm('not-a-real-token')).statusCode).toBe(400);
    // A damaged link (over-long, a control character) reads the same as any invalid one.
    for (const damaged of ['x'.repeat(201), 'abc\u0001def']) {
      const res = await confirm(damaged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: EMAIL_TEXT.invalid, message: EMAIL_TEXT.invalid, code: 'invalid' });
    }
    expect(await emailOf()).toBe(m.email);
  });

  it('needs the current password; refuses the same address and one already taken', async () => {
    const wrong = await ask(fresh(), 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(WRONG_CURRENT_PASSWORD);
    const same = await ask(m.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe(EMAIL_TEXT.same);
    const other = await signupMember(t.app);
    const taken = await ask(other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Email is already registered', message: 'Email is already registered', code: 'email-taken' });
    expect((await ask('not an email')).json().error).toBe('New email must be a valid email address.');
  });

  it('an address taken between the request and the confirmation is a 409 at confirmation, nothing changes', async () => {
    const wanted = fresh();
    const token = await mailedToken(wanted);
    await signupMember(t.app, { email: wanted });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: EMAIL_TEXT.taken, message: EMAIL_TEXT.taken, code: 'email-taken' });
    expect(await emailOf()).toBe(m.email);
  });

  it('at most 5 requests per hour (429), and no mail for the refused one', async () => {
    for (let i = 0; i < MAX_EMAIL_CHANGES_PER_HOUR; i++) expect((await ask(fresh())).statusCode).toBe(200);
    const refused = fresh();
    const over = await ask(refused);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(EMAIL_TEXT.tooMany);
    await pause(300);
    expect(smtp.sink.mails.filter((x) => x.envelopeTo.includes(refused))).toHaveLength(0);
  });

  it('without a token: 401 Token is missing; confirm-email needs none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      payload: { newEmail: fresh(), currentPassword: m.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Token is missing');
    const token = await mailedToken(fresh());
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email',
          headers: { authorization: 'Bearer forged.token.here' },
          payload: { token },
        })
      ).statusCode,
    ).toBe(200);
  });
});
