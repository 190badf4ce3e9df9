import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { activate, addOffers, browser, engines, signupMember, useTestApp } from '../../test/helpers';

describe.each(engines)('compression of JSON answers (%s)', (engine) => {
  const t = useTestApp(engine);

  it('a large answer arrives compressed (brotli or gzip, as asked) and decodes to the same JSON; a small one does not', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    await addOffers(t.app, m, 20);
    const url = `/api/public/userliks?user_id=${m.userId}`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    // Twice each: once from the database path, once from the cache.
    for (let i = 0; i < 2; i++) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    }

    const small = await t.app.inject({
      method: 'GET',
      url: `/api/public/publicProfile?user_id=${m.userId}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().first_name).toBe('Ada');

    const head = plain.json().pending[0].id;
    const click = await t.app.inject({
      method: 'POST',
      url: '/api/public/increment-clicks',
      headers: browser({ 'accept-encoding': 'br, gzip' }),
      payload: { link_id: head },
    });
    expect(click.statusCode).toBe(200);
    expect(click.headers['content-encoding']).toBeUndefined();
  });

  it("a cached public answer is compressed once and reused; the client's preferences decide the encoding", async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    await addOffers(t.app, m, 20);
    const url = `/api/public/userliks?user_id=${m.userId}`;
    const get = (acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    const plain = await get();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const first = await get('br');
    const kept = t.app.publicAnswers.get('links', m.userId)?.encoded?.br;
    expect(kept).toBeDefined();
    const again = await get('br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.app.publicAnswers.get('links', m.userId)?.encoded?.br).toBe(kept);

    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('x-gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
    expect((await get('deflate')).headers['content-encoding']).toBeUndefined();
    // A conditional request is answered 304 whatever the encoding asked for.
    const etag = String(plain.headers.etag);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('a compressed request body is not inflated: a 400 like any unreadable body, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]),
    });
    expect(res.statusCode).toBe(400);
  });
});
