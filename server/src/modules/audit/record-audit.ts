import { createHmac } from 'node:crypto';
import type { AuditAction } from '@rotalink/shared-api/contract';
import type { Principal } from '../../access/principal';
import type { DbOrTrx } from '../../db/database';
import { newId, nowIso } from '../../db/ids';
import type { AuditEventsTable } from './audit.table';

/**
 * Issue 33: one audit row, written with the caller's transaction (`trx`), so the row exists
 * exactly when the action committed: an action that fails (rolls back) leaves none. Call it from
 * inside the action's transaction, never after it. Other features (API keys) call it
 * the same way:
 *
 *   await recordAudit(trx, { action: 'member.api-key-created', actor: { kind: 'member', id }, targetId: id,
 *     changes: { key: [null, prefix] }, ipHash: auditIpHash(app.config.jwtSecret, request.ip) });
 *
 * `changes` holds fields before and after; never put a secret (password, token, key) in it, and
 * mask an email address (`maskEmail`): rows outlive the account, which must leave no email behind.
 */
export interface AuditInput {
  action: AuditAction;
  actor: { kind: AuditEventsTable['actor_kind']; id?: string | null };
  targetId?: string | null;
  changes?: Record<string, [unknown, unknown]> | null;
  /** `auditIpHash(secret, ip)`, or null when there is no client (a job). */
  ipHash?: string | null;
}

export async function recordAudit(trx: DbOrTrx, input: AuditInput): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values({
      id: newId(),
      at: nowIso(),
      actor_kind: input.actor.kind,
      actor_id: input.actor.id ?? null,
      action: input.action,
      target_id: input.targetId ?? null,
      changes: input.changes ? JSON.stringify(input.changes) : null,
      ip_hash: input.ipHash ?? null,
    })
    .execute();
}

/**
 * The client's IP as a keyed hash (HMAC-SHA256 under a key derived from JWT_SECRET, 16 bytes
 * shown): the same address gives the same value, so an admin can see that two events came from
 * one place, but the address cannot be read back or found by hashing every IPv4 address without
 * the key.
 */
export function auditIpHash(secret: string, ip: string): string {
  const key = createHmac('sha256', secret).update('rotalink audit ip v1').digest();
  return createHmac('sha256', key).update(ip).digest('hex').slice(0, 32);
}

/** 'ada.lovelace@example.com' → 'a***@example.com': enough to recognise, not to keep. */
export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** Who acts and from where, as a route knows it: passed down to the use case that records. */
export interface AuditWho {
  actor: AuditInput['actor'];
  ipHash: string | null;
}

/** The signed-in caller of a request (or an anonymous one), with the keyed hash of its IP. */
export function auditWho(secret: string, request: { ip: string; principal?: Principal | null }): AuditWho {
  return { actor: actorOf(request.principal ?? null), ipHash: auditIpHash(secret, request.ip) };
}

/** The audit actor of a principal: the admin, or the account a member, sub-profile or API key acts as. */
export function actorOf(principal: Principal | null): AuditInput['actor'] {
  if (!principal) return { kind: 'anonymous' };
  return principal.kind === 'admin' ? { kind: 'admin', id: principal.adminId } : { kind: 'member', id: principal.userId };
}
