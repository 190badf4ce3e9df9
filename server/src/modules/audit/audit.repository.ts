import type { ActivityQuery, AuditAction, AuditEvent } from '@rotalink/shared-api/contract';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditEventRow } from './audit.table';

/** Who an actor or target is in words, read at display time (the row itself keeps only ids). */
type Labelled = AuditEventRow & { actor_email: string | null; admin_name: string | null; target_email: string | null };

function toEvent(row: Labelled): AuditEvent {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    actor_kind: row.actor_kind,
    actor_id: row.actor_id,
    actor_label: row.actor_kind === 'admin' ? row.admin_name : row.actor_email,
    target_id: row.target_id,
    target_label: row.target_email,
    changes: row.changes ? (JSON.parse(row.changes) as AuditEvent['changes']) : null,
    ip_hash: row.ip_hash,
  };
}

/** An actor or target filter as typed: an email (a member), the admin's username, else an id. */
async function idOf(db: Db, text: string): Promise<string> {
  const needle = text.trim();
  if (needle.includes('@')) {
    const user = await db.selectFrom('users').select('id').where('email', '=', needle.toLowerCase()).executeTakeFirst();
    return user?.id ?? needle;
  }
  const admin = await db.selectFrom('admins').select('id').where('username', '=', needle).executeTakeFirst();
  return admin?.id ?? needle;
}

export interface ActivityFilter {
  actorId?: string;
  targetId?: string;
  actions?: readonly AuditAction[];
  /** Inclusive ISO instants. */
  from?: string;
  to?: string;
}

export async function filterOf(db: Db, q: ActivityQuery): Promise<ActivityFilter> {
  return {
    actorId: q.actor?.trim() ? await idOf(db, q.actor) : undefined,
    targetId: q.target?.trim() ? await idOf(db, q.target) : undefined,
    actions: q.action ? [q.action] : undefined,
    from: q.from ? `${q.from}T00:00:00.000Z` : undefined,
    // The whole last day: every instant that sorts before the next day's first.
    to: q.to ? `${q.to}T23:59:59.999Z` : undefined,
  };
}

function base(db: Db, f: ActivityFilter) {
  return db.selectFrom('audit_events as e').where((eb) => {
    const parts: Expression<SqlBool>[] = [];
    if (f.actorId !== undefined) parts.push(eb('e.actor_id', '=', f.actorId));
    if (f.targetId !== undefined) parts.push(eb('e.target_id', '=', f.targetId));
    if (f.actions) parts.push(eb('e.action', 'in', [...f.actions]));
    if (f.from) parts.push(eb('e.at', '>=', f.from));
    if (f.to) parts.push(eb('e.at', '<=', f.to));
    return eb.and(parts);
  });
}

/**
 * One page, newest first (`at`, then `id` for rows of the same millisecond), and the total the
 * filters keep. The page is read on its own index first (ids only), then labelled: the joins run
 * for the page's rows, not for every row the offset skips.
 */
export async function listAuditEvents(db: Db, f: ActivityFilter, page: { limit: number; offset: number }) {
  const ids = base(db, f).select('e.id').orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(page.limit).offset(page.offset);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_events as e')
      .leftJoin('users as actor', 'actor.id', 'e.actor_id')
      .leftJoin('admins as adm', 'adm.id', 'e.actor_id')
      .leftJoin('users as target', 'target.id', 'e.target_id')
      .selectAll('e')
      .select(['actor.email as actor_email', 'adm.username as admin_name', 'target.email as target_email'])
      .where('e.id', 'in', ids)
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
      .execute(),
    base(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { events: rows.map((r) => toEvent(r as Labelled)), total: Number(count.n) };
}
