import { bearer, engines, loginMember, signupMember, useTestApp } from '../../../test/helpers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { FORGOT_MESSAGE, MAX_RESETS_PER_HOUR } from './request-password-reset';
import { RESET_TEXT } from './reset-password';
import { hashResetToken } from './reset-token';

const LINK = /http:\/\/localhost:3000\/resetpassword\?token=([A-Za-z0-9_-]+)/;
const forgot = (email: string) => ({ method: 'POST' as const, url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) => ({
  method: 'POST' as const,
  url: '/api/auth/reset-password',
  payload: { token, password },
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Sign-up also mails a welcome (issue 13): these tests look at reset mails only. */
const isReset = (mail: ReceivedMail) => mail.subject === 'Reset your Rotalink password';

describe.each(engines)('password reset through a real SMTP server (%s)', (engine) => {
  let sink: SmtpSink;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    env.SMTP_URL = sink.url; // read by useTestApp's beforeAll, which runs after this one
  });
  afterAll(() => sink.close());
  const t = useTestApp(engine, env);

  /** Asks for a reset and returns the token from the mail that arrived. */
  async function mailedToken(email: string): Promise<string> {
    const seen = sink.mails.length;
    const res = await t.app.inject(forgot(email));
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitForMail(seen, undefined, isReset);
    expect(mail.envelopeTo).toEqual([email.toLowerCase()]);
    const token = LINK.exec(mail.text)?.[1];
    if (!token) throw new Error(`no reset link in the mail: ${mail.text}`);
    return token;
  }

  it('mails a working link; the token works once and ends older sessions', async () => {
    const m = await signupMember(t.app);
    const seen = sink.mails.length;
    const res = await t.app.inject(forgot(m.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: FORGOT_MESSAGE });

    const mail = await sink.waitForMail(seen, undefined, isReset);
    expect(mail.envelopeTo).toEqual([m.email]);
    expect(mail.subject).toBe('Reset your Rotalink password');
    expect(mail.text).toContain('expires in 30 minutes');
    const token = LINK.exec(mail.text)![1];
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.html).toContain(`href="http://localhost:3000/resetpassword?token=${token}"`);

    // Only the hash is stored, valid for 30 minutes.
    const row = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashResetToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(ttl).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 1000);

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).statusCode).toBe(200);
    const done = await t.app.inject(reset(token, 'a brand new password'));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'SUCCESS', message: RESET_TEXT.success });

    // The session from before the reset has ended.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'Unauthorized: jwt expired', message: 'Unauthorized: jwt expired', code: 'session-ended' });
    // The old password no longer signs in; the new one does, and its session works.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } })).statusCode,
    ).toBe(401);
    const fresh = await loginMember(t.app, m.email, 'a brand new password');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(fresh) })).statusCode).toBe(200);

    // Single use.
    const again = await t.app.inject(reset(token, 'yet another password'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: RESET_TEXT.invalid, message: RESET_TEXT.invalid, code: 'invalid' });
    await loginMember(t.app, m.email, 'a brand new password');
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const m = await signupMember(t.app);
    const before = sink.mails.length;
    const known = await t.app.inject(forgot(m.email));
    await sink.waitForMail(before, undefined, isReset);
    const seen = sink.mails.filter(isReset).length;
    const unknown = await t.app.inject(forgot('nobody-here@example.com'));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await pause(300);
    expect(sink.mails.filter(isReset).length).toBe(seen);
  });

  it('finds the account whatever the case of the typed email', async () => {
    const m = await signupMember(t.app);
    const token = await mailedToken(m.email.toUpperCase());
    expect((await t.app.inject(reset(token, 'case does not matter'))).statusCode).toBe(200);
  });

  it('refuses an expired token (older than 30 minutes)', async () => {
    const m = await signupMember(t.app);
    const token = await mailedToken(m.email);
    // As if 30 minutes and a second had passed since the mail.
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashResetToken(token))
      .execute();
    const res = await t.app.inject(reset(token, 'too late password'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(RESET_TEXT.invalid);
    await loginMember(t.app, m.email, m.password); // unchanged
  });

  it('using one mailed token also voids the others mailed before it', async () => {
    const m = await signupMember(t.app);
    const first = await mailedToken(m.email);
    const second = await mailedToken(m.email);
    expect(first).not.toBe(second);
    expect((await t.app.inject(reset(second, 'second link password'))).statusCode).toBe(200);
    expect((await t.app.inject(reset(first, 'first link password'))).statusCode).toBe(400);
    await loginMember(t.app, m.email, 'second link password');
  });

  it('lets only one of several simultaneous resets with the same token through', async () => {
    const m = await signupMember(t.app);
    const token = await mailedToken(m.email);
    const results = await Promise.all([1, 2, 3, 4].map((i) => t.app.inject(reset(token, `concurrent password ${i}`))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('stops mailing one account after the hourly limit, still answering the same', async () => {
    const m = await signupMember(t.app);
    for (let i = 0; i < MAX_RESETS_PER_HOUR; i++) await mailedToken(m.email);
    const seen = sink.mails.filter(isReset).length;
    const res = await t.app.inject(forgot(m.email));
    expect(res.json()).toEqual({ status: 'SUCCESS', message: FORGOT_MESSAGE });
    await pause(300);
    expect(sink.mails.filter(isReset).length).toBe(seen);
  });

  it("a member's reset also ends their sub-profiles' sessions (whoever had the old password could sign in as them)", async () => {
    const m = await signupMember(t.app);
    const subEmail = `sub-${Date.now()}@example.com`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'Sub', lastName: 'One', phone: '+1 555 0100', email: subEmail, password: 'sub password 1' },
    });
    expect(created.statusCode).toBe(201);
    const subToken = await loginMember(t.app, subEmail, 'sub password 1');
    const other = await signupMember(t.app);
    const token = await mailedToken(m.email);
    expect((await t.app.inject(reset(token, 'member new password'))).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(subToken) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('session-ended');
    // The sub-profile's own password is unchanged; nobody else's session ended.
    const again = await loginMember(t.app, subEmail, 'sub password 1');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(again) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(other.token) })).statusCode).toBe(200);
  });

  it('does the same work for a registered and an unknown email: one queued row each, the account is looked up when the mail goes out', async () => {
    const m = await signupMember(t.app);
    const seen = sink.mails.length;
    const before = new Date(Date.now() - 1).toISOString();
    const known = await t.app.inject(forgot(m.email));
    const unknown = await t.app.inject(forgot(`nobody-${Date.now()}@example.com`));
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // Both requests wrote the same thing: a sealed row naming no account (the email is inside the seal).
    const rows = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'password-reset')
      .where('created_at', '>=', before)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.user_id).toBeNull();
      expect(row.payload).not.toContain('@');
    }
    const mail = await sink.waitForMail(seen, 5000, (x) => x.subject === 'Reset your Rotalink password');
    expect(mail.envelopeTo).toEqual([m.email]);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.slice(seen).filter((x) => x.subject === 'Reset your Rotalink password')).toHaveLength(1);
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: Array<[object, string]> = [
      [{ password: 'long enough pass' }, 'Token is required.'],
      [{ token: 'x'.repeat(43) }, 'Password is required.'],
      [{ token: 'x'.repeat(43), password: 'short' }, 'Password must be at least 8 characters.'],
      // A damaged link's token (cut, padded, garbled by a mail client) is an invalid link to its reader.
      [{ token: 'x'.repeat(201), password: 'long enough pass' }, RESET_TEXT.invalid],
      [{ token: '', password: 'long enough pass' }, RESET_TEXT.invalid],
      [{ token: '<script>\u0000', password: 'long enough pass' }, RESET_TEXT.invalid],
      [{ token: 12345, password: 'long enough pass' }, RESET_TEXT.invalid],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const unknown = await t.app.inject(reset('not-a-real-token-at-all', 'long enough pass'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(RESET_TEXT.invalid);
    const noEmail = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toBe('Email is required.');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
  });
});
