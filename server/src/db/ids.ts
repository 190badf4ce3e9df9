import { randomBytes } from 'node:crypto';

/** Opaque, non-sequential ids (DESIGN §5): 16 random bytes, base64url (22 chars, URL-safe). */
export const newId = (): string => randomBytes(16).toString('base64url');

/** Times are stored as ISO 8601 UTC strings: same text on SQLite and PostgreSQL, sortable. */
export const nowIso = (): string => new Date().toISOString();
