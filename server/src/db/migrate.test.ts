import { Migrator, sql } from 'kysely';
import { engines, openTestDb } from '../../test/helpers';
import type { Db, Engine } from './database';
import { currentSchema } from './dialect-sql';
import { migrateToLatest, migrationsForTests } from './migrate';

async function indexesOfLinks(db: Db, engine: Engine): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'links' and sql is not null`.execute(db);
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'links' and schemaname = current_schema() and indexname <> 'links_pkey'`.execute(db);
  return rows.map((r) => r.name).sort();
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
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(await indexesOfLinks(db, engine)).toEqual(['links_user_position_idx']);
    await migrateToLatest(db);
    await migrateToLatest(db);
    expect(await indexesOfLinks(db, engine)).toEqual(['links_user_queue_idx']);
  });

  if (engine === 'sqlite') {
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
