import { sql } from 'kysely';
import { recordAudit } from './record-audit';
import { useSmtpSink } from '../mail/smtp-sink.test-helper';
import { adminToken, bearer, engines, signupMember, useTestApp } from '../../../test/helpers';

const RESET_LINK = /\/resetpassword\?token=([A-Za-z0-9_-]+)/;
const CONFIRM_LINK = /\/confirm-email\?token=([A-Za-z0-9_-]+)/;

/**
 * Issue 33: every admin action and member security event writes exactly one audit row in its own
 * transaction (an action that fails writes none); the log is append-only; the Activity page and a
 * member's security events read it.
 */
describe.each(engines)('audit log (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);

  const rows = () => t.db.selectFrom('audit_events').selectAll().orderBy('at').orderBy('id').execute();
  /** Runs `act` and returns the audit rows it added. */
  async function added(act: () => Promise<unknown>) {
    const before = new Set((await rows()).map((r) => r.id));
    await act();
    return (await rows()).filter((r) => !before.has(r.id));
  }
  const post = (url: string, payload: object, token?: string, ip = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, ...(token ? { headers: bearer(token) } : {}) });

  it('admin sign-in and failed sign-in: one row each, the IP as a keyed hash, nothing typed kept', async () => {
    const ok = await added(() => post('/api/admin/adminlogin', { username: 'admin', password: t.config.adminPassword }));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ action: 'admin.sign-in', actor_kind: 'admin' });
    expect(ok[0].ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(ok[0])).not.toContain('203.0.113.9');

    const bad = await added(() => post('/api/admin/adminlogin', { username: 'admin', password: 'my-real-password-typo' }));
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({
      action: 'admin.sign-in-failed',
      actor_kind: 'anonymous',
      target_id: ok[0].actor_id,
      ip_hash: ok[0].ip_hash,
    });
    expect(JSON.stringify(bad[0])).not.toContain('my-real-password-typo');
    // Another address: another hash.
    const other = await added(() => post('/api/admin/adminlogin', { username: 'nobody', password: 'x' }, undefined, '198.51.100.4'));
    expect(other[0].target_id).toBeNull();
    expect(other[0].ip_hash).not.toBe(ok[0].ip_hash);
  });

  it('membership edited: one row with the fields before and after; a refused edit writes none', async () => {
    const admin = await adminToken(t);
    const m = await signupMember(t.app);
    const body = {
      package_price: 144.56,
      package_joined_date: '2026-01-01 00:00:00',
      package_expiry_date: null,
      subscription_status: 'active',
      subscription_type: 'yearly',
    };
    const edit = await added(() => post(`/api/admin/updateUser/${m.userId}`, body, admin));
    expect(edit).toHaveLength(1);
    expect(edit[0]).toMatchObject({ action: 'admin.membership-edited', actor_kind: 'admin', target_id: m.userId });
    expect(JSON.parse(edit[0].changes as string)).toEqual({
      package_price_cents: [null, 14456],
      package_joined_date: [null, '2026-01-01T00:00:00.000Z'],
      subscription_status: ['inactive', 'active'],
      subscription_type: [null, 'yearly'],
    });
    const refused = await added(async () => {
      const res = await post(`/api/admin/updateUser/${m.userId}`, { ...body, package_expiry_date: '2025-01-01 00:00:00' }, admin);
      expect(res.statusCode).toBe(400);
    });
    expect(refused).toEqual([]);
  });

  it('user deleted: one row that keeps no email; an unknown user writes none', async () => {
    const admin = await adminToken(t);
    const m = await signupMember(t.app);
    const del = await added(() => post('/api/admin/userdelete', { user_id: m.userId }, admin));
    expect(del).toHaveLength(1);
    expect(del[0]).toMatchObject({ action: 'admin.user-deleted', target_id: m.userId });
    expect(JSON.parse(del[0].changes as string)).toEqual({ kind: ['member', null], subscription_status: ['inactive', null] });
    expect(JSON.stringify(del[0])).not.toContain(m.email);
    const none = await added(async () => expect((await post('/api/admin/userdelete', { user_id: m.userId }, admin)).statusCode).toBe(404));
    expect(none).toEqual([]);
  });

  it('password changed: one row; a wrong current password writes none', async () => {
    const m = await signupMember(t.app);
    const wrong = await added(() =>
      post('/api/auth/change-password', { currentPassword: 'not-it', newPassword: 'brand-new-pass-1' }, m.token),
    );
    expect(wrong).toEqual([]);
    const ok = await added(() =>
      post('/api/auth/change-password', { currentPassword: m.password, newPassword: 'brand-new-pass-1' }, m.token),
    );
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({
      action: 'member.password-changed',
      actor_kind: 'member',
      actor_id: m.userId,
      target_id: m.userId,
      changes: null,
    });
    expect(JSON.stringify(ok[0])).not.toContain('brand-new-pass-1');
  });

  it('password reset sent and password reset: one row each; a used link writes none', async () => {
    const m = await signupMember(t.app);
    const seen = smtp.sink.mails.length;
    let token = '';
    const sent = await added(async () => {
      await post('/api/auth/forgot-password', { email: m.email });
      const mail = await smtp.sink.waitForMail(seen, undefined, (x) => x.envelopeTo.includes(m.email) && /reset/i.test(x.subject));
      token = RESET_LINK.exec(mail.text)![1];
    });
    expect(sent.map((r) => [r.action, r.target_id])).toEqual([['member.password-reset-sent', m.userId]]);
    const reset = await added(() => post('/api/auth/reset-password', { token, password: 'after-reset-pass-1' }));
    expect(reset.map((r) => [r.action, r.actor_id, r.target_id])).toEqual([['member.password-reset', m.userId, m.userId]]);
    const again = await added(async () =>
      expect((await post('/api/auth/reset-password', { token, password: 'again-pass-1' })).statusCode).toBe(400),
    );
    expect(again).toEqual([]);
  });

  it('email changed: one row when the link is opened, the addresses masked', async () => {
    const m = await signupMember(t.app);
    const newEmail = `moved-${Date.now()}-${engine}@example.org`;
    const seen = smtp.sink.mails.length;
    const asked = await added(() => post('/api/auth/change-email', { newEmail, currentPassword: m.password }, m.token));
    expect(asked).toEqual([]);
    const mail = await smtp.sink.waitForMail(seen, undefined, (x) => x.envelopeTo.includes(newEmail));
    const done = await added(() => post('/api/auth/confirm-email', { token: CONFIRM_LINK.exec(mail.text)![1] }));
    expect(done).toHaveLength(1);
    expect(done[0].action).toBe('member.email-changed');
    expect(JSON.parse(done[0].changes as string)).toEqual({ email: [`m***@example.com`, 'm***@example.org'] });
    expect(JSON.stringify(done[0])).not.toContain(newEmail);
  });

  it('API key created and revoked: one row each, never the key text; a second revoke writes none', async () => {
    const m = await signupMember(t.app);
    let secret = '';
    let keyId = '';
    const created = await added(async () => {
      const res = await post('/api/account/api-keys', { name: 'Reporting script', scopes: ['stats:read'] }, m.token);
      expect(res.statusCode).toBe(201);
      ({ secret } = res.json());
      keyId = res.json().key.id;
    });
    expect(created.map((r) => [r.action, r.actor_id, r.target_id])).toEqual([['member.api-key-created', m.userId, m.userId]]);
    expect(JSON.stringify(created[0])).not.toContain(secret);
    expect(JSON.stringify(created[0])).toContain('Reporting script');
    const del = (token = m.token) => t.app.inject({ method: 'POST', url: `/api/account/api-keys/${keyId}/revoke`, headers: bearer(token) });
    const revoked = await added(async () => expect((await del()).statusCode).toBe(200));
    expect(revoked.map((r) => [r.action, r.target_id])).toEqual([['member.api-key-revoked', m.userId]]);
    expect(await added(async () => expect((await del()).statusCode).toBe(200))).toEqual([]);
    const other = await signupMember(t.app);
    expect(await added(async () => expect((await del(other.token)).statusCode).toBe(404))).toEqual([]);
  });

  it('is append-only on the engine itself: UPDATE and DELETE are refused', async () => {
    await recordAudit(t.db, { action: 'admin.sign-in', actor: { kind: 'admin', id: 'someone' } });
    const before = (await rows()).length;
    expect(before).toBeGreaterThan(0);
    // The message, not toThrow: better-sqlite3's errors may come from another realm (bulk-reads.test).
    const refused = { message: expect.stringMatching(/append-only/) };
    await expect(sql`UPDATE audit_events SET action = 'admin.sign-in-failed'`.execute(t.db)).rejects.toMatchObject(refused);
    await expect(sql`DELETE FROM audit_events`.execute(t.db)).rejects.toMatchObject(refused);
    expect(await rows()).toHaveLength(before);
  });

  it('the Activity call filters by actor, target, action and date, pages on the server, and is the admin’s only', async () => {
    const admin = await adminToken(t);
    const m = await signupMember(t.app);
    for (const status of ['active', 'inactive', 'active']) {
      const body = {
        package_price: 1,
        package_joined_date: null,
        package_expiry_date: null,
        subscription_status: status,
        subscription_type: 'monthly',
      };
      expect((await post(`/api/admin/updateUser/${m.userId}`, body, admin)).statusCode).toBe(200);
    }
    const get = (query: string, token = admin) =>
      t.app.inject({ method: 'GET', url: `/api/admin/activity${query}`, headers: bearer(token) });
    const byTarget = await get(`?target=${encodeURIComponent(m.email)}&pageSize=2`);
    expect(byTarget.statusCode).toBe(200);
    expect(byTarget.headers['cache-control']).toBe('private, no-store');
    const page1 = byTarget.json();
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.events).toHaveLength(2);
    expect(page1.events[0]).toMatchObject({ action: 'admin.membership-edited', actor_label: 'admin', target_label: m.email });
    // Newest first: the last edit set 'active' from 'inactive'.
    expect(page1.events[0].changes.subscription_status).toEqual(['inactive', 'active']);
    const page2 = (await get(`?target=${encodeURIComponent(m.email)}&pageSize=2&page=2`)).json();
    expect(page2.events).toHaveLength(1);
    expect(page2.events[0].changes.subscription_status).toEqual(['inactive', 'active']);

    const byActor = (await get('?actor=admin&action=admin.membership-edited')).json();
    expect(byActor.events.every((e: { actor_label: string }) => e.actor_label === 'admin')).toBe(true);
    expect(byActor.total).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`?target=${m.userId}&from=${today}&to=${today}`)).json().total).toBe(3);
    expect((await get(`?target=${m.userId}&to=2000-01-01`)).json().total).toBe(0);
    expect((await get('?action=nonsense')).statusCode).toBe(400);
    expect((await get('', m.token)).statusCode).toBe(403);
  });

  it('a member sees their own security events, and nobody else’s', async () => {
    const m = await signupMember(t.app);
    const other = await signupMember(t.app);
    await post('/api/auth/change-password', { currentPassword: m.password, newPassword: 'brand-new-pass-2' }, m.token);
    await post('/api/auth/change-password', { currentPassword: other.password, newPassword: 'brand-new-pass-3' }, other.token);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/security-events', headers: bearer(other.token) });
    // other's token was issued before its own password change: sign in again.
    expect(res.statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: m.email, password: 'brand-new-pass-2' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/auth/security-events', headers: bearer(login.json().token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().events.map((e: { action: string; target_id: string }) => [e.action, e.target_id])).toEqual([
      ['member.password-changed', m.userId],
    ]);
  });
});
