import { Type, type Static } from '@sinclair/typebox';
import { MAX_EMAIL, Nullable, strict } from './common';

/**
 * Issue 33: the audit log. Every admin action and member security event is one row; what the
 * API shows of it. `changes` holds the fields before and after (never a secret; an email address
 * masked); `ip` is a keyed hash of the client's address (the same address, the same hash), never
 * the address.
 */
export const AUDIT_ACTIONS = [
  'admin.sign-in',
  'admin.sign-in-failed',
  'admin.user-deleted',
  'admin.membership-edited',
  'admin.two-factor-enabled',
  'admin.two-factor-disabled',
  'member.password-reset-sent',
  'member.password-reset',
  'member.password-changed',
  'member.email-changed',
  'member.api-key-created',
  'member.api-key-revoked',
  'member.session-revoked',
  'member.account-deleted',
  'member.account-exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AuditActionSchema = Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a)));

/** The actions a member sees on their account page (their own security events). */
export const MEMBER_SECURITY_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter((a) => a.startsWith('member.'));

export const AuditActorKind = Type.Union([
  Type.Literal('admin'),
  Type.Literal('member'),
  Type.Literal('system'),
  Type.Literal('anonymous'),
]);

export const AuditEvent = Type.Object({
  id: Type.String(),
  at: Type.String(),
  action: AuditActionSchema,
  actor_kind: AuditActorKind,
  actor_id: Nullable(Type.String()),
  /** Who the actor is in words, when the account still exists (an email, or the admin's name). */
  actor_label: Nullable(Type.String()),
  target_id: Nullable(Type.String()),
  target_label: Nullable(Type.String()),
  /**
   * Field → [before, after], or null. Typed only for the clients: an open schema is serialised as
   * plain JSON (a tuple inside a nullable record made the serialiser refuse valid rows).
   */
  changes: Type.Unsafe<Record<string, [unknown, unknown]> | null>({ description: 'field → [before, after], or null' }),
  ip_hash: Nullable(Type.String()),
});
export type AuditEvent = Static<typeof AuditEvent>;

const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/**
 * GET activity: filters (each optional) and the page. `actor` and `target` take an email, the
 * admin's username or an id; `from`/`to` are days (UTC, both included).
 */
export const ActivityQuery = Type.Object(
  {
    actor: Type.Optional(Type.String({ maxLength: MAX_EMAIL })),
    target: Type.Optional(Type.String({ maxLength: MAX_EMAIL })),
    action: Type.Optional(AuditActionSchema),
    from: Type.Optional(Type.String({ pattern: DATE })),
    to: Type.Optional(Type.String({ pattern: DATE })),
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    pageSize: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
  },
  strict,
);
export type ActivityQuery = Static<typeof ActivityQuery>;
export const ActivityPage = Type.Object({
  events: Type.Array(AuditEvent),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
});
export type ActivityPage = Static<typeof ActivityPage>;

/** The member's own security events, newest first (the last 50). */
export const SecurityEventsOk = Type.Object({ events: Type.Array(AuditEvent) });
export type SecurityEventsOk = Static<typeof SecurityEventsOk>;
