import type { AuditAction } from '@rotalink/shared-api/contract';
import { generate } from 'otplib';
import { bearer, engines, useTestApp, type TestContext } from '../../../test/helpers';
import { TWO_FACTOR_FIRST } from '../../access/grants';
import { CHALLENGE_ENDED, CODE_WRONG } from './admin-login-code';
import { TWO_FACTOR_KEPT_REQUIRED, TWO_FACTOR_NOT_ON, TWO_FACTOR_OFF } from './disable-two-factor';
import { SETUP_CODE_WRONG } from './two-factor.service';

/** The code of the next 30-second step: the current one may just have been used (replays are refused). */
const nextCode = (secret: string, steps = 1) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });
const wrongCode = async (secret: string) => {
  const right = new Set([await generate({ secret }), await nextCode(secret), await nextCode(secret, -1), await nextCode(secret, 2)]);
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!right.has(candidate)) return candidate;
  }
};

function helpers(t: TestContext) {
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.20', ...(token ? { headers: bearer(token) } : {}) });
  const password = () => post('/api/admin/adminlogin', { username: t.config.adminUsername, password: t.config.adminPassword });
  const audit = (action: AuditAction) => t.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
  /** Signs in with the password (no second factor yet) and sets it up; the secret and recovery codes. */
  async function enroll() {
    const token = (await password()).json().token as string;
    const setup = await post('/api/admin/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const on = await post('/api/admin/two-factor/enable', { code: await generate({ secret }) }, token);
    expect(on.statusCode).toBe(200);
    return { token, secret: secret as string, setup: setup.json(), codes: on.json().recoveryCodes as string[] };
  }
  return { post, password, audit, enroll };
}

describe.each(engines)('admin two-factor sign-in (%s)', (engine) => {
  const t = useTestApp(engine);
  const h = helpers(t);
  let secret = '';
  let codes: string[] = [];

  it('is set up with a QR code and a code from it; ten recovery codes shown once, nothing readable kept', async () => {
    const token = (await h.password()).json().token as string;
    const setup = await h.post('/api/admin/two-factor/setup', {}, token);
    const { otpauthUrl, qr } = setup.json();
    secret = setup.json().secret;
    expect(otpauthUrl).toBe(`otpauth://totp/Rotalink:${t.config.adminUsername}?secret=${secret}&issuer=Rotalink`);
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const wrong = await h.post('/api/admin/two-factor/enable', { code: await wrongCode(secret) }, token);
    expect({ status: wrong.statusCode, error: wrong.json().error }).toEqual({ status: 400, error: SETUP_CODE_WRONG });
    expect(await h.audit('admin.two-factor-enabled')).toHaveLength(0);
    expect((await h.post('/api/admin/two-factor', {}, token)).statusCode).toBe(404);

    const on = await h.post('/api/admin/two-factor/enable', { code: await generate({ secret }) }, token);
    expect(on.statusCode).toBe(200);
    codes = on.json().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await h.audit('admin.two-factor-enabled')).toHaveLength(1);
    const stored = JSON.stringify([
      await t.db.selectFrom('admin_two_factor').selectAll().execute(),
      await t.db.selectFrom('admin_recovery_codes').selectAll().execute(),
    ]);
    expect(stored).not.toContain(secret);
    for (const c of codes) expect(stored).not.toContain(c.replace('-', ''));
    const state = await t.app.inject({ method: 'GET', url: '/api/admin/two-factor', headers: bearer(token) });
    expect(state.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
  });

  it('then the password alone gives no token but a challenge; the code gives the token, once', async () => {
    const before = (await h.audit('admin.sign-in')).length;
    const first = await h.password();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(await h.audit('admin.sign-in')).toHaveLength(before);
    const { challenge } = first.json();
    // The challenge is no session token.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(challenge) })).statusCode).toBe(401);

    const code = await nextCode(secret);
    const ok = await h.post('/api/admin/adminlogin/code', { challenge, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ Isadmin: 'Isadmin', token: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(ok.json().token) })).statusCode).toBe(200);
    const signIns = await h.audit('admin.sign-in');
    expect(signIns).toHaveLength(before + 1);
    expect(JSON.parse(signIns[signIns.length - 1].changes as string)).toEqual({ second_factor: [null, 'totp'] });

    const replay = await h.post('/api/admin/adminlogin/code', { challenge, code });
    expect({ status: replay.statusCode, error: replay.json().error }).toEqual({ status: 401, error: CODE_WRONG });
  });

  it('a recovery code signs in once, then stops working', async () => {
    const { challenge } = (await h.password()).json();
    const ok = await h.post('/api/admin/adminlogin/code', { challenge, code: codes[3].toLowerCase() });
    expect(ok.statusCode).toBe(200);
    const again = await h.post('/api/admin/adminlogin/code', { challenge, code: codes[3] });
    expect({ status: again.statusCode, error: again.json().error }).toEqual({ status: 401, error: CODE_WRONG });
    const state = await t.app.inject({ method: 'GET', url: '/api/admin/two-factor', headers: bearer(ok.json().token) });
    expect(state.json().recoveryCodesLeft).toBe(9);
  });

  it('a challenge that is not one, or a session token in its place, is refused; bad codes are a 400', async () => {
    for (const challenge of ['not-a-challenge', (await h.post('/api/auth/login', { email: 'x@example.com', password: 'y' })).body]) {
      const res = await h.post('/api/admin/adminlogin/code', { challenge, code: '123456' });
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 401, error: CHALLENGE_ENDED });
    }
    const { challenge } = (await h.password()).json();
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      expect((await h.post('/api/admin/adminlogin/code', { challenge, code })).statusCode).toBe(400);
    }
  });

  it('is turned off with a recovery code (a lost phone), not with a wrong code; then the password alone signs in', async () => {
    const { challenge } = (await h.password()).json();
    // The app's codes of this minute are spent by the tests above (each step is accepted once).
    const token = (await h.post('/api/admin/adminlogin/code', { challenge, code: codes[5] })).json().token as string;
    const wrong = await h.post('/api/admin/two-factor/disable', { code: await wrongCode(secret) }, token);
    expect({ status: wrong.statusCode, error: wrong.json().error }).toEqual({ status: 400, error: CODE_WRONG });
    const spent = await h.post('/api/admin/two-factor/disable', { code: codes[5] }, token); // just used to sign in
    expect(spent.statusCode).toBe(400);
    expect(await h.audit('admin.two-factor-disabled')).toHaveLength(0);

    const off = await h.post('/api/admin/two-factor/disable', { code: codes[7] }, token);
    expect(off.json()).toEqual({ message: TWO_FACTOR_OFF });
    const rows = await h.audit('admin.two-factor-disabled');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(codes[7]);
    expect(await t.db.selectFrom('admin_two_factor').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('admin_recovery_codes').selectAll().execute()).toEqual([]);
    const state = await t.app.inject({ method: 'GET', url: '/api/admin/two-factor', headers: bearer(token) });
    expect(state.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await h.password()).json()).toEqual({ Isadmin: 'Isadmin', token: expect.any(String) });
    const again = await h.post('/api/admin/two-factor/disable', { code: codes[8] }, token);
    expect({ status: again.statusCode, error: again.json().error }).toEqual({ status: 409, error: TWO_FACTOR_NOT_ON });
  });
});

