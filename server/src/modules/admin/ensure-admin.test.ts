import { engines, useTestApp } from '../../../test/helpers';
import { ensureAdmin } from './ensure-admin';

describe.each(engines)('ensureAdmin (%s)', (engine) => {
  const t = useTestApp(engine);
  const adminLogin = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/adminlogin', payload: { username, password } });

  it('creates the account once, keeps it on a restart with the same password', async () => {
    expect(await ensureAdmin(t.db, 'boss', 'first-password')).toBe('created');
    expect(await ensureAdmin(t.db, 'boss', 'first-password')).toBe('unchanged');
    expect((await adminLogin('boss', 'first-password')).statusCode).toBe(200);
    const row = await t.db.selectFrom('admins').select('password_hash').where('username', '=', 'boss').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('nodes starting together on one database all start: one creates the account, the others find it', async () => {
    // Issue 28: two API containers started at once both saw no admin row and both inserted; the
    // second died on the unique username and never became ready.
    const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(t.db, 'together', 'same-password')));
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    expect(results.filter((r) => r === 'unchanged')).toHaveLength(2);
    const rows = await t.db.selectFrom('admins').select('id').where('username', '=', 'together').execute();
    expect(rows).toHaveLength(1);
    expect((await adminLogin('together', 'same-password')).statusCode).toBe(200);
  });

  it('a changed ADMIN_PASSWORD replaces the old one and ends older admin sessions', async () => {
    await ensureAdmin(t.db, 'chief', 'old-password');
    const token = (await adminLogin('chief', 'old-password')).json().token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
    expect(await ensureAdmin(t.db, 'chief', 'new-password')).toBe('updated');
    expect((await adminLogin('chief', 'old-password')).statusCode).toBe(401);
    expect((await adminLogin('chief', 'new-password')).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: { authorization: `Bearer ${token}` } });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe('Unauthorized: jwt expired');
  });
});
