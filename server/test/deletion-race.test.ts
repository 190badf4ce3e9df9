import Fastify from 'fastify';
import { isForeignKeyViolation } from '../src/db/dialect-sql';
import { nowIso } from '../src/db/ids';
import { CHANGED_MEANWHILE, registerErrorHandler } from '../src/errors';
import { engines, useTestApp } from './helpers';

/**
 * Found by a security test: a member's change-email arriving while an admin deleted the account
 * answered 500 (its insert pointed at a user who had just gone). A write refused by a foreign key
 * is such a race with a deletion: a 409 that says so, never a 500.
 */
describe.each(engines)('a write racing with a deletion (%s)', (engine) => {
  const t = useTestApp(engine);

  it('the engine’s own foreign-key refusal is recognised, and answered 409, not 500', async () => {
    let refusal: unknown;
    try {
      await t.db
        .insertInto('email_changes')
        .values({
          token_hash: `h-${Date.now()}`,
          user_id: 'deleted-meanwhile',
          new_email: 'x@example.com',
          expires_at: nowIso(),
          used_at: null,
          created_at: nowIso(),
        })
        .execute();
    } catch (err) {
      refusal = err;
    }
    expect(isForeignKeyViolation(refusal)).toBe(true);

    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/write', async () => {
      throw refusal;
    });
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: CHANGED_MEANWHILE, message: CHANGED_MEANWHILE, code: 'conflict' });
    await app.close();
  });
});
