import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { inRootContext } from './root-context';

/**
 * Decision 0105: routes registered through inRootContext hand their handlers request and reply
 * objects of the root's classes, so the code every request passes through sees one shape; a
 * plain register makes classes of its own.
 */
describe('inRootContext', () => {
  async function classesSeen(register: (app: FastifyInstance, plugin: (s: FastifyInstance) => Promise<void>) => Promise<void>) {
    // Behind the deploy's proxy (TRUST_PROXY): Fastify then gives every context's Request its own
    // `ip` getter, so each encapsulated plugin has a Request class of its own.
    const app = Fastify({ logger: false, trustProxy: true });
    const seen = new Set<unknown>();
    const record = (request: FastifyRequest) => {
      seen.add(Object.getPrototypeOf(request));
      return { ok: true };
    };
    app.get('/root', async (request) => record(request));
    for (const name of ['links', 'stats', 'admin']) {
      const plugin = async (scope: FastifyInstance) => {
        scope.get(`/${name}`, async (request) => record(request));
      };
      Object.defineProperty(plugin, 'name', { value: `${name}Routes` });
      await register(app, plugin);
    }
    for (const url of ['/root', '/links', '/stats', '/admin']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ ok: true });
    }
    await app.close();
    return seen.size;
  }

  it('serves every feature’s routes with the root’s request class', async () => {
    expect(
      await classesSeen(async (app, plugin) => {
        await app.register(inRootContext(plugin));
      }),
    ).toBe(1);
  });

  it('where a plain register gives each feature a class of its own', async () => {
    expect(
      await classesSeen(async (app, plugin) => {
        await app.register(plugin);
      }),
    ).toBe(4);
  });

  it('passes the plugin its options', async () => {
    const app = Fastify({ logger: false });
    await app.register(
      inRootContext(async (scope: FastifyInstance, opts: { greeting: string }) => {
        scope.get('/hello', async () => ({ said: opts.greeting }));
      }),
      { greeting: 'hi' },
    );
    expect((await app.inject({ method: 'GET', url: '/hello' })).json()).toEqual({ said: 'hi' });
    await app.close();
  });
});
