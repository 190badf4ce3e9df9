import type { AddressInfo } from 'node:net';
import { signToken } from '../../auth/tokens';
import { bearer, engines, secondApp, signupMember, useTestApp } from '../../../test/helpers';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const IP = '203.0.113.77';

/**
 * Issue 33: the account's signed-in sessions. Each sign-in is one; the list shows device, first
 * and last seen and a place only when the proxy names one, never an IP; signing one out ends it
 * on its next request on every node; "Sign out everywhere else" keeps the caller's.
 */
describe.each(engines)('sessions (%s)', (engine) => {
  const t = useTestApp(engine, { SESSION_PLACE_HEADER: 'cf-ipcountry' });

  const signIn = async (email: string, password: string, ua: string, extra: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': ua, ...extra },
      remoteAddress: IP,
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token), remoteAddress: IP });
  const list = async (token: string) => {
    const res = await get('/api/auth/sessions', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json().sessions as Array<{
      id: string;
      device: string;
      place: string | null;
      current: boolean;
      created_at: string;
      last_seen_at: string;
    }>;
  };
  const audits = (userId: string) =>
    t.db.selectFrom('audit_events').selectAll().where('target_id', '=', userId).where('action', '=', 'member.session-revoked').execute();

  it('lists each sign-in with its device, times and place, the current one marked, and never the IP', async () => {
    const m = await signupMember(t.app);
    const phone = await signIn(m.email, m.password, PHONE, { 'cf-ipcountry': 'de' });
    const laptop = await signIn(m.email, m.password, LAPTOP, { 'cf-ipcountry': 'XX' });
    const res = await get('/api/auth/sessions', phone);
    expect(res.body).not.toContain(IP);
    const sessions = await list(phone);
    const mine = sessions.filter((s) => s.device !== 'Unknown device');
    expect(mine.map((s) => [s.device, s.place, s.current]).sort()).toEqual([
      ['Chrome on Android', 'DE', true],
      ['Safari on macOS', null, false],
    ]);
    // The helper's own sign-in (no User-Agent) is the third.
    expect(sessions).toHaveLength(3);
    for (const s of sessions) expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    expect((await list(laptop)).find((s) => s.current)?.device).toBe('Safari on macOS');
  });

  it('"Sign out" ends that session on its next request, writes one audit row; a second time or someone else’s: 404, no row', async () => {
    const m = await signupMember(t.app);
    const phone = await signIn(m.email, m.password, PHONE);
    const laptop = await signIn(m.email, m.password, LAPTOP);
    const target = (await list(phone)).find((s) => s.device === 'Safari on macOS')!;
    expect((await get('/api/auth/profile', laptop)).statusCode).toBe(200);
    const done = await post(`/api/auth/sessions/${target.id}/revoke`, phone);
    expect(done.statusCode).toBe(200);
    const refused = await get('/api/auth/profile', laptop);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 401, code: 'session-ended' });
    expect((await list(phone)).map((s) => s.id)).not.toContain(target.id);
    const rows = await audits(m.userId);
    expect(rows.map((r) => [r.actor_id, JSON.parse(r.changes as string)])).toEqual([[m.userId, { session: [target.id, null] }]]);
    expect(rows[0].ip_hash).toMatch(/^[0-9a-f]{32}$/);

    expect((await post(`/api/auth/sessions/${target.id}/revoke`, phone)).statusCode).toBe(404);
    const other = await signupMember(t.app);
    const mineStill = (await list(phone)).find((s) => s.current)!;
    const foreign = await post(`/api/auth/sessions/${mineStill.id}/revoke`, other.token);
    expect({ status: foreign.statusCode, error: foreign.json().error }).toEqual({ status: 404, error: 'Session not found.' });
    expect((await get('/api/auth/profile', phone)).statusCode).toBe(200);
    expect(await audits(m.userId)).toHaveLength(1);
  });

  it('"Sign out everywhere else" keeps the caller’s session and ends all the others, older sessionless tokens too; one audit row', async () => {
    const m = await signupMember(t.app);
    const phone = await signIn(m.email, m.password, PHONE);
    const laptop = await signIn(m.email, m.password, LAPTOP);
    // A token from before sessions existed: no sid.
    const sessionless = await signToken(t.config.jwtSecret, t.config.jwtTtlSeconds, m.userId, 'member');
    expect((await get('/api/auth/profile', sessionless)).statusCode).toBe(200);
    const kept = (await list(phone)).find((s) => s.current)!;
    const res = await post('/api/auth/sessions/revoke-others', phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ended: 2, token: null });
    for (const old of [laptop, m.token, sessionless]) expect((await get('/api/auth/profile', old)).statusCode).toBe(401);
    expect((await get('/api/auth/profile', phone)).statusCode).toBe(200);
    expect((await list(phone)).map((s) => [s.id, s.current])).toEqual([[kept.id, true]]);
    expect((await audits(m.userId)).map((r) => JSON.parse(r.changes as string))).toEqual([{ other_sessions: [2, 0] }]);
  });

  it('"Sign out everywhere else" from a sessionless token ends it too and answers a token of a new session', async () => {
    const m = await signupMember(t.app);
    const sessionless = await signToken(t.config.jwtSecret, t.config.jwtTtlSeconds, m.userId, 'member');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      headers: { ...bearer(sessionless), 'user-agent': LAPTOP },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBe(1);
    expect((await get('/api/auth/profile', sessionless)).statusCode).toBe(401);
    expect((await list(res.json().token)).map((s) => [s.device, s.current])).toEqual([['Safari on macOS', true]]);
  });

  it('a password change keeps the caller’s session listed and ends the others', async () => {
    const m = await signupMember(t.app);
    const phone = await signIn(m.email, m.password, PHONE);
    await signIn(m.email, m.password, LAPTOP);
    const kept = (await list(phone)).find((s) => s.current)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(phone),
      payload: { currentPassword: m.password, newPassword: 'a-new-password-9' },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(res.json().token)).map((s) => [s.id, s.current])).toEqual([[kept.id, true]]);
  });

  it('another member’s session: 404 and it goes on', async () => {
    const m = await signupMember(t.app);
    const other = await signupMember(t.app);
    const otherSession = (await list(other.token))[0];
    expect((await post(`/api/auth/sessions/${otherSession.id}/revoke`, m.token)).statusCode).toBe(404);
    expect((await get('/api/auth/profile', other.token)).statusCode).toBe(200);
  });

  it('a session signed out on one API node is refused by a second node on the same database within 1 s', async () => {
    const m = await signupMember(t.app);
    const laptop = await signIn(m.email, m.password, LAPTOP);
    const node2 = await secondApp(t);
    try {
      await node2.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = node2.app.server.address() as AddressInfo;
      const profileOn2 = () => fetch(`http://127.0.0.1:${port}/api/auth/profile`, { headers: bearer(laptop) });
      expect((await profileOn2()).status).toBe(200);
      const target = (await list(laptop)).find((s) => s.current)!;
      expect((await post(`/api/auth/sessions/${target.id}/revoke`, m.token)).statusCode).toBe(200);
      const revokedAt = Date.now();
      let status = 0;
      while (Date.now() - revokedAt < 1000) {
        status = (await profileOn2()).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
    } finally {
      await node2.close();
    }
  });
});
