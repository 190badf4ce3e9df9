import { connect } from '../../src/db/connect';
import { migrateOnce } from '../../src/db/migrate-once';
import { migrationsForTests } from '../../src/db/migrate';
import { lockForMigration } from '../../src/db/sqlite-node-lock';
import { engines, openTestDb } from '../helpers';

/**
 * Issue 28, "a node that starts while another migrates waits": three nodes (three connections of
 * their own) start on an empty database at the same moment. Exactly one runs the migrations, the
 * others wait for it and find nothing left to do; the schema ends complete.
 */
describe.each(engines)('migrations run once across nodes starting together (%s)', (engine) => {
  it('one node migrates, the others wait and run nothing', async () => {
    const opened = await openTestDb(engine, { migrate: false });
    const nodes = Array.from({ length: 3 }, () => connect(opened.databaseUrl, { searchPath: opened.searchPath, poolMax: 2 }));
    try {
      const waited: number[] = [];
      const ran = await Promise.all(
        nodes.map((node, i) => migrateOnce(node.db, { databaseUrl: opened.databaseUrl, waitMs: 60_000, onWait: () => waited.push(i) })),
      );
      const all = Object.keys(migrationsForTests).sort();
      expect(ran.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, 0, all.length]);
      expect([...ran.find((names) => names.length > 0)!].sort()).toEqual(all);
      // The two that found nothing to do had waited for the lock (they did not race through).
      expect(waited.length).toBeGreaterThanOrEqual(1);
      const applied = await opened.handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied).toHaveLength(all.length);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
      await opened.handle.close();
      await opened.cleanup();
    }
  });

  if (engine === 'sqlite') {
    it('a node waits while the lock is held and gives up after MIGRATE_WAIT_MS', async () => {
      const opened = await openTestDb(engine, { migrate: false });
      const file = opened.databaseUrl.slice('sqlite:'.length);
      const held = await lockForMigration(file, 0);
      try {
        await expect(migrateOnce(opened.handle.db, { databaseUrl: opened.databaseUrl, waitMs: 300 })).rejects.toThrow(/MIGRATE_WAIT_MS/);
        const late = migrateOnce(opened.handle.db, { databaseUrl: opened.databaseUrl, waitMs: 30_000 });
        await new Promise((r) => setTimeout(r, 300));
        held.release();
        expect((await late).length).toBe(Object.keys(migrationsForTests).length);
      } finally {
        await opened.handle.close();
        await opened.cleanup();
      }
    });
  }
});
