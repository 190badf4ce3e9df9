/**
 * The client against a real HTTP server (jsdom's XMLHttpRequest, CORS and all), so what is
 * asserted is what the browser would send and show.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  MESSAGES,
  configureApi,
  setSessionEndedHandler,
  tokenStore,
  addLink,
  adminLogin,
  createPaymentSession,
  createSubProfile,
  deleteLink,
  deleteUser,
  forgotPassword,
  getAboutProfile,
  getAllUsers,
  getMemberLinks,
  getProfile,
  getPublicLinks,
  getPublicProfile,
  getSubProfile,
  getSubProfiles,
  getUserLinks,
  incrementClicks,
  login,
  resetLink,
  resetPassword,
  signup,
  updateProfile,
  updateSubProfile,
  updateUser,
  verifyPayment,
  changeEmail,
  changePassword,
  confirmEmail,
  deleteSubProfile,
  reorderLinks,
  updateLink,
  getRotatorSettings,
  updateRotatorSettings,
} from './index';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
interface Reply {
  status: number;
  body?: unknown;
  raw?: string;
}

let server: Server;
let base: string;
let seen: Seen[] = [];
let reply: Reply = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Headers': 'authorization, content-type',
        'Access-Control-Allow-Methods': 'GET, POST, PUT',
      });
      return res.end();
    }
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: data ? JSON.parse(data) : undefined });
      res.writeHead(reply.status, { 'Content-Type': reply.raw === undefined ? 'application/json' : 'text/html' });
      res.end(reply.raw ?? JSON.stringify(reply.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  configureApi({ baseURL: base });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  seen = [];
  reply = { status: 200, body: {} };
  tokenStore.clear();
  setSessionEndedHandler(null);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as ApiError,
  );

describe('protected calls', () => {
  it("refuse with 'Token is missing' (code token-missing) and send nothing when no token is held", async () => {
    const err = await failure(getProfile());
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Token is missing', code: 'token-missing', kind: 'unauthorized', status: undefined });
    expect(seen).toHaveLength(0);
  });

  it('send the bearer token and return the answer data', async () => {
    tokenStore.setSession('tok-1');
    reply = { status: 200, body: { first_name: 'Ada', subscription_status: 'active' } };
    await expect(getProfile()).resolves.toEqual({ first_name: 'Ada', subscription_status: 'active' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/auth/profile' });
    expect(seen[0].headers.authorization).toBe('Bearer tok-1');
  });

  it("read the error text from 'error' and the code beside it", async () => {
    tokenStore.setSession('tok-1');
    reply = { status: 409, body: { error: 'Link limit reached', message: 'other text', code: 'link-limit' } };
    const err = await failure(addLink({ link: 'https://a.example', max_clicks: 3, name: 'A', user_id: 'u1' }));
    expect(err).toMatchObject({
      message: 'Link limit reached',
      serverMessage: 'Link limit reached',
      status: 409,
      code: 'link-limit',
      kind: 'conflict',
    });
  });

  it("the code 'session-ended' clears the session and calls the shell's handler, whatever the text", async () => {
    tokenStore.setSession('old', { admin: true });
    const ended = jest.fn();
    setSessionEndedHandler(ended);
    reply = { status: 401, body: { error: 'Your session is over', message: 'Your session is over', code: 'session-ended' } };
    const err = await failure(getSubProfiles());
    expect(err).toMatchObject({ message: 'Your session is over', code: 'session-ended', kind: 'session-ended' });
    expect(tokenStore.getToken()).toBeNull();
    expect(tokenStore.isAdmin()).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another code', { code: 'token-missing' }],
    ['no code at all', {}],
  ])("the spec's session-ended texts with %s do not end the session (the code decides, not the text)", async (_label, extra) => {
    tokenStore.setSession('tok-1');
    const ended = jest.fn();
    setSessionEndedHandler(ended);
    for (const text of [MESSAGES.jwtExpired, MESSAGES.invalidSignature]) {
      reply = { status: 401, body: { error: text, message: text, ...extra } };
      const err = await failure(getSubProfiles());
      expect(err.message).toBe(text);
      expect(err.kind).toBe('unauthorized');
    }
    expect(tokenStore.getToken()).toBe('tok-1');
    expect(ended).not.toHaveBeenCalled();
  });

  it('any other error keeps the session and does not call the handler', async () => {
    tokenStore.setSession('tok-1');
    const ended = jest.fn();
    setSessionEndedHandler(ended);
    reply = { status: 403, body: { error: 'Forbidden', message: 'Forbidden', code: 'forbidden' } };
    await expect(failure(getSubProfile('x'))).resolves.toMatchObject({
      message: 'Forbidden',
      status: 403,
      code: 'forbidden',
      kind: 'forbidden',
    });
    expect(tokenStore.getToken()).toBe('tok-1');
    expect(ended).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalled(); // spec §8: logged
  });
});

describe('token-less calls', () => {
  it("read the error text from 'message' and send no token even when one is held", async () => {
    tokenStore.setSession('tok-1');
    reply = { status: 401, body: { status: 'FAILED', error: 'error text', message: 'Invalid email or password', code: 'bad-credentials' } };
    const err = await failure(login({ email: 'a@b.co', password: 'secret123' }));
    expect(err).toMatchObject({ message: 'Invalid email or password', status: 401, code: 'bad-credentials', kind: 'unauthorized' });
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].body).toEqual({ email: 'a@b.co', password: 'secret123' });
  });

  it('a session-ended code on a token-less call does not end the session', async () => {
    tokenStore.setSession('tok-1');
    const ended = jest.fn();
    setSessionEndedHandler(ended);
    reply = { status: 401, body: { message: MESSAGES.jwtExpired, code: 'session-ended' } };
    await failure(incrementClicks('l1'));
    expect(tokenStore.getToken()).toBe('tok-1');
    expect(ended).not.toHaveBeenCalled();
  });

  it('public reads send no token and no Content-Type (no CORS preflight)', async () => {
    reply = { status: 200, body: { pending: [], completed: [] } };
    await expect(getPublicLinks('u 1&x')).resolves.toEqual({ pending: [], completed: [] });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/public/userliks?user_id=u+1%26x' });
    expect(seen[0].headers['content-type']).toBeUndefined();
  });
});

describe('answers without a text or a code', () => {
  it("a proxy's 502 page: 'Something went wrong!', code unknown, kind unavailable", async () => {
    reply = { status: 502, raw: '<html>Bad gateway</html>' };
    const err = await failure(signup({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'secret123' }));
    expect(err).toMatchObject({
      message: 'Something went wrong!',
      serverMessage: undefined,
      status: 502,
      code: 'unknown',
      kind: 'unavailable',
    });
  });

  it("the server's 503 is 'unavailable'", async () => {
    reply = { status: 503, body: { error: MESSAGES.unavailable, message: MESSAGES.unavailable, code: 'unavailable' } };
    const err = await failure(getPublicProfile('u1'));
    expect(err).toMatchObject({ message: MESSAGES.unavailable, status: 503, code: 'unavailable', kind: 'unavailable' });
  });

  it('a code this client does not know is judged by its status', async () => {
    reply = { status: 409, body: { message: 'Newer rule', code: 'some-future-code' } };
    const err = await failure(getPublicProfile('u1'));
    expect(err).toMatchObject({ message: 'Newer rule', code: 'unknown', kind: 'conflict' });
  });

  it("no answer at all: 'Something went wrong!', code and kind network", async () => {
    configureApi({ baseURL: 'http://127.0.0.1:9/' });
    try {
      const err = await failure(forgotPassword({ email: 'a@b.co' }));
      expect(err).toMatchObject({ message: 'Something went wrong!', status: undefined, code: 'network', kind: 'network' });
      expect(consoleError).toHaveBeenCalled();
    } finally {
      configureApi({ baseURL: base });
    }
  });
});

describe('every call of spec §7', () => {
  const T = 'tok-9';
  const cases: Array<[string, () => Promise<unknown>, string, string, unknown, boolean]> = [
    [
      'login',
      () => login({ email: 'e@x.io', password: 'p4ssword' }),
      'POST',
      '/api/auth/login',
      { email: 'e@x.io', password: 'p4ssword' },
      false,
    ],
    [
      'signup',
      () => signup({ firstName: 'A', lastName: 'B', email: 'e@x.io', password: 'p4ssword' }),
      'POST',
      '/api/auth/signup',
      { firstName: 'A', lastName: 'B', email: 'e@x.io', password: 'p4ssword' },
      false,
    ],
    ['forgotPassword', () => forgotPassword({ email: 'e@x.io' }), 'POST', '/api/auth/forgot-password', { email: 'e@x.io' }, false],
    [
      'resetPassword',
      () => resetPassword({ token: 'rt', password: 'p4ssword' }),
      'POST',
      '/api/auth/reset-password',
      { token: 'rt', password: 'p4ssword' },
      false,
    ],
    ['getProfile', () => getProfile(), 'GET', '/api/auth/profile', undefined, true],
    ['getSubProfiles', () => getSubProfiles(), 'GET', '/api/auth/sub-profiles', undefined, true],
    ['getAboutProfile', () => getAboutProfile(), 'GET', '/api/auth/aboutProfile', undefined, true],
    [
      'updateProfile',
      () => updateProfile({ first_name: 'A', last_name: 'B', title: 't', slogan: 's', about: 'a' }),
      'POST',
      '/api/auth/updateProfile',
      { first_name: 'A', last_name: 'B', title: 't', slogan: 's', about: 'a' },
      true,
    ],
    [
      'createSubProfile',
      () => createSubProfile({ firstName: 'A', lastName: 'B', email: '', phone: '123', password: '' }),
      'POST',
      '/api/auth/subprofile',
      { firstName: 'A', lastName: 'B', email: '', phone: '123', password: '' },
      true,
    ],
    ['getSubProfile', () => getSubProfile('a/b c'), 'GET', '/api/auth/getsubprofile/a%2Fb%20c', undefined, true],
    [
      'updateSubProfile',
      () => updateSubProfile({ userId: 's1', first_name: 'A', last_name: 'B', phone: '123' }),
      'PUT',
      '/api/auth/updatesubprofile',
      { userId: 's1', first_name: 'A', last_name: 'B', phone: '123' },
      true,
    ],
    [
      'createPaymentSession',
      () => createPaymentSession(),
      'POST',
      '/api/payment/create-session',
      { planName: 'monthly', duration: 'monthly', amount: 144.56 },
      true,
    ],
    ['verifyPayment', () => verifyPayment('cs_1'), 'POST', '/api/payment/payment-success', { session_id: 'cs_1' }, true],
    ['getPublicLinks', () => getPublicLinks('u1'), 'GET', '/api/public/userliks?user_id=u1', undefined, false],
    ['getPublicProfile', () => getPublicProfile('u1'), 'GET', '/api/public/publicProfile?user_id=u1', undefined, false],
    ['incrementClicks', () => incrementClicks('l1'), 'POST', '/api/public/increment-clicks', { link_id: 'l1' }, false],
    [
      'incrementClicks with the page referrer',
      () => incrementClicks('l1', 'https://mail.example.org/x'),
      'POST',
      '/api/public/increment-clicks',
      { link_id: 'l1', referrer: 'https://mail.example.org/x' },
      false,
    ],
    ['getMemberLinks', () => getMemberLinks('u1'), 'GET', '/api/links/userliks?user_id=u1', undefined, true],
    [
      'addLink',
      () => addLink({ link: 'https://a.io', max_clicks: null, name: '', user_id: 'u1' }),
      'POST',
      '/api/links/linkadd',
      { link: 'https://a.io', max_clicks: null, name: '', user_id: 'u1' },
      true,
    ],
    [
      'resetLink',
      () => resetLink({ link_id: 'l1', user_id: 'u1' }),
      'POST',
      '/api/links/resetLink',
      { link_id: 'l1', user_id: 'u1' },
      true,
    ],
    [
      'deleteLink',
      () => deleteLink({ link_id: 'l1', user_id: 'u1' }),
      'POST',
      '/api/links/deleteLink',
      { link_id: 'l1', user_id: 'u1' },
      true,
    ],
    ['getRotatorSettings', () => getRotatorSettings('u1'), 'GET', '/api/links/rotator?user_id=u1', undefined, true],
    [
      'updateRotatorSettings',
      () => updateRotatorSettings({ user_id: 'u1', mode: 'round_robin', backup_url: null }),
      'PUT',
      '/api/links/rotator',
      { user_id: 'u1', mode: 'round_robin', backup_url: null },
      true,
    ],
    [
      'adminLogin',
      () => adminLogin({ username: 'admin', password: 'pw' }),
      'POST',
      '/api/admin/adminlogin',
      { username: 'admin', password: 'pw' },
      false,
    ],
    ['getAllUsers', () => getAllUsers(), 'GET', '/api/admin/allusers', undefined, true],
    ['deleteUser', () => deleteUser('u1'), 'POST', '/api/admin/userdelete', { user_id: 'u1' }, true],
    ['getUserLinks', () => getUserLinks('u/1'), 'GET', '/api/admin/userslinks/u%2F1', undefined, true],
    [
      'updateUser',
      () =>
        updateUser('u1', {
          package_price: 144.56,
          package_joined_date: '2026-01-01 00:00:00',
          package_expiry_date: '2027-01-01 00:00:00',
          subscription_status: 'active',
          subscription_type: 'yearly',
        }),
      'POST',
      '/api/admin/updateUser/u1',
      {
        package_price: 144.56,
        package_joined_date: '2026-01-01 00:00:00',
        package_expiry_date: '2027-01-01 00:00:00',
        subscription_status: 'active',
        subscription_type: 'yearly',
      },
      true,
    ],
    // issue 13
    [
      'updateLink',
      () => updateLink({ link_id: 'l1', user_id: 'u1', max_clicks: null }),
      'POST',
      '/api/links/updateLink',
      { link_id: 'l1', user_id: 'u1', max_clicks: null },
      true,
    ],
    ['reorderLinks', () => reorderLinks('u1', ['l2', 'l1']), 'POST', '/api/links/reorder', { user_id: 'u1', link_ids: ['l2', 'l1'] }, true],
    ['deleteSubProfile', () => deleteSubProfile('s1'), 'POST', '/api/auth/deletesubprofile', { userId: 's1' }, true],
    [
      'changePassword',
      () => changePassword({ currentPassword: 'old-pass1', newPassword: 'new-pass1' }),
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'old-pass1', newPassword: 'new-pass1' },
      true,
    ],
    [
      'changeEmail',
      () => changeEmail({ newEmail: 'n@x.io', currentPassword: 'old-pass1' }),
      'POST',
      '/api/auth/change-email',
      { newEmail: 'n@x.io', currentPassword: 'old-pass1' },
      true,
    ],
    ['confirmEmail', () => confirmEmail('ct'), 'POST', '/api/auth/confirm-email', { token: 'ct' }, false],
  ];

  it.each(cases)('%s sends its method, path and body', async (_name, run, method, url, body, withToken) => {
    tokenStore.setSession(T);
    reply = { status: 200, body: { ok: _name } };
    await expect(run()).resolves.toEqual({ ok: _name });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method, url });
    expect(seen[0].body).toEqual(body);
    expect(seen[0].headers.authorization).toBe(withToken ? `Bearer ${T}` : undefined);
  });

  it('member links go out without a token when none is held (spec §7 lists them token-less)', async () => {
    reply = { status: 200, body: { pending: [], completed: [] } };
    await expect(getMemberLinks('u1')).resolves.toEqual({ pending: [], completed: [] });
    expect(seen[0].headers.authorization).toBeUndefined();
  });
});
