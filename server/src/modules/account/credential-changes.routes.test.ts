import { bearer, engines, loginMember, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { useSmtpSink, type ReceivedMail } from '../mail/smtp-sink.test-helper';
import { RESET_TEXT } from '../password-reset/reset-password';
import { EMAIL_TEXT } from './change-email';

const CONFIRM_LINK = /\/confirm-email\?token=([A-Za-z0-9_-]+)/;
const RESET_LINK = /\/resetpassword\?token=([A-Za-z0-9_-]+)/;

/**
 * Found by an exploratory test: someone who knows a member's password (a session left open, a
 * leaked password) asks for an email change to an address they read. The member notices and
 * changes or resets the password — and the pending change must die with the old password, or the
 * attacker confirms it, resets the password at their address and owns the account. Likewise a
 * reset link mailed to an address the account has left, or sent before a new password, is void.
 */
describe.each(engines)('a new password or a new address voids the links sent before (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);
  let m: Member;
  let n = 0;
  const attackerAddress = () => `attacker-${++n}-${Date.now()}@example.com`;
  beforeEach(async () => {
    m = await signupMember(t.app);
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
  const mailTo = (to: string, subject: string) => (mail: ReceivedMail) => mail.envelopeTo.includes(to) && mail.subject === subject;

  async function emailChangeToken(newEmail: string): Promise<string> {
    const seen = smtp.sink.mails.length;
    expect((await post('/api/auth/change-email', { newEmail, currentPassword: m.password }, m.token)).statusCode).toBe(200);
    const mail = await smtp.sink.waitForMail(seen, undefined, mailTo(newEmail, 'Confirm your new Rotalink email address'));
    return CONFIRM_LINK.exec(mail.text)![1];
  }
  async function resetToken(email: string): Promise<string> {
    const seen = smtp.sink.mails.length;
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const mail = await smtp.sink.waitForMail(seen, undefined, mailTo(email, 'Reset your Rotalink password'));
    return RESET_LINK.exec(mail.text)![1];
  }
  const emailOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) })).json().email;
  const expectInvalidConfirm = async (token: string) => {
    const res = await post('/api/auth/confirm-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(EMAIL_TEXT.invalid);
  };

  it('the current address is told at once when a change is asked for, with what stops it', async () => {
    const attacker = attackerAddress();
    const seen = smtp.sink.mails.length;
    await emailChangeToken(attacker);
    const notice = await smtp.sink.waitForMail(seen, undefined, mailTo(m.email, 'A change of your Rotalink email address was asked for'));
    expect(notice.text).toContain(`asked to change its email address to ${attacker}`);
    expect(notice.text).toContain('change your password now');
    expect(await emailOf(m.token)).toBe(m.email);
  });

  it('a password change voids a pending email change and the reset links mailed before', async () => {
    const confirmToken = await emailChangeToken(attackerAddress());
    const oldReset = await resetToken(m.email);
    const changed = await post('/api/auth/change-password', { currentPassword: m.password, newPassword: 'a-new-password-1' }, m.token);
    expect(changed.statusCode).toBe(200);
    const token = changed.json().token as string;

    await expectInvalidConfirm(confirmToken);
    const reset = await post('/api/auth/reset-password', { token: oldReset, password: 'attacker-password-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toBe(RESET_TEXT.invalid);
    expect(await emailOf(token)).toBe(m.email);
    await loginMember(t.app, m.email, 'a-new-password-1');
  });

  it('a password reset voids a pending email change', async () => {
    const confirmToken = await emailChangeToken(attackerAddress());
    const reset = await post('/api/auth/reset-password', { token: await resetToken(m.email), password: 'a-new-password-2' });
    expect(reset.statusCode).toBe(200);
    await expectInvalidConfirm(confirmToken);
    const token = await loginMember(t.app, m.email, 'a-new-password-2');
    expect(await emailOf(token)).toBe(m.email);
  });

  it('moving the account to a new address voids the reset links mailed to the old one', async () => {
    const oldReset = await resetToken(m.email);
    const newEmail = `moved-${++n}-${Date.now()}@example.com`;
    expect((await post('/api/auth/confirm-email', { token: await emailChangeToken(newEmail) })).statusCode).toBe(200);
    const reset = await post('/api/auth/reset-password', { token: oldReset, password: 'old-inbox-password-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toBe(RESET_TEXT.invalid);
    await loginMember(t.app, newEmail, m.password);
  });

  describe('sub-profiles (found by a security test)', () => {
    const subEmail = () => `sub-${++n}-${Date.now()}@example.com`;
    async function subProfile(email: string, password: string): Promise<string> {
      const res = await post('/api/auth/subprofile', { firstName: 'Sub', lastName: 'Profile', email, phone: '12345', password }, m.token);
      expect(res.statusCode).toBe(201);
      return res.json().user_id as string;
    }
    const update = (token: string, body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/updatesubprofile', headers: bearer(token), payload: body });
    /** Issue 33: a sub-profile's address takes reset mail only once the link mailed to it is opened. */
    async function confirmSub(email: string): Promise<void> {
      const mail = await smtp.sink.waitForMail(0, undefined, mailTo(email, 'Confirm your email address for a Rotalink profile'));
      expect((await post('/api/auth/confirm-email', { token: CONFIRM_LINK.exec(mail.text)![1] })).statusCode).toBe(200);
    }

    it('a member moving a sub-profile to a new address, or giving it a new password, voids the reset links sent before', async () => {
      const old = subEmail();
      const id = await subProfile(old, 'sub-password-1');
      await confirmSub(old);
      const first = await resetToken(old);
      const moved = subEmail();
      const fields = { userId: id, first_name: 'Sub', last_name: 'Profile', phone: '12345' };
      expect((await update(m.token, { ...fields, email: moved })).statusCode).toBe(200);
      expect((await post('/api/auth/reset-password', { token: first, password: 'old-inbox-password-1' })).statusCode).toBe(400);
      await confirmSub(moved);

      const second = await resetToken(moved);
      expect((await update(m.token, { ...fields, email: moved, password: 'member-set-password-1' })).statusCode).toBe(200);
      const reset = await post('/api/auth/reset-password', { token: second, password: 'someone-else-1' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toBe(RESET_TEXT.invalid);
      await loginMember(t.app, moved, 'member-set-password-1');
    });

    it('a sub-profile’s own session cannot move its sign-in to another address or password (403), but may keep them', async () => {
      const email = subEmail();
      const id = await subProfile(email, 'sub-password-2');
      const own = await loginMember(t.app, email, 'sub-password-2');
      const fields = { userId: id, first_name: 'Sub', last_name: 'Renamed', phone: '12345' };
      for (const change of [{ email: attackerAddress() }, { email, password: 'attacker-password-2' }]) {
        const res = await update(own, { ...fields, ...change });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe("Only the member can change a sub-profile's email or password.");
      }
      expect((await update(own, { ...fields, email: email.toUpperCase() })).statusCode).toBe(200);
      await loginMember(t.app, email, 'sub-password-2');
    });
  });
});
