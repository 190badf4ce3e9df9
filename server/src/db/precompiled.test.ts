import { engines, openTestDb } from '../../test/helpers';
import type { Db } from './database';
import { precompiled } from './precompiled';

describe.each(engines)('precompiled queries (%s)', (engine) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDb(engine);
    db = opened.handle.db;
    cleanup = async () => {
      await opened.handle.close();
      await opened.cleanup();
    };
    const row = (id: string, first: string, title: string) => ({
      id,
      first_name: first,
      last_name: 'L',
      title,
      slogan: '',
      about: '',
      subscription_status: 'inactive' as const,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await db
      .insertInto('users')
      .values([row('u1', 'Ann', 'x'), row('u2', 'Bea', 'x'), row('u3', 'Cy', 'y')])
      .execute();
  });
  afterAll(() => cleanup());

  it('runs with each call’s own values, keeping the constants written in the query', async () => {
    // 'x' is a constant of the query; id and name are arguments, bound in the order they appear.
    const byIdOrName = precompiled((d: Db, name: string, id: string) =>
      d
        .selectFrom('users')
        .select('first_name')
        .where('title', '=', 'x')
        .where((eb) => eb.or([eb('id', '=', id), eb('first_name', '=', name)]))
        .orderBy('id'),
    );
    expect(await byIdOrName(db, 'Bea', 'u1')).toEqual([{ first_name: 'Ann' }, { first_name: 'Bea' }]);
    expect(await byIdOrName(db, 'Nobody', 'u2')).toEqual([{ first_name: 'Bea' }]);
    expect(await byIdOrName(db, 'Cy', 'u3')).toEqual([]); // Cy's title is y
  });

  it('values stay values: quotes and SQL in an argument find nothing', async () => {
    const byId = precompiled((d: Db, id: string) => d.selectFrom('users').select('id').where('id', '=', id));
    expect(await byId(db, "u1' or '1'='1")).toEqual([]);
    expect(await byId(db, 'u1')).toEqual([{ id: 'u1' }]);
  });

  it('refuses a query that does not use every argument as a value', async () => {
    const unused = precompiled((d: Db, _id: string) => d.selectFrom('users').select('id'));
    await expect(unused(db, 'u1')).rejects.toThrow('every argument must appear as a query value');
  });
});
