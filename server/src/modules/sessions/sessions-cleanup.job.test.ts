import { bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { KEEP_ENDED_SESSION_DAYS, SESSIONS_CLEANUP_JOB } from './sessions-cleanup.job';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

/**
 * Issue 33 (decision 0144): the daily job deletes session rows that ended (revoked or expired)
 * more than KEEP_ENDED_SESSION_DAYS ago, and nothing else: a live session, and one that ended
 * recently, stay; the member's signed-in token goes on working.
 */
describe.each(engines)('ended sessions clean-up (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;

  const row = (id: string, o: { revoked_at?: string | null; expires_at: string }) => ({
    id,
    user_id: m.userId,
    device: 'Firefox on Linux',
    place: null,
    created_at: daysAgo(60),
    last_seen_at: daysAgo(45),
    issued_at: daysAgo(60),
    expires_at: o.expires_at,
    revoked_at: o.revoked_at ?? null,
  });
  const storedIds = async () =>
    (
      await t.db.selectFrom('sessions').select('id').where('user_id', '=', m.userId).where('id', 'like', 'old-%').orderBy('id').execute()
    ).map((r) => r.id);

  beforeAll(async () => {
    m = await signupMember(t.app);
    const old = KEEP_ENDED_SESSION_DAYS + 5;
    await t.db
      .insertInto('sessions')
      .values([
        row('old-revoked-long-ago', { revoked_at: daysAgo(old), expires_at: daysAgo(-1) }),
        row('old-expired-long-ago', { expires_at: daysAgo(old) }),
        row('old-revoked-yesterday', { revoked_at: daysAgo(1), expires_at: daysAgo(-1) }),
        row('old-expired-yesterday', { expires_at: daysAgo(1) }),
        row('old-still-live', { expires_at: daysAgo(-7) }),
      ])
      .execute();
  });

  it(`deletes only rows that ended more than ${KEEP_ENDED_SESSION_DAYS} days ago, once the job runs`, async () => {
    expect(await storedIds()).toHaveLength(5);
    await t.app.jobs.runSoon(SESSIONS_CLEANUP_JOB);
    const end = Date.now() + 10_000;
    while ((await storedIds()).length !== 3) {
      if (Date.now() > end) throw new Error('the clean-up job did not run in time');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await storedIds()).toEqual(['old-expired-yesterday', 'old-revoked-yesterday', 'old-still-live']);
    // The live sessions are untouched: the member's own sign-in (its token still answers) and the other one.
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(m.token) });
    expect(res.statusCode).toBe(200);
    const listed = res.json().sessions as Array<{ id: string; current: boolean }>;
    expect(listed.map((s) => (s.current ? 'current' : s.id))).toEqual(['current', 'old-still-live']);
  });
});
