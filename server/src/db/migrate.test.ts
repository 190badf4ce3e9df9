import { Migrator, sql } from 'kysely';
import { engines, openTestDb } from '../../test/helpers';
import type { Db, Engine } from './database';
import { currentSchema } from './dialect-sql';
import { migrateToLatest, migrationsForTests } from './migrate';

async function indexesOfLinks(db: Db, engine: Engine): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'links' and sql is not null`.execute(db);
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{
    name: string;
  }>`select indexname as name from pg_indexes where tablename = 'links' and schemaname = current_schema() and indexname <> 'links_pkey'`.execute(
    db,
  );
  return rows.map((r) => r.name).sort();
}

/** This test's tables only: on PostgreSQL, introspection also lists the schemas of other test runs. */
async function tablesHere(db: Db) {
  const schema = await currentSchema(db);
  return (await db.introspection.getTables()).filter((t) => schema === undefined || t.schema === schema);
}

describe.each(engines)('migrations (%s)', (engine) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDb(engine); // migrated to the latest
    db = opened.handle.db;
    cleanup = async () => {
      await opened.handle.close();
      await opened.cleanup();
    };
  });
  afterAll(() => cleanup());

  it('0002 replaces the (user_id, position) index by the full queue order', async () => {
    expect(await indexesOfLinks(db, engine)).toEqual(['links_user_queue_idx']);
  });

  it('0002 goes down and up again, and running to the latest twice changes nothing', async () => {
    const schema = await currentSchema(db);
    const provider = { getMigrations: async () => ({ ...migrationsForTests }) };
    const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
    // Down to 0001 (later migrations, e.g. 0005's email_changes, step down first), then up again.
    const down = await migrator.migrateTo('0001-initial');
    expect(down.error).toBeUndefined();
    expect(await indexesOfLinks(db, engine)).toEqual(['links_user_position_idx']);
    await migrateToLatest(db);
    await migrateToLatest(db);
    expect(await indexesOfLinks(db, engine)).toEqual(['links_user_queue_idx']);
  });

  it('0003: clicks are 64-bit integers on both engines (PostgreSQL bigint), and 0003 goes down and up', async () => {
    const type = async () =>
      engine === 'postgres'
        ? (
            await sql<{
              t: string;
            }>`select data_type as t from information_schema.columns where table_schema = current_schema() and table_name = 'links' and column_name = 'clicks'`.execute(
              db,
            )
          ).rows[0].t
        : 'sqlite integer';
    expect(await type()).toBe(engine === 'postgres' ? 'bigint' : 'sqlite integer');
    const schema = await currentSchema(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => ({ ...migrationsForTests }) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await migrator.migrateTo('0002-links-queue-index')).error).toBeUndefined();
    if (engine === 'postgres') expect(await type()).toBe('integer');
    await migrateToLatest(db);
    expect(await type()).toBe(engine === 'postgres' ? 'bigint' : 'sqlite integer');
  });

  it('0006 adds the rotator tables and the lifetime totals (filled from clicks), and goes down and up again', async () => {
    const schema = await currentSchema(db);
    const provider = { getMigrations: async () => ({ ...migrationsForTests }) };
    const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
    expect((await migrator.migrateTo('0002-links-queue-index')).error).toBeUndefined();
    // Only this test's schema: other test files' schemas in the same database hold these tables too.
    const tables = async () =>
      (await tablesHere(db))
        .map((t) => t.name)
        .filter((n) => ['rotators', 'click_events', 'visitor_keys'].includes(n))
        .sort();
    expect(await tables()).toEqual([]);
    await sql`insert into users (id, first_name, last_name, created_at) values ('u-0006', 'A', 'B', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await sql`insert into links (id, user_id, url, clicks, max_clicks, position, created_at) values ('l-0006', 'u-0006', 'https://a.example.com', 3, 5, 1, '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await tables()).toEqual(['click_events', 'rotators', 'visitor_keys']);
    // Every click before the migration burned the cap: it was a counted one.
    const row = await db
      .selectFrom('links')
      .select(['clicks', 'counted_clicks', 'all_clicks'])
      .where('id', '=', 'l-0006')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ clicks: 3, counted_clicks: 3, all_clicks: 3 });
    await db.deleteFrom('users').where('id', '=', 'u-0006').execute();
  });

  it('0008 adds the outbox, the job leases, pause and check columns and the notification switches, and goes down and up', async () => {
    const schema = await currentSchema(db);
    const provider = { getMigrations: async () => ({ ...migrationsForTests }) };
    const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
    const columns = async (table: string) => ((await tablesHere(db)).find((t) => t.name === table)?.columns ?? []).map((c) => c.name);
    expect((await migrator.migrateTo('0006-rotator-and-click-events')).error).toBeUndefined();
    expect(await columns('outbox')).toEqual([]);
    expect(await columns('links')).not.toContain('paused_at');
    await migrateToLatest(db);
    expect(await columns('job_runs')).toContain('lease_until');
    expect(await columns('outbox')).toEqual(expect.arrayContaining(['dedupe_key', 'payload', 'next_attempt_at', 'lease_until']));
    expect(await columns('links')).toEqual(expect.arrayContaining(['paused_at', 'paused_by', 'check_failures', 'last_check_result']));
    expect(await columns('rotators')).toEqual(expect.arrayContaining(['notify_link_completed', 'notify_queue_empty']));
  });

  it('0007 indexes the members newest first and their emails for the search (backfilled), and goes down and up again', async () => {
    const schema = await currentSchema(db);
    const provider = { getMigrations: async () => ({ ...migrationsForTests }) };
    const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
    const searchIndexes = async () =>
      engine === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where name in ('users_members_newest_idx', 'member_email_fts', 'member_search') order by name`.execute(
              db,
            )
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'users' and schemaname = current_schema() and indexname like 'users_members_%' order by indexname`.execute(
              db,
            )
          ).rows.map((r) => r.name);
    const expected =
      engine === 'sqlite'
        ? ['member_email_fts', 'member_search', 'users_members_newest_idx']
        : ['users_members_email_trgm_idx', 'users_members_name_trgm_idx', 'users_members_newest_idx'];
    expect(await searchIndexes()).toEqual(expected);
    expect((await migrator.migrateTo('0006-rotator-and-click-events')).error).toBeUndefined();
    expect(await searchIndexes()).toEqual([]);
    // A member who signed up before 0007 is found by the search once it has run.
    await sql`insert into users (id, email, first_name, last_name, created_at) values ('u-0007', 'before-0007@example.com', 'A', 'B', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await searchIndexes()).toEqual(expected);
    if (engine === 'sqlite') {
      const { rows } = await sql<{
        id: string;
      }>`select s.user_id as id from member_email_fts f join member_search s on s.doc = f.rowid where member_email_fts match '"re-000"'`.execute(
        db,
      );
      expect(rows).toEqual([{ id: 'u-0007' }]);
    }
    await db.deleteFrom('users').where('id', '=', 'u-0007').execute();
    if (engine === 'sqlite') {
      const { rows } = await sql<{
        n: number;
      }>`select (select count(*) from member_email_fts) + (select count(*) from member_search) as n`.execute(db);
      expect(rows[0].n).toBe(0);
    }
  });

  it('0030 indexes the members’ names for the search (backfilled, kept by triggers), and goes down and up again', async () => {
    const schema = await currentSchema(db);
    const provider = { getMigrations: async () => ({ ...migrationsForTests }) };
    const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
    const nameIndex = async () =>
      engine === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where name = 'member_name_fts'`.execute(db)).rows.length
        : (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where schemaname = current_schema() and indexname = 'users_members_name_trgm_idx'`.execute(
              db,
            )
          ).rows.length;
    const byName = async (text: string) =>
      (
        await sql<{
          id: string;
        }>`select s.user_id as id from member_name_fts f join member_search s on s.doc = f.rowid where member_name_fts match ${`"${text}"`}`.execute(
          db,
        )
      ).rows;
    expect(await nameIndex()).toBe(1);
    expect((await migrator.migrateTo('0012-payment-refunds')).error).toBeUndefined();
    expect(await nameIndex()).toBe(0);
    await sql`insert into users (id, email, first_name, last_name, created_at) values ('u-0030', 'before-0030@example.com', 'Grace', 'Hopper', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await nameIndex()).toBe(1);
    if (engine === 'sqlite') {
      expect(await byName('race hop')).toEqual([{ id: 'u-0030' }]);
      await db.updateTable('users').set({ last_name: 'Brewster' }).where('id', '=', 'u-0030').execute();
      expect(await byName('race hop')).toEqual([]);
      expect(await byName('grace brew')).toEqual([{ id: 'u-0030' }]);
    }
    await db.deleteFrom('users').where('id', '=', 'u-0030').execute();
    if (engine === 'sqlite') {
      const { rows } = await sql<{
        n: number;
      }>`select (select count(*) from member_name_fts) + (select count(*) from member_email_fts) + (select count(*) from member_search) as n`.execute(
        db,
      );
      expect(rows[0].n).toBe(0);
    }
  });

  if (engine === 'sqlite') {
    it('a page of the admin’s members walks the newest-first index without a sort', async () => {
      const { rows } = await sql<{ detail: string }>`explain query plan
        select u.id, (select count(*) from users s where s.parent_id = u.id) as n
        from users as u where u.parent_id is null order by u.created_at desc, u.id limit 50 offset 100`.execute(db);
      const plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/SCAN u USING (COVERING )?INDEX users_members_newest_idx/);
      expect(plan).toContain('SEARCH s USING COVERING INDEX users_sub_profiles_idx (parent_id=?)');
      expect(plan).not.toContain('TEMP B-TREE');
    });

    it('a repeat check reads the partial per-visitor index of click events', async () => {
      const { rows } = await sql<{ detail: string }>`explain query plan
        select 1 from click_events where tracked = 1 and visitor = ${'v'} and user_id = ${'u'} and created_at > ${'t'} and link_id = ${'l'} and verdict = 'counted' limit 1`.execute(
        db,
      );
      expect(rows.map((r) => r.detail).join('\n')).toContain('click_events_visitor_idx');
    });

    it('a profile’s links are read in queue order from the index, without a sort', async () => {
      const { rows } = await sql<{ detail: string }>`explain query plan
        select l.id from users as u left join links as l on l.user_id = u.id where u.id = ${'x'}
        order by l.position, l.created_at, l.id`.execute(db);
      const plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toContain('links_user_queue_idx');
      expect(plan).not.toContain('TEMP B-TREE');
    });
  }
});
