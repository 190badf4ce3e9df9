import { endpoints, type Endpoint } from '@rotalink/shared-api/contract';
import { EMAIL_TEXT } from '../src/modules/account/change-email';
import { RESET_TEXT } from '../src/modules/password-reset/reset-password';
import { adminToken, bearer, engines, signupMember, useTestApp, type Member } from './helpers';

/**
 * Issue 11: a NUL byte in a text field was a 500 on PostgreSQL (it refuses NUL in text) and was
 * stored on SQLite. Every string of every body, query and path is now checked first: control
 * characters → 400 naming the field, on both engines; only `about` keeps its line breaks and tabs.
 */
const validBodies = (m: Member): Record<string, Record<string, unknown>> => ({
  createWebhook: { url: 'https://93.184.216.34/hook', events: ['link.filled'] },
  login: { email: 'a@example.com', password: 'password1' },
  createApiKey: { name: 'Reporting', scopes: ['links:read'] },
  signup: { firstName: 'A', lastName: 'B', email: 'new@example.com', password: 'password1' },
  forgotPassword: { email: 'a@example.com' },
  resetPassword: { token: 'abc', password: 'password1' },
  updateProfile: { first_name: 'A', last_name: 'B', title: 't', slogan: 's', about: 'a' },
  createSubProfile: { firstName: 'A', lastName: 'B', email: 'sub@example.com', phone: '12345', password: 'password1' },
  updateSubProfile: {
    userId: m.userId,
    first_name: 'A',
    last_name: 'B',
    email: 'sub@example.com',
    phone: '12345',
    title: 't',
    slogan: 's',
    about: 'a',
    password: 'password1',
  },
  createPaymentSession: { planName: 'monthly', duration: 'monthly', amount: 144.56 },
  verifyPayment: { session_id: 'cs_test' },
  incrementClicks: { link_id: 'abc' },
  addLink: { link: 'https://example.com', max_clicks: 1, name: 'n', user_id: m.userId, click_param: 'subid' },
  resetLink: { link_id: 'abc', user_id: m.userId },
  deleteLink: { link_id: 'abc', user_id: m.userId },
  updateLink: { link_id: 'abc', user_id: m.userId, name: 'n', link: 'https://example.com', max_clicks: 2, click_param: 'subid' },
  reorderLinks: { user_id: m.userId, link_ids: ['abcdef'] },
  pauseLink: { link_id: 'abc', user_id: m.userId, paused: true },
  checkLink: { link_id: 'abc', user_id: m.userId },
  deleteSubProfile: { userId: 'abcdef' },
  updateRotatorSettings: {
    user_id: m.userId,
    mode: 'random',
    on_finish: 'backup',
    backup_url: 'https://example.com/b',
    unique_window_hours: 0,
    filter_bots: true,
  },
  changePassword: { currentPassword: 'password1', newPassword: 'password2' },
  changeEmail: { newEmail: 'new@example.com', currentPassword: 'password1' },
  confirmEmail: { token: 'abcdef' },
  // Issue 32: handles and custom domains.
  updateHandle: { user_id: m.userId, handle: 'valid-handle' },
  addDomain: { hostname: 'go.example.com' },
  // Issue 30: the conversion settings.
  updateConversionSettings: { user_id: m.userId, currency: 'USD', attribution_days: 30 },
  rotatePostbackKey: { user_id: m.userId },
  adminLogin: { username: 'admin', password: 'password1' },
  // Issue 33: the admin's second step and two-factor setup.
  adminLoginCode: { challenge: 'not-a-challenge', code: '123456' },
  enableTwoFactor: { code: '123456' },
  disableTwoFactor: { code: '123456' },
  // Issue 33: deleting the account (a wrong password: nothing is deleted).
  deleteAccount: { password: 'password1' },
  deleteUser: { user_id: m.userId },
  updateUser: {
    package_price: 1,
    package_joined_date: '2026-01-01',
    package_expiry_date: null,
    subscription_status: 'active',
    subscription_type: 'monthly',
  },
});

/** A one-time link's token is not named: a damaged link reads like any invalid one (http/link-token.ts). */
const ONE_TIME_LINK_INVALID: Record<string, string> = { resetPassword: RESET_TEXT.invalid, confirmEmail: EMAIL_TEXT.invalid };

/** The value with a control character in the middle (an email keeps its @ so only the character is wrong). */
const poisoned = (value: string, char: string) =>
  value.includes('@') ? value.replace('@', `${char}@`) : `${value.slice(0, 1)}${char}${value.slice(1)}`;

describe.each(engines)('control characters in text inputs (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let admin: string;
  beforeAll(async () => {
    m = await signupMember(t.app);
    admin = await adminToken(t);
  });
  const headersFor = (e: Endpoint) => (e.auth === 'member' ? bearer(m.token) : e.auth === 'admin' ? bearer(admin) : {});
  const urlFor = (e: Endpoint) => e.url.replace(':userId', m.userId);

  const cases = (Object.entries(endpoints) as Array<[string, Endpoint]>).filter(([, e]) => e.body);
  it.each(cases)('%s: a NUL, a bell or a line break in any text field → 400 naming it, nothing stored', async (name, e) => {
    const base = validBodies(m)[name];
    for (const [key, value] of Object.entries(base).filter(([, v]) => typeof v === 'string')) {
      for (const char of ['\u0000', '\u0007', '\u009b', ...(key === 'about' ? [] : ['\n'])]) {
        const res = await t.app.inject({
          method: e.method,
          url: urlFor(e),
          headers: headersFor(e),
          payload: { ...base, [key]: poisoned(value as string, char) },
        });
        expect({ key, char, status: res.statusCode }).toEqual({ key, char, status: 400 });
        const linkText = key === 'token' ? ONE_TIME_LINK_INVALID[name] : undefined;
        expect(res.json()).toMatchObject({
          code: 'invalid',
          error: linkText ?? expect.stringMatching(/ must not contain control characters\.$/),
        });
        if (name === 'login') expect(res.json().status).toBe('FAILED');
      }
    }
    // Nothing of it reached the database.
    const rows = await t.db.selectFrom('users').select(['first_name', 'last_name', 'email', 'title', 'slogan', 'about']).execute();
    // eslint-disable-next-line no-control-regex
    expect(rows.filter((r) => /[\u0000-\u001f]/.test(Object.values(r).join('')))).toEqual([]);
  });

  it('inside arrays too (reorder link_ids)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/links/reorder',
      headers: bearer(m.token),
      payload: { user_id: m.userId, link_ids: ['abc', 'de\u0000f'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/ must not contain control characters\.$/);
  });

  it('names the field in words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateProfile',
      headers: bearer(m.token),
      payload: { first_name: 'A\u0000', last_name: 'B' },
    });
    expect(res.json().error).toBe('First name must not contain control characters.');
  });

  it('in the query string or the path → 400 too', async () => {
    for (const url of ['/api/public/userliks?user_id=ab%00cd', `/api/admin/userslinks/ab%00cd`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
  });

  it('about keeps its line breaks and tabs (a textarea); other fields keep ordinary text', async () => {
    const about = 'Line one\nLine two\r\n\tindented — ünïcode ✓';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateProfile',
      headers: bearer(m.token),
      payload: { first_name: 'Zoë', last_name: "O'Brien", about },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/aboutProfile', headers: bearer(m.token) })).json()).toMatchObject({
      first_name: 'Zoë',
      about,
    });
  });
});
