import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { cachingSqlite } from './statement-cache';

describe('SQLite statement cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rotalink-stmt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prepares each SQL text once, keeps at most `max`, and re-prepares after a schema change', () => {
    const raw = new SQLite(join(dir, 'a.db'));
    const db = cachingSqlite(raw, 2);
    raw.exec('create table t (a integer)');
    const insert = db.prepare('insert into t (a) values (?)');
    expect(db.prepare('insert into t (a) values (?)')).toBe(insert);
    insert.run([1]);
    const read = db.prepare('select * from t');
    expect(read.all([])).toEqual([{ a: 1 }]);
    raw.exec("alter table t add column b text default 'x'");
    // The same cached statement sees the new column: SQLite re-prepared it.
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: 'x' }]);
    db.prepare('select 1');
    expect(db.size).toBe(2);
    expect(db.prepare('insert into t (a) values (?)')).not.toBe(insert); // the oldest was dropped
    db.close();
    expect(raw.open).toBe(false);
  });
});
