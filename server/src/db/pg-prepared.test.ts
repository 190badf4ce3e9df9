import { sql } from 'kysely';
import type pg from 'pg';
import { engines, openTestDb } from '../../test/helpers';
import { connect } from './connect';
import { findLinkLists } from '../modules/links/link-lists.repository';
import { preparedName, preparingPool, registerPrepared } from './pg-prepared';

describe('named prepared statements: the pool wrapper', () => {
  function fakePool() {
    const calls: unknown[][] = [];
    const released: number[] = [];
    const client = {
      query: (...args: unknown[]) => (calls.push(args), Promise.resolve({ rows: [] })),
      release: () => released.push(1),
      on: () => client,
    };
    const pool = { connect: async () => client, end: async () => undefined } as unknown as pg.Pool;
    return { pool, calls, released };
  }

  it('sends a registered text with its name, anything else as it was', async () => {
    const { pool, calls, released } = fakePool();
    const wrapped = preparingPool(pool);
    registerPrepared('select a from t where id = $1');
    const client = await wrapped.connect();
    await client.query('select a from t where id = $1', ['x']);
    await client.query('begin', []);
    const cursor = { read: async () => [], close: async () => undefined };
    client.query(cursor);
    expect(calls).toEqual([
      [{ name: preparedName('select a from t where id = $1'), text: 'select a from t where id = $1', values: ['x'] }],
      ['begin', []],
      [cursor],
    ]);
    expect(preparedName('select a from t where id = $1')).toMatch(/^rl_[0-9a-f]{20}$/);
    client.release();
    expect(released).toEqual([1]);
    // Kysely keys its connections by client: the same pooled client must give the same wrapper.
    expect(await wrapped.connect()).toBe(client);
  });
});

describe.each(engines)('named prepared statements (%s)', (engine) => {
  if (engine !== 'postgres') return;

  it('the visitor page read is prepared once per connection and survives a migration that adds a column', async () => {
    const opened = await openTestDb(engine);
    // One connection, so the catalogue query below sees the same session's statements.
    const one = connect(opened.databaseUrl, { searchPath: opened.searchPath, poolMax: 1 });
    try {
      await one.db
        .insertInto('users')
        .values({
          id: 'u1',
          first_name: 'A',
          last_name: 'B',
          title: '',
          slogan: '',
          about: '',
          subscription_status: 'inactive',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      expect(await findLinkLists(one.db, 'u1')).toEqual({ pending: [], completed: [] });
      expect(await findLinkLists(one.db, 'u1')).toEqual({ pending: [], completed: [] });
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(one.db);
      const prepared = rows.filter((r) => r.name.startsWith('rl_'));
      expect(prepared).toHaveLength(1);
      expect(prepared[0].statement).toMatch(/left join "links"/);
      await sql`alter table links add column note text`.execute(opened.handle.db);
      expect(await findLinkLists(one.db, 'u1')).toEqual({ pending: [], completed: [] });
    } finally {
      await one.close();
      await opened.handle.close();
      await opened.cleanup();
    }
  });
});
