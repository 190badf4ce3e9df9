import { randomBytes } from 'node:crypto';
import { activate, addLink, secondApp, signupMember, useTestApp, browser } from './helpers';

/**
 * DESIGN §4 rate limits, in memory and (when TEST_REDIS_URL is set) shared through Redis by two
 * API nodes. A set but unreachable TEST_REDIS_URL fails these tests loudly (buildApp refuses to start).
 */
const stores: Array<[string, Record<string, string>]> = [['memory', {}]];
if (process.env.TEST_REDIS_URL) stores.push(['redis', { REDIS_URL: process.env.TEST_REDIS_URL }]);

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

describe.each(stores)('rate limits (%s)', (_store, env) => {
  const t = useTestApp('sqlite', {
    ...env,
    RATE_LIMIT_LOGIN_PER_MIN: '3',
    RATE_LIMIT_LOGIN_IP_PER_MIN: '8',
    RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR: '6',
    RATE_LIMIT_CLICKS_PER_MIN: '5',
    RATE_LIMIT_GLOBAL_PER_MIN: '40',
  });

  const login = (email: string, password: string, ip: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('failed logins per IP and account: the 4th attempt in a minute is 429, even with the right password', async () => {
    const m = await signupMember(t.app);
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await login(m.email, 'wrong-password', ip)).statusCode).toBe(401);
    const blocked = await login(m.email, m.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: 'FAILED',
      error: 'Too many failed login attempts, please try again in a minute.',
      message: 'Too many failed login attempts, please try again in a minute.',
      code: 'rate-limited',
    });
    // Another IP for the same account, and another account from the same IP, are not blocked.
    expect((await login(m.email, m.password, randomIp())).statusCode).toBe(200);
    const other = await signupMember(t.app);
    expect((await login(other.email, other.password, ip)).statusCode).toBe(200);
  });

  it('password spraying: one IP failing on many accounts gets 429 past its own budget (8 a minute here)', async () => {
    const ip = randomIp();
    const tag = randomBytes(4).toString('hex');
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(`spray${i}-${tag}@example.com`, 'Summer2026!', ip)).statusCode);
    expect(codes).toEqual([...Array(8).fill(401), 429, 429]);
    // Even a real account with its right password waits, from that IP only.
    const m = await signupMember(t.app);
    expect((await login(m.email, m.password, ip)).statusCode).toBe(429);
    expect((await login(m.email, m.password, randomIp())).statusCode).toBe(200);
  });

  it('one account guessed from many IPs gets 429 past its own budget (6 an hour here), even with the right password', async () => {
    const m = await signupMember(t.app);
    for (let i = 0; i < 6; i++) expect((await login(m.email, `wrong-${i}`, randomIp())).statusCode).toBe(401);
    const blocked = await login(m.email, m.password, randomIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate-limited');
    // Other accounts are not affected.
    const other = await signupMember(t.app);
    expect((await login(other.email, other.password, randomIp())).statusCode).toBe(200);
  });

  it('successful logins do not use up the budget', async () => {
    const m = await signupMember(t.app);
    const ip = randomIp();
    for (let i = 0; i < 6; i++) expect((await login(m.email, m.password, ip)).statusCode).toBe(200);
  });

  it('adminlogin has the same failed-attempt budget', async () => {
    const ip = randomIp();
    const admin = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/adminlogin', payload: { username: 'admin', password }, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await admin('wrong')).statusCode).toBe(401);
    const blocked = await admin(t.config.adminPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many failed login attempts, please try again in a minute.');
  });

  it('increment-clicks per visitor IP: the 6th click in a minute is 429', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const link = await addLink(t.app, m, { link: 'https://x.example.com', max_clicks: null });
    const ip = randomIp();
    const click = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/increment-clicks',
        headers: browser(),
        payload: { link_id: link.id },
        remoteAddress: from,
      });
    for (let i = 0; i < 5; i++) expect((await click(ip)).statusCode).toBe(200);
    const limited = await click(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests, please try again in /);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await click(randomIp())).statusCode).toBe(200);
  });

  it('the global per-IP budget covers every call', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 41; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/api/public/publicProfile?user_id=nobody', remoteAddress: ip })).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 404)).toBe(true);
    expect(codes[40]).toBe(429);
  });

  if (env.REDIS_URL) {
    it('two API nodes share the counters through Redis', async () => {
      const node2 = await secondApp(t);
      try {
        const m = await signupMember(t.app);
        const ip = randomIp();
        expect((await login(m.email, 'wrong-1', ip, t.app)).statusCode).toBe(401);
        expect((await login(m.email, 'wrong-2', ip, node2.app)).statusCode).toBe(401);
        expect((await login(m.email, 'wrong-3', ip, t.app)).statusCode).toBe(401);
        expect((await login(m.email, m.password, ip, node2.app)).statusCode).toBe(429);
      } finally {
        await node2.close();
      }
    });
  }
});

describe('TRUST_PROXY', () => {
  const trusted = useTestApp('sqlite', { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_PER_MIN: '1' });
  const direct = useTestApp('sqlite', { RATE_LIMIT_LOGIN_PER_MIN: '1' });

  it('behind a proxy the client IP comes from X-Forwarded-For; otherwise the header is ignored', async () => {
    const attempt = (app: typeof trusted.app, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.com', password: 'nope-nope' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await attempt(trusted.app, '1.1.1.1')).statusCode).toBe(401);
    expect((await attempt(trusted.app, '2.2.2.2')).statusCode).toBe(401);
    expect((await attempt(trusted.app, '1.1.1.1')).statusCode).toBe(429);
    expect((await attempt(direct.app, '1.1.1.1')).statusCode).toBe(401);
    expect((await attempt(direct.app, '2.2.2.2')).statusCode).toBe(429);
  });
});
