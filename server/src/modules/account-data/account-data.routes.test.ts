import { adminToken, bearer, engines, loginMember, secondApp, signupMember, useTestApp } from '../../../test/helpers';
import { SUB_CANNOT_EXPORT_OR_DELETE } from '../../access/grants';
import { WRONG_CURRENT_PASSWORD } from '../account';
import { useSmtpSink } from '../mail/smtp-sink.test-helper';
import { fullAccount, textColumnsHolding, unzipText, type FullAccount } from './account-data.test-helper';
import { ACCOUNT_DELETED } from './delete-own-account';
import { EXPORT_TEXT, MAX_EXPORTS_PER_HOUR, takeExportSlot } from './export-budget';
import { csvCell } from '../stats';

const FILES = ['README.txt', 'profile.json', 'sub-profiles.json', 'links.csv', 'payments.csv', 'click-events.csv', 'conversions.csv'];

/** Issue 33: GET /api/account/export and POST /api/account/delete (decision 0145), through a real SMTP server. */
describe.each(engines)('a member’s own data (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);

  const exportOf = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/export', ...(token ? { headers: bearer(token) } : {}) });
  const deleteWith = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(token), payload: { password } });
  const clicksOf = async (ids: string[]) =>
    Number(
      (
        await t.db
          .selectFrom('click_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', 'in', ids)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('the export', () => {
    let a: FullAccount;
    let other: FullAccount;
    let files: Record<string, string>;

    beforeAll(async () => {
      a = await fullAccount(t.app, t.db);
      other = await fullAccount(t.app, t.db);
      const res = await exportOf(a.member.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="rotalink-export-${new Date().toISOString().slice(0, 10)}.zip"`,
      );
      files = unzipText(res.rawPayload);
    });

    it('holds every file, the profile, the sub-profile, the links, the payment, each click event and the sale', () => {
      expect(Object.keys(files).sort()).toEqual([...FILES].sort());
      const profile = JSON.parse(files['profile.json']);
      expect(profile.profile).toMatchObject({
        user_id: a.member.userId,
        email: a.member.email,
        first_name: a.names[0],
        last_name: a.names[1],
      });
      expect(profile.settings.conversions).toMatchObject({ currency: 'USD', attribution_days: 30 });
      expect(profile.api_keys).toHaveLength(1);
      expect(profile.webhooks).toEqual([expect.objectContaining({ url: 'https://hooks.example.com/in' })]);
      const subs = JSON.parse(files['sub-profiles.json']);
      expect(subs).toEqual([expect.objectContaining({ user_id: a.sub.id, email: a.sub.email, first_name: a.names[2] })]);
      expect(files['links.csv']).toContain(a.linkUrl);
      expect(files['links.csv']).toContain(a.subLinkUrl);
      const clicks = files['click-events.csv'].trim().split('\n');
      expect(clicks[0]).toBe('profile_id,time,link_name,link_url,source,verdict,device,referrer_host');
      expect(clicks).toHaveLength(1 + 3 + 2);
      // An id is a cell like any other: one that starts with '-' (1 in 64) is kept from being read as a formula.
      expect(clicks[1]).toBe(
        `${csvCell(a.member.userId)},2026-06-01T00:00:00.000Z,Main offer,${a.linkUrl},page,counted,mobile,ref.example.com`,
      );
      expect(clicks.filter((l) => l.startsWith(`${csvCell(a.sub.id)},`))).toHaveLength(2);
      expect(files['conversions.csv']).toContain(`${a.txid},approved,12.50,USD,no,,,Main offer,${a.linkUrl},page,postback`);
      expect(files['payments.csv']).toContain(`${csvCell(a.paymentId)},stripe,144.56,usd,paid`);
      expect(files['README.txt']).toContain('click-events.csv');
    });

    it('holds no secret and nothing of another member', () => {
      const all = Object.values(files).join('\n');
      for (const secret of a.secrets) expect(all).not.toContain(secret);
      expect(all).not.toMatch(/password_hash|secret_hash|secret_sealed|postback_key|"visitor"/);
      for (const theirs of [
        other.member.userId,
        other.member.email,
        other.sub.id,
        other.linkUrl,
        other.txid,
        other.paymentId,
        ...other.names,
      ]) {
        expect(all).not.toContain(theirs);
      }
    });

    it('is written to the audit log', async () => {
      const rows = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'member.account-exported')
        .where('actor_id', '=', a.member.userId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ target_id: a.member.userId, changes: null });
    });

    it('needs a token; a sub-profile’s own session is refused (the export is its member’s)', async () => {
      const none = await exportOf();
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toBe('Token is missing');
      const sub = await exportOf(a.sub.token);
      expect(sub.statusCode).toBe(403);
      expect(sub.json()).toMatchObject({ error: SUB_CANNOT_EXPORT_OR_DELETE, code: 'forbidden' });
      const admin = await exportOf(await adminToken(t));
      expect(admin.statusCode).toBe(403);
    });

    it(`at most ${MAX_EXPORTS_PER_HOUR} an hour per account (429 with Retry-After)`, async () => {
      const m = await signupMember(t.app);
      for (let i = 0; i < MAX_EXPORTS_PER_HOUR; i++) expect((await exportOf(m.token)).statusCode).toBe(200);
      const over = await exportOf(m.token);
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toBe(EXPORT_TEXT.tooMany);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
      // Another account's budget is its own.
      expect((await exportOf(other.member.token)).statusCode).toBe(200);
    });
    it('one at a time per account on a node: a second while one streams is 429, then it goes', async () => {
      const m = await signupMember(t.app);
      // As an export still streaming to a slow client holds it.
      const release = await takeExportSlot(t.db, m.userId);
      const busy = await exportOf(m.token);
      expect(busy.statusCode).toBe(429);
      expect(busy.json().error).toBe(EXPORT_TEXT.busy);
      release();
      expect((await exportOf(m.token)).statusCode).toBe(200);
    });
  });

  describe('the deletion', () => {
    it('a wrong password is refused and deletes nothing', async () => {
      const a = await fullAccount(t.app, t.db);
      const res = await deleteWith(a.member.token, 'not my password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: WRONG_CURRENT_PASSWORD, code: 'invalid' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(a.member.token) })).statusCode).toBe(200);
      expect(await clicksOf([a.member.userId, a.sub.id])).toBe(5);
      expect(await textColumnsHolding(t.db, engine, [a.member.email])).toContain(`users.email holds ${a.member.email}`);
    });

    it('a sub-profile’s own session cannot delete the account', async () => {
      const a = await fullAccount(t.app, t.db);
      const res = await deleteWith(a.sub.token, 'sub-profile password');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(SUB_CANNOT_EXPORT_OR_DELETE);
    });

    it('with the password: nothing of the person is left in any table, payments stay without them, the mail goes out, every token ends', async () => {
      const a = await fullAccount(t.app, t.db);
      const bystander = await fullAccount(t.app, t.db);
      const node2 = await secondApp(t);
      try {
        // Read (and so cached) before the deletion.
        const publicPage = (id: string) => t.app.inject({ method: 'GET', url: `/api/public/publicProfile?user_id=${id}` });
        expect((await publicPage(a.member.userId)).statusCode).toBe(200);
        const seen = smtp.sink.mails.length;
        const res = await deleteWith(a.member.token, a.member.password);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'SUCCESS', message: ACCOUNT_DELETED });

        const mail = await smtp.sink.waitForMail(seen, 10_000, (x) => x.subject === 'Your Rotalink account was deleted');
        expect(mail.envelopeTo).toEqual([a.member.email]);
        expect(mail.text).toContain(`Hello ${a.names[0]},`);
        expect(mail.text).toContain('We keep only the payment records');

        // Every token of the member and of the sub-profile, on either node.
        for (const app of [t.app, node2.app]) {
          for (const token of [a.member.token, a.sub.token]) {
            const again = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
            expect(again.statusCode).toBe(401);
            expect(again.json().code).toBe('session-ended');
          }
        }

        // The outbox has sent the mail and emptied its payload before the search.
        const sent = await t.db.selectFrom('outbox').selectAll().where('status', '=', 'sent').where('user_id', 'is', null).execute();
        expect(sent.some((r) => r.payload === '' || r.payload === null)).toBe(true);
        const left = await textColumnsHolding(t.db, engine, [a.member.email, a.sub.email, ...a.names, a.linkUrl, a.subLinkUrl, a.txid]);
        expect(left).toEqual([]);
        expect(await clicksOf([a.member.userId, a.sub.id])).toBe(0);

        const payment = await t.db.selectFrom('payments').selectAll().where('id', '=', a.paymentId).executeTakeFirstOrThrow();
        expect(payment).toMatchObject({ user_id: null, amount_cents: 14456, currency: 'usd', status: 'paid', provider: 'stripe' });
        expect(payment.paid_at).not.toBeNull();

        const audit = await t.db
          .selectFrom('audit_events')
          .selectAll()
          .where('action', '=', 'member.account-deleted')
          .where('target_id', '=', a.member.userId)
          .execute();
        expect(audit).toHaveLength(1);
        expect(JSON.parse(audit[0].changes as string)).toEqual({ kind: ['member', null], subscription_status: ['active', null] });

        // The public pages are gone too (the public answer cache hears of the deletion).
        for (const id of [a.member.userId, a.sub.id]) {
          expect((await publicPage(id)).statusCode).toBe(404);
        }

        // Another account is untouched.
        expect(await clicksOf([bystander.member.userId, bystander.sub.id])).toBe(5);
        expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(bystander.member.token) })).statusCode).toBe(
          200,
        );

        // Signing in is refused; the address signs up again, afresh.
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.member.email, password: a.member.password } }))
            .statusCode,
        ).toBe(401);
        const again = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { firstName: 'New', lastName: 'Start', email: a.member.email, password: 'a new password' },
        });
        expect(again.statusCode).toBe(201);
        const token = await loginMember(t.app, a.member.email, 'a new password');
        const fresh = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) })).json();
        expect(fresh.user_id).not.toBe(a.member.userId);
        expect(fresh.subscription_status).toBe('inactive');
        const exported = unzipText((await exportOf(token)).rawPayload);
        expect(JSON.parse(exported['sub-profiles.json'])).toEqual([]);
        expect(exported['payments.csv'].trim().split('\n')).toHaveLength(1);
      } finally {
        await node2.close();
      }
    });
  });

  describe('with the sign-in budgets on', () => {
    const limited = useTestApp(engine, { RATE_LIMIT_LOGIN_PER_MIN: '3' });
    it('wrong passwords count against them: then even the right one waits (429)', async () => {
      const m = await signupMember(limited.app);
      const del = (password: string) =>
        limited.app.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(m.token), payload: { password } });
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await del(`wrong ${i}`)).statusCode);
      expect(answers).toEqual([400, 400, 400, 429]);
      const right = await del(m.password);
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBeDefined();
      expect((await limited.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).statusCode).toBe(200);
    });
  });
});
