/** idempotency_keys (issue 31, migration 0041): an Idempotency-Key per account, its request's fingerprint and answer. */
export interface IdempotencyKeysTable {
  /** The account the key belongs to (the member an API key or token acts as): keys of two accounts never meet. */
  account_id: string;
  idem_key: string;
  /** sha256 hex of method, path and body. */
  fingerprint: string;
  /** null while the first request is being answered. */
  status_code: number | null;
  /** The answer's body as sent (JSON text); null for an answer without one (204). */
  answer: string | null;
  created_at: string;
  expires_at: string;
}
