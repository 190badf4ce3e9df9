import { randomUUID } from 'node:crypto';
import { activate, engines, secondApp, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { KEY_INVALID, KEY_REUSED } from './idempotency';
import { keyOf, serve, v1, type Answer } from './v1.test-helper';

/** Issue 31: `Idempotency-Key` on the public API's POSTs: a retried create makes one link. */
describe.each(engines)('Idempotency-Key on /api/v1 POSTs (%s)', (engine) => {
  const t = useTestApp(engine);
  let base: string;
  let m: Member;
  let secret: string;
  const url = () => `/api/v1/profiles/${m.userId}/links`;
  const linkCount = async () => (await t.db.selectFrom('links').select('id').where('user_id', '=', m.userId).execute()).length;
  const create = (key: string, body: object = { link: 'https://offer.example.com/once', max_clicks: 10 }, b = base) =>
    v1(b, secret, 'POST', url(), { body, headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    base = await serve(t.app);
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
    secret = (await keyOf(t.app, m, ['links:read', 'links:write'])).secret;
  });

  it('10 parallel retries of one create, on two API nodes, make exactly one link and all get its answer', async () => {
    const node2 = await secondApp(t);
    try {
      const base2 = await serve(node2.app);
      const before = await linkCount();
      const key = randomUUID();
      const answers: Answer[] = await Promise.all(Array.from({ length: 10 }, (_, i) => create(key, undefined, i % 2 ? base2 : base)));
      expect(await linkCount()).toBe(before + 1);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const ids = new Set(answers.map((a) => a.body.id));
      expect(ids.size).toBe(1);
      // One of them ran the create; the nine others replayed its answer.
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
      const later = await create(key);
      expect({ status: later.status, id: later.body.id, replayed: later.headers.get('idempotent-replayed') }).toEqual({
        status: 201,
        id: [...ids][0],
        replayed: 'true',
      });
    } finally {
      await node2.close();
    }
  });

  it('the same body with its keys in another order is the same request; another body or call is a 422', async () => {
    const key = randomUUID();
    const first = await create(key, { link: 'https://offer.example.com/order', max_clicks: 3, name: 'N' });
    const same = await create(key, { name: 'N', max_clicks: 3, link: 'https://offer.example.com/order' });
    expect(same.body.id).toBe(first.body.id);
    const before = await linkCount();
    const changed = await create(key, { link: 'https://offer.example.com/other', max_clicks: 3, name: 'N' });
    expect(changed).toMatchObject({ status: 422, body: { code: 'idempotency-key-reused', message: KEY_REUSED, error: KEY_REUSED } });
    const elsewhere = await v1(base, secret, 'POST', `/api/v1/profiles/${m.userId}/links/${first.body.id}/pause`, {
      headers: { 'idempotency-key': key },
    });
    expect(elsewhere).toMatchObject({ status: 422, body: { code: 'idempotency-key-reused' } });
    expect(await linkCount()).toBe(before);
  });

  it('keys are per account, expire after 24 hours, and a refusal is replayed like a success', async () => {
    const other = await signupMember(t.app);
    await activate(t.db, other.userId);
    const theirSecret = (await keyOf(t.app, other, ['links:write'])).secret;
    const key = randomUUID();
    const mine = await create(key);
    const theirs = await v1(base, theirSecret, 'POST', `/api/v1/profiles/${other.userId}/links`, {
      body: { link: 'https://offer.example.com/once', max_clicks: 10 },
      headers: { 'idempotency-key': key },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);

    // 24 hours later the key is forgotten: the same request makes a new link.
    await t.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('idem_key', '=', key)
      .execute();
    const fresh = await create(key);
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(mine.body.id);

    // A rule's refusal is the request's answer too: the retry gets it again, without running it.
    const badKey = randomUUID();
    const bad = await create(badKey, { link: 'ftp://nope', max_clicks: 1 });
    const again = await create(badKey, { link: 'ftp://nope', max_clicks: 1 });
    expect(bad.status).toBe(400);
    expect({ status: again.status, body: again.body, replayed: again.headers.get('idempotent-replayed') }).toEqual({
      status: 400,
      body: bad.body,
      replayed: 'true',
    });
  });

  it('refuses a malformed key; without a key each POST runs on its own', async () => {
    const long = await create('x'.repeat(256));
    expect(long).toMatchObject({ status: 400, body: { code: 'idempotency-key-invalid', message: KEY_INVALID } });
    const before = await linkCount();
    await v1(base, secret, 'POST', url(), { body: { link: 'https://offer.example.com/twice' } });
    await v1(base, secret, 'POST', url(), { body: { link: 'https://offer.example.com/twice' } });
    expect(await linkCount()).toBe(before + 2);
  });
});
