import { ERROR_CODES } from '@rotalink/shared-api/contract';
import type { InjectOptions } from 'fastify';
import { activate, bearer, engines, signupMember, useTestApp, type Member, browser } from './helpers';

/**
 * Every error body carries a stable `code` (issue 10) that clients switch on instead of the
 * English text. One request per code the server can give without a fault.
 */
describe.each(engines)('error codes on the wire (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let other: Member;
  beforeAll(async () => {
    m = await signupMember(t.app);
    other = await signupMember(t.app);
  });

  const expectCode = async (req: InjectOptions, status: number, code: (typeof ERROR_CODES)[number]) => {
    const res = await t.app.inject(req);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.error).toBe(body.message);
    return body;
  };

  it('token-missing, session-ended (forged and malformed), bad-credentials', async () => {
    await expectCode({ method: 'GET', url: '/api/auth/profile' }, 401, 'token-missing');
    await expectCode({ method: 'GET', url: '/api/auth/profile', headers: bearer('not-a-jwt') }, 401, 'session-ended');
    await expectCode({ method: 'GET', url: '/api/auth/profile', headers: { authorization: 'Basic abc' } }, 401, 'session-ended');
    const body = await expectCode(
      { method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: 'wrong password' } },
      401,
      'bad-credentials',
    );
    expect(body.status).toBe('FAILED');
  });

  it('forbidden, plan-inactive, not-found, invalid, email-taken', async () => {
    await expectCode({ method: 'GET', url: '/api/admin/allusers', headers: bearer(m.token) }, 403, 'forbidden');
    const add = { link: 'https://example.com', max_clicks: 2, name: 'a', user_id: m.userId };
    await expectCode({ method: 'POST', url: '/api/links/linkadd', headers: bearer(m.token), payload: add }, 403, 'plan-inactive');
    await expectCode({ method: 'POST', url: '/api/links/linkadd', headers: bearer(other.token), payload: add }, 403, 'forbidden');
    await expectCode({ method: 'GET', url: '/api/public/publicProfile?user_id=nobody' }, 404, 'not-found');
    await expectCode({ method: 'GET', url: '/api/no-such-route' }, 404, 'not-found');
    await expectCode({ method: 'POST', url: '/api/auth/signup', payload: { firstName: 'A' } }, 400, 'invalid');
    await expectCode(
      { method: 'POST', url: '/api/auth/signup', payload: '{not json', headers: { 'content-type': 'application/json' } },
      400,
      'invalid',
    );
    const dup = { firstName: 'A', lastName: 'B', email: m.email, password: 'password123' };
    await expectCode({ method: 'POST', url: '/api/auth/signup', payload: dup }, 409, 'email-taken');
  });

  it('queue-head-required and link-completed', async () => {
    await activate(t.db, m.userId);
    const add = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { link: 'https://example.com', max_clicks: 1, name, user_id: m.userId },
      });
    const first = (await add('first')).json().link;
    const second = (await add('second')).json().link;
    const click = (id: string) => ({
      method: 'POST' as const,
      url: '/api/public/increment-clicks',
      headers: browser(),
      payload: { link_id: id },
    });
    await expectCode(click(second.id), 409, 'queue-head-required');
    expect((await t.app.inject(click(first.id))).statusCode).toBe(200);
    await expectCode(click(first.id), 409, 'link-completed');
  });

  it('every code the contract lists is a distinct kebab-case word', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
