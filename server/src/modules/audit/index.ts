/** The audit feature as other modules see it (issue 27: a feature imports another only through its index). */
export { auditIpHash, actorOf, auditWho, maskEmail, recordAudit, type AuditInput, type AuditWho } from './record-audit';
export { auditRoutes } from './audit.routes';
