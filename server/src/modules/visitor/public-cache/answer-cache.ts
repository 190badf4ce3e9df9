import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { ALL, type Written } from '../../../db/committed-writes';

/** The two public answers of a profile (spec §7): its link lists and its "about" fields. */
export type AnswerKind = 'links' | 'about';

export type AnswerEncoding = 'br' | 'gzip';

export interface CachedAnswer {
  /** The JSON exactly as sent (serialised once through the route's response schema). */
  body: string;
  /** Its length in bytes (UTF-8). */
  bytes: number;
  /** Compressed copies, made the first time a client asks for one (cached-answer.ts). */
  encoded?: Partial<Record<AnswerEncoding, Buffer>>;
  /** A validator of `body` (ETag → 304). */
  etag: string;
  storedAt: number;
}

export interface AnswerCacheOptions {
  /** Memory budget of the entries (PUBLIC_CACHE_MB); 0 keeps nothing (ETags still work). */
  maxBytes: number;
  /** Oldest an entry may be while every write is heard of (PUBLIC_CACHE_MAX_AGE_S). */
  maxAgeMs: number;
  /** Oldest an entry may be while other nodes' writes may go unheard (the change feed is down). */
  fallbackAgeMs: number;
  now?: () => number;
}

/** Entry bookkeeping beyond the body's characters (object, key, ETag), for the memory budget. */
const ENTRY_OVERHEAD = 160;
/** Recently written profiles remembered for the store check below; forgetting one raises `floor`. */
const WRITTEN_REMEMBERED = 100_000;

/** Weak: the same validator stands for the plain, gzip and brotli forms of one answer (RFC 9110 §8.8.1). */
export const etagOf = (body: string): string => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/**
 * The serialised public answers of profiles (issue 12), least recently used out first within a
 * byte budget. Correctness rests on one rule: an answer read from the database may be stored
 * only if no write to its profile was reported after the read began — otherwise a read that
 * raced a click could put the old count back after the click's invalidation. Each read takes a
 * `stamp()` before it starts; every invalidation advances the clock and records when each
 * profile was last written; `store` refuses an answer whose stamp is older than that (or than
 * `floor`, which an "everything changed" or a forgotten record raises).
 */
export class PublicAnswerCache {
  private readonly entries: LRUCache<string, CachedAnswer> | undefined;
  private readonly writtenAt: LRUCache<string, number>;
  private clock = 0;
  private floor = 0;
  /** False while the change feed is down: entries then live `fallbackAgeMs` only. */
  private live = true;
  private readonly now: () => number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries =
      options.maxBytes > 0
        ? new LRUCache<string, CachedAnswer>({
            maxSize: options.maxBytes,
            // The body counted twice: room for its compressed copies, which are smaller than it.
            sizeCalculation: (a, key) => 2 * a.bytes + key.length + ENTRY_OVERHEAD,
          })
        : undefined;
    this.writtenAt = new LRUCache<string, number>({
      max: WRITTEN_REMEMBERED,
      dispose: (stamp, _id, reason) => {
        if (reason === 'evict') this.floor = Math.max(this.floor, stamp);
      },
    });
  }

  /** Taken before reading the database for an answer; handed back to `store`. */
  stamp(): number {
    return this.clock;
  }

  get(kind: AnswerKind, profileId: string): CachedAnswer | undefined {
    const key = `${kind}:${profileId}`;
    const hit = this.entries?.get(key);
    if (hit === undefined || this.now() - hit.storedAt > (this.live ? this.options.maxAgeMs : this.options.fallbackAgeMs)) {
      if (hit !== undefined) this.entries?.delete(key);
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    return hit;
  }

  /** Lookups answered from memory and not, since start (issue 28: /metrics' hit rate). */
  readonly counts = { hits: 0, misses: 0 };

  /** The answer to send for `body`; kept for the next reader unless a write raced its read. */
  store(kind: AnswerKind, profileId: string, body: string, stamp: number): CachedAnswer {
    const answer: CachedAnswer = { body, bytes: Buffer.byteLength(body), etag: etagOf(body), storedAt: this.now() };
    if (this.entries && stamp >= this.floor && (this.writtenAt.peek(profileId) ?? 0) <= stamp) {
      this.entries.set(`${kind}:${profileId}`, answer);
    }
    return answer;
  }

  invalidate(written: Exclude<Written, undefined>): void {
    this.clock++;
    if (written === ALL) {
      this.floor = this.clock;
      this.entries?.clear();
      this.writtenAt.clear();
      return;
    }
    for (const id of written) {
      this.writtenAt.set(id, this.clock);
      this.entries?.delete(`links:${id}`);
      this.entries?.delete(`about:${id}`);
    }
  }

  /** The change feed's state (change-feed.ts): while down, entries are trusted only briefly. */
  setLive(live: boolean): void {
    this.live = live;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** For tests and diagnostics. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }
}
