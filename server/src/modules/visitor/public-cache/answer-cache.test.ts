import { ALL } from '../../../db/committed-writes';
import { PublicAnswerCache } from './answer-cache';

const make = (over: Partial<ConstructorParameters<typeof PublicAnswerCache>[0]> = {}) => {
  let now = 1_000;
  const cache = new PublicAnswerCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000, fallbackAgeMs: 1000, now: () => now, ...over });
  return { cache, advance: (ms: number) => (now += ms) };
};

describe('PublicAnswerCache', () => {
  it('a read that raced a write of its profile is not kept (the old count would come back after the invalidation)', () => {
    const { cache } = make();
    const stamp = cache.stamp();
    cache.invalidate(new Set(['p1'])); // the click commits while the read is in flight
    cache.store('links', 'p1', '{"clicks":0}', stamp);
    expect(cache.get('links', 'p1')).toBeUndefined();
    // A write of another profile does not stop it; a read begun after the write is kept.
    const later = cache.stamp();
    cache.invalidate(new Set(['p2']));
    cache.store('links', 'p1', '{"clicks":1}', later);
    expect(cache.get('links', 'p1')?.body).toBe('{"clicks":1}');
  });

  it('"everything changed" empties it and refuses every read begun before', () => {
    const { cache } = make();
    cache.store('about', 'p1', '{}', cache.stamp());
    const stamp = cache.stamp();
    cache.invalidate(ALL);
    expect(cache.get('about', 'p1')).toBeUndefined();
    cache.store('about', 'p2', '{}', stamp);
    expect(cache.get('about', 'p2')).toBeUndefined();
  });

  it('stays within its byte budget, least recently used out first', () => {
    const { cache } = make({ maxBytes: 10_000 });
    const body = 'x'.repeat(1000);
    for (let i = 0; i < 50; i++) cache.store('links', `p${i}`, body, cache.stamp());
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size.entries).toBeLessThan(10);
    expect(cache.get('links', 'p49')).toBeDefined();
    expect(cache.get('links', 'p0')).toBeUndefined();
  });

  it('entries expire after the max age, and after ~1 s while the change feed is down', () => {
    const { cache, advance } = make();
    cache.store('links', 'p1', '{}', cache.stamp());
    advance(30_000);
    expect(cache.get('links', 'p1')).toBeDefined();
    advance(30_001);
    expect(cache.get('links', 'p1')).toBeUndefined();
    cache.store('links', 'p1', '{}', cache.stamp());
    cache.setLive(false);
    advance(999);
    expect(cache.get('links', 'p1')).toBeDefined();
    advance(2);
    expect(cache.get('links', 'p1')).toBeUndefined();
  });

  it('PUBLIC_CACHE_MB=0 keeps nothing but still gives each answer its ETag', () => {
    const { cache } = make({ maxBytes: 0 });
    const answer = cache.store('links', 'p1', '{"a":1}', cache.stamp());
    expect(answer.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(cache.get('links', 'p1')).toBeUndefined();
  });
});
