import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connect } from './connect';

describe('SQLite connection settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rotalink-connect-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged write across a power loss (WAL + synchronous FULL) and enforces foreign keys', async () => {
    const handle = connect(`sqlite:${join(dir, 'settings.db')}`);
    try {
      const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as Record<string, unknown>;
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('synchronous')).toEqual({ synchronous: 2 }); // 2 = FULL
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    } finally {
      await handle.close();
    }
  });
});
