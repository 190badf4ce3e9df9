import { activate, addLink, engines, signupMember, useTestApp } from '../../test/helpers';
import { changeSourceOf } from './change-source';
import { ALL, type Written } from './committed-writes';
import { reportedByOwner } from './watched-dialect';

/**
 * Issue 27: db/ reports committed writes to the tables a keeper declares (it names none itself),
 * and skips a transaction whose owner reports its own writes (the click ledger's batches).
 */
describe.each(engines)('committed writes of watched tables (%s)', (engine) => {
  const t = useTestApp(engine);

  it('reports a committed write by its key, nothing for a table nobody watches, and skips an owner-reported transaction', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const link = await addLink(t.app, m, { link: 'https://watched.example.com', max_clicks: null });
    const heard: Array<Exclude<Written, undefined>> = [];
    const stop = changeSourceOf(t.db)!.writes.watch({ links: { key: 'user_id' } }, (w) => heard.push(w));
    try {
      const touch = (db: typeof t.db) => db.updateTable('links').set({ name: 'renamed' }).where('user_id', '=', m.userId).execute();
      heard.length = 0;
      await t.db.transaction().execute(async (trx) => {
        await touch(trx);
      });
      expect(heard).toContainEqual(new Set([m.userId]));

      heard.length = 0;
      await t.db.transaction().execute(async (trx) => {
        await reportedByOwner(trx);
        await touch(trx);
      });
      expect(heard).toEqual([]);

      // The flag ends with its transaction: the next one on the same connection is watched again.
      await t.db.transaction().execute(async (trx) => {
        await trx.updateTable('links').set({ name: 'again' }).where('id', '=', link.id).returning('user_id').execute();
      });
      expect(heard).toContainEqual(new Set([m.userId]));

      heard.length = 0;
      await t.db.updateTable('sessions').set({ last_seen_at: new Date().toISOString() }).where('user_id', '=', m.userId).execute();
      expect(heard.filter((w) => w === ALL || w.size > 0)).toEqual([]);
    } finally {
      stop();
    }
  });
});
