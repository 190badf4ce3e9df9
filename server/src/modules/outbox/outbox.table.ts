import type { Generated, Insertable, Selectable } from 'kysely';

/** pending → sent; `failed` after the retries gave up (or the server refused the message for good); `skipped`: nothing to send any more. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/**
 * outbox (issue 16): one mail to deliver, written in the transaction of the change it tells about.
 * `payload` is the kind's data, sealed (AES-256-GCM, outbox-seal.ts) since some kinds carry a
 * one-time link; cleared once the row is done.
 */
export interface OutboxTable {
  id: string;
  kind: string;
  /** The account the mail is about (its deletion drops unsent mail); null when not known yet (a reset by email). */
  user_id: string | null;
  /** Unique when set: one fact is queued once however often it is written. */
  dedupe_key: string | null;
  payload: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The worker delivering the row, until `lease_until`; a dead worker's lease runs out. */
  lease_owner: Generated<string | null>;
  lease_until: Generated<string | null>;
  created_at: string;
  sent_at: Generated<string | null>;
  last_error: Generated<string | null>;
}
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
