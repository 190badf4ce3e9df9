import { AUDIT_ACTIONS } from '@rotalink/shared-api/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect-sql';
import { newId } from '../db/ids';
import type { NewAuditEventRow } from '../modules/audit/audit.table';

/**
 * Issue 33's bench row: `count` audit rows, one a minute back from now, on the seeded members in
 * turn (every action, admin and member actors), so the Activity page reads a log of that size.
 * Straight into the table like the members (never on a real database).
 */
export async function seedAuditEvents(db: Db, count: number, batch = 1000): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  const members = (await db.selectFrom('users').select('id').orderBy('id').limit(10_000).execute()).map((r) => r.id);
  const now = Date.now();
  for (let from = 0; from < count; from += batch) {
    const rows: NewAuditEventRow[] = [];
    for (let n = from; n < Math.min(count, from + batch); n++) {
      const action = AUDIT_ACTIONS[n % AUDIT_ACTIONS.length];
      const target = members.length ? members[n % members.length] : null;
      const byAdmin = action.startsWith('admin.');
      rows.push({
        id: newId(),
        at: new Date(now - (count - n) * 60_000).toISOString(),
        actor_kind: byAdmin ? 'admin' : 'member',
        actor_id: byAdmin ? 'seed-admin' : target,
        action,
        target_id: target,
        changes: action === 'admin.membership-edited' ? JSON.stringify({ subscription_status: ['inactive', 'active'] }) : null,
        ip_hash: (n % 97).toString(16).padStart(32, '0'),
      });
    }
    // 8 columns a row: 1,000 rows stay under SQLite's bound-variable limit.
    await db.insertInto('audit_events').values(rows).execute();
  }
  if (engineOf(db) === 'postgres') await sql`vacuum analyze audit_events`.execute(db);
  return { events: count, ms: Math.round(performance.now() - started) };
}
