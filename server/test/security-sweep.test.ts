import { SignJWT } from 'jose';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../src/modules/mail/smtp-sink.test-helper';
import { activate, adminToken, bearer, engines, signupMember, useTestApp } from './helpers';

/**
 * Issue 33's security sweep, one block per finding, each on both engines: a sub-profile's email is
 * not reserved before it is confirmed; the sign-in budgets' 429 carry Retry-After; text-direction
 * overrides and lone surrogates are refused alike; personal answers are `private, no-store`; a
 * token "issued" in the future is refused.
 */
const LINK = /http:\/\/localhost:3000\/confirm-email\?token=([A-Za-z0-9_-]+)/;
const key = (secret: string) => new TextEncoder().encode(secret);

describe.each(engines)('security sweep (%s)', (engine) => {
  let sink: SmtpSink;
  const env: Record<string, string> = {
    RATE_LIMIT_LOGIN_PER_MIN: '3',
    RATE_LIMIT_LOGIN_IP_PER_MIN: '100',
    RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR: '100',
  };
  beforeAll(async () => {
    sink = await startSmtpSink();
    env.SMTP_URL = sink.url;
  });
  afterAll(() => sink.close());
  const t = useTestApp(engine, env);
  let ipSeq = 0;
  const ip = () => `10.33.${engine === 'sqlite' ? 1 : 2}.${++ipSeq}`;

  describe('a sub-profile email is reserved only once its owner confirms it', () => {
    const isFor = (to: string) => (mail: ReceivedMail) => mail.envelopeTo.includes(to) && mail.subject.includes('Rotalink profile');
    const createSub = (token: string, email: string, password = 'sub-password-1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(token),
        payload: { firstName: 'Squat', lastName: 'Ter', phone: '12345', email, password },
      });
    const signup = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'Real', lastName: 'Owner', email, password: 'owner-password-1' },
      });

    it('the real owner of an address put on someone else’s sub-profile can still sign up with it', async () => {
      const m = await signupMember(t.app);
      const victim = `victim-${Date.now()}-${engine}@example.com`;
      const seen = sink.mails.length;
      const created = await createSub(m.token, victim);
      expect(created.statusCode).toBe(201);
      // The address hears of it, with a link to confirm.
      const mail = await sink.waitForMail(seen, undefined, isFor(victim));
      expect(mail.text).toContain('Ada Lovelace gave this address to a profile on Rotalink');
      expect(LINK.test(mail.text)).toBe(true);
      // No password reset goes to an unconfirmed address.
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: victim } });
      await t.app.outbox.settled();
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.mails.slice(seen).filter((x) => x.envelopeTo.includes(victim) && /reset/i.test(x.subject))).toEqual([]);

      const res = await signup(victim);
      expect(res.statusCode).toBe(201);
      // The sub-profile lost the address, and its confirmation link no longer works.
      const sub = await t.db
        .selectFrom('users')
        .select(['email', 'email_pending_since'])
        .where('id', '=', created.json().user_id)
        .executeTakeFirstOrThrow();
      expect(sub).toEqual({ email: null, email_pending_since: null });
      const token = LINK.exec(mail.text)?.[1] as string;
      const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      expect(confirm.statusCode).toBe(400);
    });

    it('once the link is opened, the address is the sub-profile’s: a sign-up with it is refused', async () => {
      const m = await signupMember(t.app);
      const owned = `owned-${Date.now()}-${engine}@example.com`;
      const seen = sink.mails.length;
      expect((await createSub(m.token, owned)).statusCode).toBe(201);
      const mail = await sink.waitForMail(seen, undefined, isFor(owned));
      const token = LINK.exec(mail.text)?.[1] as string;
      const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      expect(confirm.statusCode).toBe(200);
      const res = await signup(owned);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Email is already registered');
    });
  });

  describe('429 answers of the sign-in budgets say when to come back', () => {
    it('sign-in, admin sign-in and change-password carry Retry-After (seconds, within the minute window)', async () => {
      const m = await signupMember(t.app);
      const from = ip();
      const login = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: 'wrong-one' }, remoteAddress: from });
      for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401);
      const blocked = await login();
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);

      const adminFrom = ip();
      const admin = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/adminlogin',
          payload: { username: 'admin', password: 'wrong' },
          remoteAddress: adminFrom,
        });
      for (let i = 0; i < 3; i++) expect((await admin()).statusCode).toBe(401);
      const adminBlocked = await admin();
      expect(adminBlocked.statusCode).toBe(429);
      expect(Number(adminBlocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      const other = await signupMember(t.app);
      const change = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(other.token),
          payload: { currentPassword: 'not-it', newPassword: 'brand-new-password' },
          remoteAddress: from,
        });
      for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(400);
      const changeBlocked = await change();
      expect(changeBlocked.statusCode).toBe(429);
      expect(Number(changeBlocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  });

  describe('text that displays other than it reads is refused, the same on both engines', () => {
    const RLO = 'Free gift\u202Eexe.pdf';
    const LONE = 'Title \uD83D alone';

    it('a link name with a bidi override or a lone surrogate: 400 naming the field; nothing stored', async () => {
      const m = await signupMember(t.app);
      await activate(t.db, m.userId);
      for (const name of [RLO, 'Isolate \u2066x\u2069', LONE]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/links/linkadd',
          headers: bearer(m.token),
          payload: { user_id: m.userId, link: 'https://example.com/a', max_clicks: 5, name },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('Name must not contain text-direction override characters or broken characters.');
      }
      expect(await t.db.selectFrom('links').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);
      // An emoji (a surrogate PAIR) and right-to-left text are fine.
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { user_id: m.userId, link: 'https://example.com/a', max_clicks: 5, name: 'Offer 🎁 עברית' },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().link.name).toBe('Offer 🎁 עברית');
    });

    it('profile texts too', async () => {
      const m = await signupMember(t.app);
      const update = (over: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/updateProfile',
          headers: bearer(m.token),
          payload: { first_name: 'Ada', last_name: 'Lovelace', title: 't', slogan: 's', about: 'a', ...over },
        });
      expect((await update({ title: LONE })).json().error).toBe(
        'Title must not contain text-direction override characters or broken characters.',
      );
      expect((await update({ about: `About\n${RLO}` })).json().error).toBe(
        'About must not contain text-direction override characters or broken characters.',
      );
      expect((await update({ slogan: RLO })).statusCode).toBe(400);
      const profile = await t.app.inject({ method: 'GET', url: '/api/auth/aboutProfile', headers: bearer(m.token) });
      expect(profile.json().title).toBe('');
    });
  });

  describe('personal answers are kept by no cache', () => {
    it('GET profile, the admin’s user details and allusers answer Cache-Control: private, no-store', async () => {
      const m = await signupMember(t.app);
      const admin = await adminToken(t);
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) }),
        t.app.inject({ method: 'GET', url: `/api/admin/users/${m.userId}`, headers: bearer(admin) }),
        t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(admin) }),
        t.app.inject({ method: 'GET', url: '/api/admin/allusers?page=1', headers: bearer(admin) }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      // The public visitor page stays cacheable (revalidated).
      const pub = await t.app.inject({ method: 'GET', url: `/api/public/publicProfile?user_id=${m.userId}` });
      expect(pub.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('a token issued in the future', () => {
    const forge = (sub: string, iat: number) =>
      new SignJWT({ kind: 'member' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(Math.floor(iat) + 3600 * 48)
        .sign(key(t.config.jwtSecret));

    it('is refused beyond a small clock skew, so it cannot outlive a password change', async () => {
      const m = await signupMember(t.app);
      const now = Date.now() / 1000;
      const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
      const future = await profile(await forge(m.userId, now + 3600));
      expect(future.statusCode).toBe(401);
      expect(future.json().error).toBe('Unauthorized: invalid signature');
      // A node whose clock runs a few seconds ahead still signs usable tokens.
      expect((await profile(await forge(m.userId, now + 5))).statusCode).toBe(200);
    });
  });
});
