import { randomFillSync } from 'node:crypto';

/**
 * A click's public id (issue 30): 16 bytes as base64url, 22 URL-safe characters — 6 bytes of the
 * click's time in milliseconds, then 10 random bytes (80 bits: unguessable). Nothing in it comes
 * from the visitor (no hash, no IP); the time is what lets a postback find its click through the
 * (user_id, created_at) index click_events already has, so minting an id adds no index write
 * to the hot click path (decision 0150).
 */
export const CLICK_ID_LENGTH = 22;
const CLICK_ID = /^[A-Za-z0-9_-]{22}$/;

/** Random bytes drawn 4 KB at a time: one getrandom call per ~400 clicks, not one per click. */
const POOL = Buffer.alloc(4096);
let offset = POOL.length;

function random10(into: Buffer): void {
  if (offset + 10 > POOL.length) {
    randomFillSync(POOL);
    offset = 0;
  }
  POOL.copy(into, 6, offset, offset + 10);
  offset += 10;
}

/** A new click id for a click made at `at`. */
export function mintClickId(at: Date): string {
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  random10(bytes);
  return bytes.toString('base64url');
}

/** The time a click id was minted at (ISO UTC, as click_events stores it), or undefined for a malformed id. */
export function clickTimeOf(clickId: string): string | undefined {
  if (!CLICK_ID.test(clickId)) return undefined;
  const bytes = Buffer.from(clickId, 'base64url');
  // 22 characters carry 132 bits: an id whose last 4 bits are not zero was not minted here.
  if (bytes.length !== 16 || bytes.toString('base64url') !== clickId) return undefined;
  const ms = bytes.readUIntBE(0, 6);
  const at = new Date(ms);
  return Number.isFinite(at.getTime()) && ms > 0 ? at.toISOString() : undefined;
}
