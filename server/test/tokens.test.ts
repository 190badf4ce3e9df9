import { endpoints, type Endpoint } from '@rotalink/shared-api/contract';
import { SignJWT, base64url } from 'jose';
import { bearer, engines, signupMember, useTestApp, type Member } from './helpers';

/** DESIGN §7 token errors, through a real protected route. */
describe.each(engines)('token errors (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  beforeAll(async () => {
    m = await signupMember(t.app);
  });

  const profile = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
  const expectError = async (headers: Record<string, string>, text: string) => {
    const res = await profile(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: text, message: text, code: text === 'Token is missing' ? 'token-missing' : 'session-ended' });
  };
  const secret = () => new TextEncoder().encode(t.config.jwtSecret);

  it('missing → Token is missing', async () => {
    await expectError({}, 'Token is missing');
    await expectError({ authorization: 'Bearer ' }, 'Token is missing');
  });

  it('expired → Unauthorized: jwt expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = await new SignJWT({ kind: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(secret());
    await expectError(bearer(token), 'Unauthorized: jwt expired');
  });

  it('without an expiry (exp), even correctly signed → Unauthorized: invalid signature (a token must end)', async () => {
    const noExp = await new SignJWT({ kind: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setIssuedAt()
      .sign(secret());
    await expectError(bearer(noExp), 'Unauthorized: invalid signature');
    const admin = await new SignJWT({ kind: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setSubject('any').setIssuedAt().sign(secret());
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(admin) });
    expect(res.statusCode).toBe(401);
  });

  it('forged signature → Unauthorized: invalid signature', async () => {
    const token = await new SignJWT({ kind: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    await expectError(bearer(token), 'Unauthorized: invalid signature');
    // A valid token with its payload swapped for another user's keeps the old signature.
    const [h, , s] = m.token.split('.');
    const forged = `${h}.${base64url.encode(JSON.stringify({ sub: 'someone-else', kind: 'member', iat: Date.now() / 1000, exp: Date.now() / 1000 + 3600 }))}.${s}`;
    await expectError(bearer(forged), 'Unauthorized: invalid signature');
  });

  it('alg none → Unauthorized: invalid signature', async () => {
    const enc = (o: object) => base64url.encode(JSON.stringify(o));
    const none = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: m.userId, kind: 'member', iat: Date.now() / 1000, exp: Date.now() / 1000 + 3600 })}.`;
    await expectError(bearer(none), 'Unauthorized: invalid signature');
  });

  it('malformed or wrong scheme → Unauthorized: invalid signature', async () => {
    await expectError(bearer('not-a-jwt'), 'Unauthorized: invalid signature');
    await expectError({ authorization: `Basic ${m.token}` }, 'Unauthorized: invalid signature');
  });

  it('a token without kind cannot act as a member', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret());
    await expectError(bearer(token), 'Unauthorized: invalid signature');
  });

  it('a token issued before tokens_valid_after → Unauthorized: jwt expired; a fresh one works', async () => {
    const other = await signupMember(t.app);
    await t.db.updateTable('users').set({ tokens_valid_after: new Date().toISOString() }).where('id', '=', other.userId).execute();
    await expectError(bearer(other.token), 'Unauthorized: jwt expired');
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: other.password } });
    expect((await profile(bearer(fresh.json().token))).statusCode).toBe(200);
  });

  it('the token is HS256 with sub, kind, iat and exp from JWT_TTL', async () => {
    const [h, p] = m.token
      .split('.')
      .slice(0, 2)
      .map((x) => JSON.parse(Buffer.from(x, 'base64url').toString()));
    expect(h.alg).toBe('HS256');
    expect(p).toMatchObject({ sub: m.userId, kind: 'member' });
    expect(p.exp - Math.floor(p.iat)).toBe(24 * 3600);
  });

  /** Every call that takes a member token (issue 13's and the stats of issue 15 included) refuses the three kinds of bad token alike. */
  const memberCalls = (Object.entries(endpoints) as Array<[string, Endpoint]>).filter(
    ([, e]) => e.auth === 'member' || e.auth === 'signed-in',
  );
  it.each(memberCalls.map(([name, e]) => [name, e] as const))('%s: missing, forged and revoked tokens → 401', async (_name, e) => {
    const other = await signupMember(t.app);
    const forged = await new SignJWT({ kind: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(other.userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    await t.db
      .updateTable('users')
      .set({ tokens_valid_after: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', other.userId)
      .execute();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{}, 'Token is missing', 'token-missing'],
      [bearer(forged), 'Unauthorized: invalid signature', 'session-ended'],
      [bearer(other.token), 'Unauthorized: jwt expired', 'session-ended'],
    ];
    for (const [headers, text, code] of cases) {
      const res = await t.app.inject({
        method: e.method,
        url: e.url.replace(':userId', other.userId),
        headers,
        ...(e.body ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: text, message: text, code });
    }
  });
});
