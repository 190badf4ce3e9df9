import { ERROR_CODES, endpoints, type Endpoint } from '@rotalink/shared-api/contract';
import type { TObject, TSchema } from '@sinclair/typebox';
import { adminToken, bearer, engines, signupMember, useTestApp, type Member } from './helpers';

/**
 * Bad input on every route of the contract (table-driven over `endpoints`): malformed JSON,
 * wrong types, huge strings, missing fields → a 4xx with a clear `{ error, message }`, never 5xx.
 */
const validBodies = (m: Member): Record<string, Record<string, unknown>> => ({
  login: { email: 'a@example.com', password: 'password1' },
  createApiKey: { name: 'Reporting', scopes: ['links:read'] },
  // Issue 31: an IP literal, so no DNS is asked; each case stops at the schema's 400 before the address check.
  createWebhook: { url: 'https://93.184.216.34/hook', events: ['link.filled'] },
  signup: { firstName: 'A', lastName: 'B', email: 'new@example.com', password: 'password1' },
  forgotPassword: { email: 'a@example.com' },
  resetPassword: { token: 'abc', password: 'password1' },
  updateProfile: { first_name: 'A', last_name: 'B', title: 't', slogan: 's', about: 'a' },
  createSubProfile: { firstName: 'A', lastName: 'B', email: '', phone: '12345', password: '' },
  updateSubProfile: {
    userId: m.userId,
    first_name: 'A',
    last_name: 'B',
    email: '',
    phone: '12345',
    title: '',
    slogan: '',
    about: '',
    password: '',
  },
  createPaymentSession: { planName: 'monthly', duration: 'monthly', amount: 144.56 },
  verifyPayment: { session_id: 'cs_test' },
  incrementClicks: { link_id: 'abc' },
  addLink: { link: 'https://example.com', max_clicks: 1, name: 'n', user_id: m.userId, click_param: 'subid' },
  resetLink: { link_id: 'abc', user_id: m.userId },
  deleteLink: { link_id: 'abc', user_id: m.userId },
  updateLink: { link_id: 'abc', user_id: m.userId, name: 'n', link: 'https://example.com', max_clicks: 2, click_param: 'subid' },
  reorderLinks: { user_id: m.userId, link_ids: [] },
  pauseLink: { link_id: 'abc', user_id: m.userId, paused: true },
  checkLink: { link_id: 'abc', user_id: m.userId },
  deleteSubProfile: { userId: 'abc' },
  changePassword: { currentPassword: 'password1', newPassword: 'password2' },
  changeEmail: { newEmail: 'new@example.com', currentPassword: 'password1' },
  confirmEmail: { token: 'abc' },
  updateRotatorSettings: {
    user_id: m.userId,
    mode: 'random',
    on_finish: 'page',
    backup_url: null,
    unique_window_hours: 0,
    filter_bots: true,
  },
  updateConversionSettings: { user_id: m.userId, currency: 'EUR', attribution_days: 30, notify_first_conversion: false },
  rotatePostbackKey: { user_id: m.userId },
  // Issue 32: handles and custom domains.
  updateHandle: { user_id: m.userId, handle: 'valid-handle' },
  addDomain: { hostname: 'go.example.com' },
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
    package_joined_date: null,
    package_expiry_date: null,
    subscription_status: 'active',
    subscription_type: 'monthly',
  },
});

const list = Object.entries(endpoints) as Array<[string, Endpoint]>;
const withBody = list.filter(([, e]) => e.body);
// The calls whose query names a user (a paged list's query is all optional: sub-profiles.routes.test.ts).
const withQuery = list.filter(([, e]) => (e.querystring as TObject | undefined)?.required?.includes('user_id'));
const withParams = list.filter(([, e]) => e.params);

/** A value of the wrong JSON type for a property schema. */
function wrongType(schema: TSchema): unknown {
  const types = new Set<string>();
  const walk = (s: TSchema) =>
    s.anyOf ? (s.anyOf as TSchema[]).forEach(walk) : types.add(s.type ?? (s.const !== undefined ? typeof s.const : 'string'));
  walk(schema);
  return types.has('number') || types.has('integer') ? 'not a number' : { nested: ['object'] };
}

