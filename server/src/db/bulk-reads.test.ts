import { sql } from 'kysely';
import { engines, openTestDb } from '../../test/helpers';
import { bulkReadsOf, postgresBulkDb } from './bulk-reads';
import { connect } from './connect';

const user = (id: string) => ({
  id,
  first_name: 'A',
  last_name: 'B',
  title: '',
  slogan: '',
  about: '',
  subscription_status: 'inactive' as const,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe.each(engines)('bulk reads (%s)', (engine) => {
  it('read what was committed a moment before, can never write, and close with the database', async () => {
    const opened = await openTestDb(engine);
    let closed = false;
    try {
      const bulk = bulkReadsOf(opened.handle.db);
      expect(bulk).not.toBe(opened.handle.db);
      expect(bulkReadsOf(opened.handle.db)).toBe(bulk);
      await opened.handle.db.insertInto('users').values(user('u1')).execute();
      // Each read is its own statement: no snapshot older than the last commit.
      expect(await bulk.selectFrom('users').select('id').execute()).toEqual([{ id: 'u1' }]);
      // (The message, not toThrow: better-sqlite3's errors may come from another test file's realm.)
      const refused = await bulk
        .insertInto('users')
        .values(user('u2'))
        .execute()
        .then(
          () => 'written',
          (err: unknown) => String(err),
        );
      expect(refused).toMatch(/readonly|read-only/i);
      expect(await opened.handle.db.selectFrom('users').select('id').execute()).toEqual([{ id: 'u1' }]);
      await opened.handle.close();
      closed = true;
      expect(() => bulkReadsOf(opened.handle.db)).toThrow('The database is closed.');
    } finally {
      if (!closed) await opened.handle.close();
      await opened.cleanup();
    }
  });
});

describe('bulk reads on SQLite', () => {
  it('use a small page cache and no mapped file, not the visitors’ 64 MB cache and 256 MB map', async () => {
    const opened = await openTestDb('sqlite');
    try {
      const pragma = async (db: typeof opened.handle.db, name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      const bulk = bulkReadsOf(opened.handle.db);
      expect(await pragma(bulk, 'cache_size')).toBe(-2048);
      expect(await pragma(bulk, 'mmap_size')).toBe(0);
      expect(await pragma(opened.handle.db, 'cache_size')).toBe(-65536);
    } finally {
      await opened.handle.close();
      await opened.cleanup();
    }
  });

  it('an in-memory database has one connection: bulk reads use it', async () => {
    const handle = connect('sqlite::memory:');
    try {
      expect(bulkReadsOf(handle.db)).toBe(handle.db);
    } finally {
      await handle.close();
    }
  });
});

describe.each(engines)('bulk reads on PostgreSQL (%s)', (engine) => {
  if (engine !== 'postgres') return;

  it('a read with no answer fails at the read timeout, and the next read gets a working connection', async () => {
    const opened = await openTestDb(engine);
    const reports: string[] = [];
    // No server-side statement timeout here, so only the client's own timer can end the wait.
    const bulk = postgresBulkDb(
      { connectionString: opened.databaseUrl, options: `-c search_path=${opened.searchPath}`, connectionTimeoutMillis: 5000 },
      300,
      (m) => reports.push(m),
    );
    try {
      const started = Date.now();
      await expect(sql`select pg_sleep(5)`.execute(bulk)).rejects.toThrow('Query read timeout (no answer in 300 ms)');
      expect(Date.now() - started).toBeLessThan(2000);
      expect((await sql<{ one: number }>`select 1 as one`.execute(bulk)).rows).toEqual([{ one: 1 }]);
      const { rows } = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(bulk);
      expect(rows[0].name).toMatch(/:bulk$/);
    } finally {
      await bulk.destroy();
      await opened.handle.close();
      await opened.cleanup();
    }
  });
});
