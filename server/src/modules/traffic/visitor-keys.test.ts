import { engines, useTestApp } from '../../../test/helpers';
import { VisitorHasher } from './visitor-keys';

/** The visitor hash (issue 14): same person, same day → same hash; next day → another; no old keys kept. */
describe.each(engines)('visitor hash (%s)', (engine) => {
  const t = useTestApp(engine);
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0';

  it('is stable within a UTC day, differs per address and browser, and changes with the day', async () => {
    let now = new Date('2031-03-04T00:00:01Z');
    const hasher = new VisitorHasher(t.db, () => now);
    const a = await hasher.hash('198.51.100.1', UA);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    now = new Date('2031-03-04T23:59:59Z');
    expect(await hasher.hash('198.51.100.1', UA)).toBe(a);
    expect(await hasher.hash('198.51.100.2', UA)).not.toBe(a);
    expect(await hasher.hash('198.51.100.1', `${UA} x`)).not.toBe(a);
    // Another API node hashes alike: the day's key is shared through the database.
    expect(await new VisitorHasher(t.db, () => now).hash('198.51.100.1', UA)).toBe(a);
    now = new Date('2031-03-05T00:00:00Z');
    expect(await hasher.hash('198.51.100.1', UA)).not.toBe(a);
    // Yesterday's key is gone: its hashes can no longer be recomputed from an address.
    expect((await t.db.selectFrom('visitor_keys').select('day').execute()).map((r) => r.day)).toEqual(['2031-03-05']);
  });

  it('many first requests of a day at once agree on one key', async () => {
    const now = () => new Date('2032-01-01T12:00:00Z');
    const hashers = [new VisitorHasher(t.db, now), new VisitorHasher(t.db, now), new VisitorHasher(t.db, now)];
    const hashes = await Promise.all(Array.from({ length: 30 }, (_, i) => hashers[i % 3].hash('198.51.100.9', UA)));
    expect(new Set(hashes).size).toBe(1);
  });
});