describe.each(engines)('bad input on every route (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let admin: string;
  beforeAll(async () => {
    m = await signupMember(t.app);
    admin = await adminToken(t);
  });

  const headersFor = (e: Endpoint) =>
    e.auth === 'member' || e.auth === 'signed-in' ? bearer(m.token) : e.auth === 'admin' ? bearer(admin) : {};
  const urlFor = (e: Endpoint) => e.url.replace(':userId', m.userId);
  const expectClear4xx = (res: { statusCode: number; json: () => { error: unknown; message: unknown } }) => {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(typeof body.error).toBe('string');
    expect((body.error as string).length).toBeGreaterThan(5);
    expect(body.message).toBe(body.error);
    // A body without a stable code would leave clients comparing texts (issue 10).
    expect(ERROR_CODES).toContain((body as { code?: unknown }).code);
    expect(body.error).not.toMatch(/ajv|schema|instancePath|\bat \w+ \(/i);
  };

  it.each(withBody.map(([name, e]) => [name, e] as const))('%s: malformed JSON → 400', async (_name, e) => {
    const res = await t.app.inject({
      method: e.method,
      url: urlFor(e),
      headers: { ...headersFor(e), 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expectClear4xx(res);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The request body is not valid JSON.');
  });

  it.each(withBody.map(([name, e]) => [name, e] as const))('%s: empty object, array, or no body → 400 naming a field', async (_name, e) => {
    for (const payload of ['{}', '[]', '"just a string"', 'null', '42']) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e),
        headers: { ...headersFor(e), 'content-type': 'application/json' },
        payload,
      });
      expectClear4xx(res);
      expect(res.statusCode).toBe(400);
    }
    const empty = await t.app.inject({ method: e.method, url: urlFor(e), headers: headersFor(e) });
    expectClear4xx(empty);
    const missing = await t.app.inject({ method: e.method, url: urlFor(e), headers: headersFor(e), payload: {} });
    expect(missing.json().error).toMatch(/ is required\.$/);
  });

  it.each(withBody.map(([name, e]) => [name, e] as const))('%s: each field of the wrong type or huge → 400 naming it', async (name, e) => {
    const base = validBodies(m)[name];
    expect(base).toBeDefined();
    const props = (e.body as TObject).properties;
    for (const [key, schema] of Object.entries(props)) {
      const wrong = await t.app.inject({
        method: e.method,
        url: urlFor(e),
        headers: headersFor(e),
        payload: { ...base, [key]: wrongType(schema) },
      });
      expectClear4xx(wrong);
      expect(wrong.statusCode).toBe(400);
      const huge = await t.app.inject({
        method: e.method,
        url: urlFor(e),
        headers: headersFor(e),
        payload: { ...base, [key]: 'x'.repeat(20_000) },
      });
      expectClear4xx(huge);
      expect(huge.statusCode).toBe(400);
    }
  });

  it.each(withBody.map(([name, e]) => [name, e] as const))('%s: a body over the size limit → 413', async (_name, e) => {
    const res = await t.app.inject({ method: e.method, url: urlFor(e), headers: headersFor(e), payload: { blob: 'x'.repeat(300_000) } });
    expectClear4xx(res);
    expect(res.statusCode).toBe(413);
  });

  it.each(withQuery.map(([name, e]) => [name, e] as const))('%s: missing, huge or odd user_id → 400', async (_name, e) => {
    for (const q of ['', '?user_id=', `?user_id=${'a'.repeat(5000)}`, '?user_id=%27%20OR%201%3D1--', '?user_id[]=x']) {
      const res = await t.app.inject({ method: e.method, url: `${e.url}${q}`, headers: headersFor(e) });
      expectClear4xx(res);
      expect(res.statusCode).toBe(400);
    }
  });

  it.each(withParams.map(([name, e]) => [name, e] as const))('%s: huge or odd :userId → 400', async (_name, e) => {
    for (const id of ['a'.repeat(500), "x'%20OR%201=1"]) {
      const res = await t.app.inject({
        method: e.method,
        url: e.url.replace(':userId', id),
        headers: headersFor(e),
        ...(e.body ? { payload: validBodies(m)[_name] } : {}),
      });
      expectClear4xx(res);
      expect(res.statusCode).toBe(400);
    }
  });

  it('unknown fields are dropped, never written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateProfile',
      headers: bearer(m.token),
      payload: { first_name: 'A', last_name: 'B', subscription_status: 'active', package_price_cents: 0, id: 'other' },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select(['id', 'subscription_status']).where('id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ id: m.userId, subscription_status: 'inactive' });
  });

  it('a required name or phone made only of spaces or invisible characters is missing, not stored empty', async () => {
    const blanks = ['   ', '\u00A0', '\u200B', ' \u2060\uFEFF '];
    for (const blank of blanks) {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: blank, lastName: 'B', email: `blank-${Date.now()}@example.com`, password: 'password1' },
      });
      expect(signup.statusCode).toBe(400);
      expect(signup.json().error).toBe('First name is required.');
      const update = await t.app.inject({
        method: 'POST',
        url: '/api/auth/updateProfile',
        headers: bearer(m.token),
        payload: { first_name: 'A', last_name: blank },
      });
      expect(update.statusCode).toBe(400);
      expect(update.json().error).toBe('Last name is required.');
      const sub = await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'A', lastName: 'B', email: '', phone: '   ', password: '' },
      });
      expect(sub.statusCode).toBe(400);
      expect(sub.json().error).toBe('Phone is not valid.');
    }
    // Names in any script, with inner spaces, still go through.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateProfile',
      headers: bearer(m.token),
      payload: { first_name: 'José María', last_name: 'محمد' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('unknown routes are a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Route GET /api/nope not found.', message: 'Route GET /api/nope not found.', code: 'not-found' });
  });
});
