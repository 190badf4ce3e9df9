import type { Insertable, Selectable } from 'kysely';
import type { AuditAction } from '@rotalink/shared-api/contract';

/** audit_events (issue 33, migration 0051): append-only; no email, name or raw IP in it. */
export interface AuditEventsTable {
  id: string;
  at: string;
  actor_kind: 'admin' | 'member' | 'system' | 'anonymous';
  actor_id: string | null;
  action: AuditAction;
  target_id: string | null;
  /** JSON: { field: [before, after] }. */
  changes: string | null;
  ip_hash: string | null;
}
export type AuditEventRow = Selectable<AuditEventsTable>;
export type NewAuditEventRow = Insertable<AuditEventsTable>;