describe.each(engines)('admin two-factor: required, and its brute force limited (%s)', (engine) => {
  const t = useTestApp(engine, { ADMIN_2FA_REQUIRED: '1', RATE_LIMIT_LOGIN_PER_MIN: '3' });
  const h = helpers(t);

  it('ADMIN_2FA_REQUIRED=1: an admin without it may only set it up', async () => {
    const token = (await h.password()).json().token as string;
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(token) });
    expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 403, error: TWO_FACTOR_FIRST });
    const state = await t.app.inject({ method: 'GET', url: '/api/admin/two-factor', headers: bearer(token) });
    expect(state.json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
  });

  it('ADMIN_2FA_REQUIRED=1: it cannot be turned off (set up again to change phones)', async () => {
    const token = (await h.password()).json().token as string;
    const res = await h.post('/api/admin/two-factor/disable', { code: '123456' }, token);
    expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 409, error: TWO_FACTOR_KEPT_REQUIRED });
  });

  it('wrong codes are limited like passwords: 429 with Retry-After, even for the right code; each wrong one writes a failed row', async () => {
    const { secret } = await h.enroll();
    const { challenge } = (await h.password()).json();
    const failedBefore = (await h.audit('admin.sign-in-failed')).length;
    const bad = await wrongCode(secret);
    for (let i = 0; i < 3; i++) expect((await h.post('/api/admin/adminlogin/code', { challenge, code: bad })).statusCode).toBe(401);
    expect(await h.audit('admin.sign-in-failed')).toHaveLength(failedBefore + 3);
    const blocked = await h.post('/api/admin/adminlogin/code', { challenge, code: await nextCode(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await h.audit('admin.sign-in-failed')).toHaveLength(failedBefore + 3);
  });
});
