import { bearer, engines, loginMember, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { useSmtpSink } from '../mail/smtp-sink.test-helper';
import { PASSWORD_CHANGED, SAME_PASSWORD } from './change-password';
import { WRONG_CURRENT_PASSWORD } from './current-password';

const CHANGED_SUBJECT = 'Your Rotalink password was changed';

/** POST /api/auth/change-password (issue 13). */
describe.each(engines)('change password (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);
  let m: Member;
  const change = (payload: Record<string, unknown>, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });

  beforeEach(async () => {
    m = await signupMember(t.app);
  });

  it('changes the password, ends every other session and keeps this one signed in with a fresh token', async () => {
    const otherDevice = await loginMember(t.app, m.email, m.password);
    const res = await change({ currentPassword: m.password, newPassword: 'a new password 123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: PASSWORD_CHANGED, token: expect.any(String) });
    const fresh = res.json().token;

    for (const old of [m.token, otherDevice]) {
      const ended = await profile(old);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual({ error: 'Unauthorized: jwt expired', message: 'Unauthorized: jwt expired', code: 'session-ended' });
    }
    expect((await profile(fresh)).json().user_id).toBe(m.userId);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } })).statusCode,
    ).toBe(401);
    await loginMember(t.app, m.email, 'a new password 123');
  });

  it("ends the member's sub-profiles' sessions too (issue 11, as a password reset does)", async () => {
    const subEmail = `sub-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'S', lastName: 'P', phone: '12345', email: subEmail, password: 'sub password 1' },
    });
    expect(created.statusCode).toBe(201);
    const subToken = await loginMember(t.app, subEmail, 'sub password 1');
    expect((await change({ currentPassword: m.password, newPassword: 'a new password 123' })).statusCode).toBe(200);
    expect((await profile(subToken)).statusCode).toBe(401);
    await loginMember(t.app, subEmail, 'sub password 1');
  });

  it('mails a security notice to the account (issue 29), through the outbox, with the way to reset it', async () => {
    const seen = smtp.sink.mails.length;
    const outboxRows = async () => (await t.db.selectFrom('outbox').select('id').where('user_id', '=', m.userId).execute()).length;
    const before = await outboxRows();
    expect((await change({ currentPassword: m.password, newPassword: 'a new password 123' })).statusCode).toBe(200);
    expect(await outboxRows()).toBe(before + 1);
    const mail = await smtp.sink.waitForMail(seen, undefined, (x) => x.envelopeTo.includes(m.email) && x.subject === CHANGED_SUBJECT);
    expect(mail.text).toContain("If this wasn't you, reset your password here");
    expect(mail.text).toContain('http://localhost:3000/forgotpassword');
    expect(mail.html).toContain('href="http://localhost:3000/forgotpassword"');
  });

  it('refuses a wrong current password (400) and changes nothing, and mails nothing', async () => {
    const seen = smtp.sink.mails.length;
    const res = await change({ currentPassword: 'not my password', newPassword: 'a new password 123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: WRONG_CURRENT_PASSWORD, message: WRONG_CURRENT_PASSWORD, code: 'invalid' });
    expect((await profile(m.token)).statusCode).toBe(200);
    await loginMember(t.app, m.email, m.password);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.sink.mails.slice(seen).filter((x) => x.envelopeTo.includes(m.email) && x.subject === CHANGED_SUBJECT)).toHaveLength(0);
  });

  it('refuses a new password equal to the current one, too short, or missing fields (400)', async () => {
    const same = await change({ currentPassword: m.password, newPassword: m.password });
    expect(same.json().error).toBe(SAME_PASSWORD);
    const short = await change({ currentPassword: m.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('New password must be at least 8 characters.');
    expect((await change({ newPassword: 'long enough 1' })).json().error).toBe('Current password is required.');
    expect((await change({ currentPassword: m.password })).json().error).toBe('New password is required.');
    expect((await profile(m.token)).statusCode).toBe(200);
  });

  it('without a token: 401 Token is missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: m.password, newPassword: 'a new password 123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Token is missing');
  });
});

describe.each(engines)('change password with the failed-login budget on (%s)', (engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_LOGIN_PER_MIN: '3' });

  it('a stolen session cannot guess the password: after 3 wrong tries even the right one waits (429)', async () => {
    const m = await signupMember(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(m.token),
        payload: { currentPassword, newPassword: 'a new password 123' },
      });
    for (let i = 0; i < 3; i++) expect((await change(`guess ${i}`)).statusCode).toBe(400);
    const blocked = await change(m.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate-limited');
    await loginMember(t.app, m.email, m.password); // unchanged
  });
});
